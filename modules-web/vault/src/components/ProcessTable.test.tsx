// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { mediaQueries, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { aProcess } from '../testFixtures';
import { ProcessTable } from './ProcessTable';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderTable() {
  const actions = { onOpen: vi.fn(), onEdit: vi.fn(), onAssess: vi.fn(), onDelete: vi.fn() };
  const processes = [
    aProcess({ owner_id: ADA.user_id }),
    aProcess({ id: 'p2', name: 'Payroll check', owner_id: null }),
  ];
  renderWithShell(
    <ProcessTable
      processes={processes}
      people={indexPeople([ADA])}
      sort="-updated_at"
      onSort={() => undefined}
      stale={false}
      {...actions}
    />,
  );
  return actions;
}

describe('ProcessTable', () => {
  it('is a table with a row per process on a wide screen', () => {
    renderTable();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('is a list of cards on a phone, each opened by its name, its actions in its menu', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(mediaQueries((query) => query.includes('max-width')));
    const actions = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Processes' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Analysis')).toBeTruthy();
    expect(first.getByText('At risk')).toBeTruthy();
    expect(first.getByText(/^Finance · Ada Lovelace · Updated/)).toBeTruthy();
    expect(first.getByText(/^Benefit \/ year \$56,160 · Potential 72(\.0)? % · Ease 71$/)).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: 'Invoice matching' }));
    expect(actions.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));

    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Actions for Payroll check' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Assess' }));
    expect(actions.onAssess).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }));
    expect(actions.onOpen).toHaveBeenCalledTimes(1);
  });
});
