// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { STAGE_LABELS } from '@common/domain/vocabulary';
import { WIP_MESSAGE } from './wip';
import { WipSettingsModal } from './WipSettingsModal';

beforeAll(stubBrowser);
afterEach(cleanup);

const WIP = { idea: null, assessment: 5, analysis: null, development: 3, testing: null, live: null };

function renderDialog() {
  const onClose = vi.fn();
  const server = fakeServer()
    .on('GET', '/api/m/board/settings', { wip: WIP })
    .on('PUT', '/api/m/board/settings', ({ body }) => body);
  const shell = renderWithShell(
    <WipSettingsModal opened userId="user-1" labelOf={(key) => STAGE_LABELS[key]} onClose={onClose} />,
    { server, moduleKey: 'board', rightsKey: 'process' },
  );
  return { ...shell, onClose };
}

describe('WipSettingsModal', () => {
  it("shows each column's limit, empty for none", async () => {
    renderDialog();

    expect(screen.getByRole('dialog', { name: 'WIP limits' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Assessment' })).toHaveProperty('value', '5');
    expect(screen.getByRole('textbox', { name: 'Development' })).toHaveProperty('value', '3');
    expect(screen.getByRole('textbox', { name: 'Idea' })).toHaveProperty('value', '');
  });

  it('refuses a limit that is not a whole number from 1 to 99', async () => {
    const { server } = renderDialog();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Testing' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(WIP_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Testing' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('PUT', '/api/m/board/settings')).toEqual([]);
  });

  it('saves every limit, null for none', async () => {
    const { server, notifications, onClose } = renderDialog();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Assessment' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Testing' }), { target: { value: ' 7 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('PUT', '/api/m/board/settings').map((request) => request.body)).toEqual([
      { wip: { ...WIP, assessment: null, testing: 7 } },
    ]);
    expect(notifications).toEqual([{ message: 'WIP limits saved', kind: 'success' }]);
  });
});
