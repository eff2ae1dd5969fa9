// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { RankingAnswer } from './api';
import RankingPage from './RankingPage';
import { aRanked } from './testFixtures';

beforeAll(stubBrowser);
afterEach(cleanup);

const SAVED = { benefit: 50, ease: 30, potential: 20 };
const ITEMS = [
  aRanked({ rank: 1, id: 'p1', name: 'Invoice matching', department: 'Finance', bucket: 'quick_win' }),
  aRanked({ rank: 2, id: 'p2', name: 'Claims intake', department: 'Operations', bucket: 'strategic' }),
];

/** `GET /ranking` answers the weights asked for (the saved ones without any). */
function rankingServer(): FakeServer {
  return fakeServer().on('GET', '/api/m/ranking/ranking', (request) => {
    const asked = request.query.has('benefit')
      ? {
          benefit: Number(request.query.get('benefit')),
          ease: Number(request.query.get('ease')),
          potential: Number(request.query.get('potential')),
        }
      : SAVED;
    const answer: RankingAnswer = { available: true, weights: asked, saved: SAVED, items: ITEMS, formula: 'score' };
    return answer;
  });
}

function renderPage(url = '/ProcessRanking', server = rankingServer()) {
  return renderWithShell(<RankingPage />, { server, moduleKey: 'ranking', rightsKey: 'process', url });
}

const table = () => screen.findByRole('table', { name: 'Process ranking' });
const shownNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('RankingPage', { timeout: 15_000 }, () => {
  it('opens a process in Process Vault from its row or its name', async () => {
    const { location } = renderPage();
    const row = within(await table()).getByRole('row', { name: /Claims intake/ });
    fireEvent.click(within(row).getAllByRole('cell')[3]!);
    expect(location().pathname + location().search).toBe('/Process?process=p2');

    cleanup();
    const again = renderPage();
    const link = within(await table()).getByRole('link', { name: 'Invoice matching' });
    expect(link.getAttribute('href')).toBe('/Process?process=p1');
    fireEvent.click(link);
    expect(again.location().search).toBe('?process=p1');
  });

  it('shows the filters and sort the URL holds, and keeps a change in it', async () => {
    const { location } = renderPage('/ProcessRanking?department=Operations');
    await waitFor(async () => expect(await shownNames()).toEqual(['Claims intake']));
    expect(screen.getByText('1 of 2 processes')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveProperty('value', 'Operations');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['Invoice matching', 'Claims intake']));
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['Claims intake', 'Invoice matching']));
    expect(location().search).toBe('?sort=name');
  });

  it('says when no process matches, and clears the filters', async () => {
    renderPage('/ProcessRanking?q=payroll');
    expect(await screen.findByText('No processes match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await shownNames()).toEqual(['Invoice matching', 'Claims intake']);
  });

  it("asks for a linked what-if's weights, shows them as not saved, and leaves the URL on Reset", async () => {
    const server = rankingServer();
    const { location } = renderPage('/ProcessRanking?bucket=quick_win&benefit=50&ease=100&potential=20', server);
    expect(await screen.findByText('What-if, not saved')).toBeTruthy();
    const asked = server.requestsTo('GET', '/api/m/ranking/ranking').map((request) => request.query.toString());
    expect(asked[0]).toBe('benefit=50&ease=100&potential=20');
    // The chart (a canvas, where a browser draws) reads out the processes the filter keeps.
    const chart = 'Benefit against effort: 1 quick wins, 0 strategic, 0 long-term. The table lists every process.';
    expect(await screen.findByRole('img', { name: chart })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location().search).toBe('?bucket=quick_win'), { timeout: 3000 });
    expect(screen.queryByText('What-if, not saved')).toBeNull();
  });
});
