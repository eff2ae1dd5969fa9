// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_USER, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '../generated';
import { alertsServer } from '../testServer';
import { QuietDaysSettings } from './QuietDaysSettings';

beforeAll(stubBrowser);
afterEach(cleanup);

const ADMIN = { ...TEST_USER, companyAdmin: true };

function renderSettings(server: FakeServer) {
  return renderWithShell(<QuietDaysSettings />, { server, moduleKey: 'alerts', user: ADMIN });
}

const daysField = () => screen.findByRole('textbox', { name: /Offer to close a signature's ticket after/ });

describe('QuietDaysSettings', () => {
  it('checks the days and saves them for a company admin', async () => {
    const server = alertsServer()
      .on('GET', '/api/m/alerts/settings', { quiet_days: 7 })
      .on('PUT', '/api/m/alerts/settings', ({ body }) => body);
    const shell = renderSettings(server);
    const field = await daysField();
    expect(field).toHaveProperty('value', '7');

    fireEvent.change(field, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.QUIET_DAYS_RANGE)).toBeTruthy();
    expect(server.requestsTo('PUT', '/api/m/alerts/settings')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shell.notifications).toContainEqual({ message: 'Settings saved', kind: 'success' }));
    expect(server.requestsTo('PUT', '/api/m/alerts/settings').map((request) => request.body)).toEqual([
      { quiet_days: 14 },
    ]);
  });

  it('shows the server’s refusal under the field', async () => {
    const server = alertsServer()
      .on('GET', '/api/m/alerts/settings', { quiet_days: 7 })
      .on('PUT', '/api/m/alerts/settings', reply(403, { message: 'Only a company admin may change these settings' }));
    renderSettings(server);
    fireEvent.change(await daysField(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Only a company admin may change these settings')).toBeTruthy();
  });
});
