// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { mediaQueries, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { BOT } from '../testFixtures';
import type { BotStatus } from '../types';
import { BotTable } from './BotTable';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const RUNNING: BotStatus = {
  bot: BOT.name,
  id: BOT.id,
  status: 'running',
  running: 1,
  running_since: null,
  last_event_at: null,
};

function renderOnPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(mediaQueries((query) => query.includes('max-width')));
  const actions = { onOpen: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const other = { ...BOT, id: 'b2', name: 'Payroll bot', processes: ['Payroll check'], machine: null };
  renderWithShell(
    <BotTable
      bots={[BOT, other]}
      statuses={new Map([[BOT.name, RUNNING]])}
      statusesLoading={false}
      people={indexPeople([ADA])}
      currency={{ code: 'USD', symbol: '$' }}
      sort="name"
      onSort={() => undefined}
      stale={false}
      {...actions}
    />,
  );
  return actions;
}

describe('BotTable on a phone', () => {
  it('is a list of cards: each bot with its live status and facts, opened by its name', () => {
    const actions = renderOnPhone();
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(screen.getByRole('list', { name: 'Bots' })).getAllByRole('listitem');
    expect(within(first!).getByText('Running')).toBeTruthy();
    expect(within(first!).getByText('Unattended · UiPath · VM-01 · Ada Lovelace')).toBeTruthy();
    expect(within(first!).getByText(/^Licence \/ year \$7,300(\.00)? · 2 processes · Last run event —$/)).toBeTruthy();
    expect(within(second!).getByText(/· 1 process ·/)).toBeTruthy();
    expect(within(second!).getByText('—')).toBeTruthy();

    fireEvent.click(within(second!).getByRole('button', { name: 'Payroll bot' }));
    expect(actions.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'b2' }));
  });
});
