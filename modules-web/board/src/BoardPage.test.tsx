// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ADA, GRACE } from '@common/domain/testFixtures';
import type { BoardCard } from './api';
import BoardPage from './BoardPage';
import type { Move } from './generated';
import { movedCard } from './move';
import { aBoard, aCard } from './testFixtures';

beforeAll(stubBrowser);
afterEach(cleanup);

/** A board plugin holding `cards`: a move changes the card's column and version, as the plugin does. */
function boardServer(initial: BoardCard[]) {
  let cards = initial;
  return fakeServer()
    .on('GET', '/api/m/board/board', () => aBoard(cards))
    .on('GET', '/api/m/board/people', [ADA, GRACE])
    .on('POST', '/api/master/list', { data: [] })
    .on('POST', '/api/m/board/cards/:id/move', ({ params, body }) => {
      const { to, stage } = body as Move;
      cards = cards.map((card) =>
        card.process_id === params.id ? { ...movedCard(card, to, stage), version: card.version + 1 } : card,
      );
      return { card: cards.find((card) => card.process_id === params.id) };
    });
}

function renderPage(cards: BoardCard[], url = '/ProcessBoard') {
  return renderWithShell(<BoardPage />, { server: boardServer(cards), moduleKey: 'board', rightsKey: 'process', url });
}

/** The names of the cards in a column (its list is named after it). */
const namesIn = (column: string) =>
  within(screen.getByRole('list', { name: column }))
    .getAllByRole('button', { name: /^Open / })
    .map((button) => button.textContent);

function moveWithMenu(name: string, column: string) {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: column }));
}

// A whole page renders in each: more time than a form's test.
describe('BoardPage', { timeout: 15_000 }, () => {
  it('acknowledges a move, and Undo moves the card back through the same API', async () => {
    const { server } = renderPage([aCard('p1', 'idea', { name: 'Invoice matching' })]);
    await screen.findByRole('button', { name: 'Open Invoice matching' });

    moveWithMenu('Invoice matching', 'Analysis');
    expect(await screen.findByText('Moved Invoice matching to Analysis')).toBeTruthy();
    expect(namesIn('Analysis')).toEqual(['Invoice matching']);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Moved Invoice matching back to Idea')).toBeTruthy();
    expect(namesIn('Idea')).toEqual(['Invoice matching']);
    // An undo is not undone in turn.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    // The undo sends the version the move answered.
    expect(server.requestsTo('POST', '/api/m/board/cards/p1/move').map((request) => request.body)).toEqual([
      { to: 'analysis', version: 1 },
      { to: 'idea', version: 2, stage: 'idea' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Moved Invoice matching back to Idea')).toBeNull());
  });

  it('puts a retired card back retired, not rejected as a plain move to the closed column would', async () => {
    const { server } = renderPage([aCard('p1', 'closed', { name: 'Old report', stage: 'retired' })]);
    await screen.findByRole('button', { name: 'Open Old report' });

    moveWithMenu('Old report', 'Idea');
    expect(await screen.findByText('Moved Old report to Idea')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Moved Old report back to Retired or Rejected')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/board/cards/p1/move').map((request) => request.body)).toEqual([
      { to: 'idea', version: 1 },
      { to: 'closed', version: 2, stage: 'retired' },
    ]);
    await waitFor(() => expect(namesIn('Retired or Rejected')).toEqual(['Old report']));
  });

  it('reads its filters and swimlanes from the URL and keeps changes there', async () => {
    const shell = renderPage(
      [aCard('p1', 'idea', { name: 'Invoice matching', health: 'at_risk' })],
      '/ProcessBoard?q=Invoice&health=at_risk&lanes=owner',
    );
    await screen.findByRole('button', { name: 'Open Invoice matching' });

    const reads = shell.server.requestsTo('GET', '/api/m/board/board');
    expect(Object.fromEntries(reads[0]!.query)).toEqual({ q: 'Invoice', health: 'at_risk' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'Invoice');
    expect(screen.getByRole('radio', { name: 'Owner' })).toHaveProperty('checked', true);
    expect(screen.getByText('1 card matches the filters')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Department' }));
    await waitFor(() => expect(shell.location().search).toBe('?q=Invoice&health=at_risk&lanes=department'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(shell.location().search).toBe('?lanes=department'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', ''));
    expect(Object.fromEntries(shell.server.requestsTo('GET', '/api/m/board/board').at(-1)!.query)).toEqual({});
  });
});
