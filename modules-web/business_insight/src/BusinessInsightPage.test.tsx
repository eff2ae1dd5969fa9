// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import BusinessInsightPage from './BusinessInsightPage';
import { benefits, overview } from './testFixtures';
import type { Overview, OverviewAnswer } from './types';

beforeAll(stubBrowser);
afterEach(cleanup);

const OVERVIEW = '/api/m/business_insight/overview';
/** The page and its lazy parts load slowly under a busy test run. */
const LOADED = { timeout: 10_000 };

/** January 2024, before the company's first run. */
function withoutRunData(): Overview {
  const year = overview();
  return {
    ...year,
    range: { from: '2024-01-01', to: '2024-01-31', start: 1_704_067_200, end: 1_706_745_600, days: 31 },
    data: null,
    years: 0,
    totals: benefits(),
    by_month: [{ month: '2024-01', days: 31, data_days: 0, ...benefits() }],
    by_department: [],
    by_process: [],
  };
}

function renderPage(url: string, answer: OverviewAnswer) {
  const server = fakeServer().on('GET', OVERVIEW, answer);
  return renderWithShell(<BusinessInsightPage />, { server, moduleKey: 'business_insight', url });
}

describe('BusinessInsightPage', { timeout: 20_000 }, () => {
  it('names a module the person may not open, and one that is not installed', async () => {
    renderPage('/BusinessInsight', { available: false, missing: [], restricted: ['vault'] });
    expect(await screen.findByText('Your rights do not allow Process Vault', {}, LOADED)).toBeTruthy();
    expect(screen.getByText(/shows them only to people who may open both/)).toBeTruthy();
    cleanup();

    renderPage('/BusinessInsight', { available: false, missing: ['bots'], restricted: ['vault'] });
    expect(await screen.findByText('Bot Profile is not available', {}, LOADED)).toBeTruthy();
  });

  it('shows the days with runs by default: it names no days and shows those the plugin chose', async () => {
    const { server } = renderPage('/BusinessInsight', overview());

    await screen.findByTestId('kpi-cost-saved-value', {}, LOADED);
    const [request] = server.requestsTo('GET', OVERVIEW);
    expect(Object.fromEntries(request!.query)).toEqual({});
    expect(screen.getByRole('radio', { name: 'Days with runs' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('run-data-note').textContent).toBe(
      "Run data from 2024-11-02 to 2026-01-10. Estimates (the Process Vault's yearly benefits of live processes) and licence costs (each bot's shared equally by the processes it runs) are prorated to the 365 days of run data in the range (2025-01-01 to 2025-12-31).",
    );
    expect(screen.queryByText('No runs in these days')).toBeNull();

    // Custom days start from the days shown.
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2025-01-01');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2025-12-31');
  });

  it('says from when to when there is run data when the range has none, and shows it on a click', async () => {
    const { server, location } = renderPage(
      '/BusinessInsight?range=custom&from=2024-01-01&to=2024-01-31',
      withoutRunData(),
    );

    const notice = await screen.findByRole('alert', { name: 'No runs in these days' }, LOADED);
    expect(within(notice).getByText(/^Run data from 2024-11-02 to 2026-01-10\./)).toBeTruthy();
    expect(screen.queryByText('Nothing to show for these days')).toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: 'Show the days with runs' }));

    expect(location().search).toBe('');
    await waitFor(() => expect(server.requestsTo('GET', OVERVIEW)).toHaveLength(2));
    expect(Object.fromEntries(server.requestsTo('GET', OVERVIEW)[1]!.query)).toEqual({});
  });

  it('says when no run came yet, with nothing to click', async () => {
    renderPage('/BusinessInsight', { ...withoutRunData(), run_data: null });

    const notice = await screen.findByRole('alert', { name: 'No run data yet' }, LOADED);
    expect(within(notice).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('run-data-note').textContent).toMatch(
      /^No run data yet\. .* are prorated to the days of run data in the range: none\.$/,
    );
  });
});
