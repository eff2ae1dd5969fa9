import { describe, expect, it } from 'vitest';

import { applyMove, isAtLimit, movedCard, patchCard, revertMove, stageAfterMove, undoTarget } from './move';
import { aBoard, aCard, counts } from './testFixtures';

describe('stageAfterMove', () => {
  it("gives a column's stage", () => {
    expect(stageAfterMove({ stage: 'idea' }, 'analysis')).toBe('analysis');
    expect(stageAfterMove({ stage: 'retired' }, 'live')).toBe('live');
  });

  it('gives the stage a move asks for', () => {
    expect(stageAfterMove({ stage: 'idea' }, 'closed', 'retired')).toBe('retired');
  });

  it('retires a live process and rejects any other in the closed column', () => {
    expect(stageAfterMove({ stage: 'live' }, 'closed')).toBe('retired');
    expect(stageAfterMove({ stage: 'testing' }, 'closed')).toBe('rejected');
    expect(stageAfterMove({ stage: 'idea' }, 'closed')).toBe('rejected');
  });
});

describe('undoTarget', () => {
  const undoOf = (before: ReturnType<typeof aCard>, to: Parameters<typeof movedCard>[1]) =>
    undoTarget(before, movedCard(before, to));

  it('moves the card back to the column and stage it came from', () => {
    expect(undoOf(aCard('a', 'idea'), 'analysis')).toEqual({ column: 'idea', stage: 'idea' });
    expect(undoOf(aCard('a', 'live'), 'closed')).toEqual({ column: 'live', stage: 'live' });
    expect(undoOf(aCard('a', 'testing'), 'closed')).toEqual({ column: 'testing', stage: 'testing' });
  });

  it('takes a closed card back as retired or rejected, whichever it was', () => {
    expect(undoOf(aCard('a', 'closed', { stage: 'rejected' }), 'idea')).toEqual({
      column: 'closed',
      stage: 'rejected',
    });
    expect(undoOf(aCard('a', 'closed', { stage: 'retired' }), 'idea')).toEqual({ column: 'closed', stage: 'retired' });
    expect(undoOf(aCard('a', 'closed', { stage: 'rejected' }), 'live')).toEqual({
      column: 'closed',
      stage: 'rejected',
    });
  });
});

describe('isAtLimit', () => {
  it('is at the limit when the count reaches it, or passed it', () => {
    expect(isAtLimit({ count: 2, wip_limit: 3 })).toBe(false);
    expect(isAtLimit({ count: 3, wip_limit: 3 })).toBe(true);
    expect(isAtLimit({ count: 5, wip_limit: 3 })).toBe(true);
  });

  it('never is without a limit', () => {
    expect(isAtLimit({ count: 500, wip_limit: null })).toBe(false);
  });
});

describe('the optimistic move', () => {
  const board = aBoard([aCard('a', 'idea'), aCard('b', 'idea'), aCard('c', 'live')]);

  it("moves the card at once, with its new stage and both columns' counts", () => {
    const moved = applyMove(board, 'a', 'analysis');
    const card = moved.cards.find((item) => item.process_id === 'a');
    expect(card).toMatchObject({ column: 'analysis', stage: 'analysis' });
    expect(counts(moved)).toMatchObject({ idea: 1, analysis: 1 });
    // The board it came from is left as it was (it is the query's cached value).
    expect(counts(board)).toMatchObject({ idea: 2, analysis: 0 });
  });

  it('retires a live card moved to the closed column', () => {
    const moved = applyMove(board, 'c', 'closed');
    expect(moved.cards.find((card) => card.process_id === 'c')).toMatchObject({ column: 'closed', stage: 'retired' });
    expect(counts(moved)).toMatchObject({ live: 0, closed: 1 });
  });

  it('changes nothing for a card not on the board or already in the column', () => {
    expect(applyMove(board, 'zz', 'live')).toBe(board);
    expect(applyMove(board, 'a', 'idea')).toBe(board);
  });

  it('puts the card back as it was when the server refuses the move', () => {
    const original = board.cards[0]!;
    const rolledBack = revertMove(applyMove(board, 'a', 'testing'), original);
    expect(rolledBack.cards).toEqual(board.cards);
    expect(counts(rolledBack)).toEqual(counts(board));
  });

  it('puts back only the refused card: another move in flight keeps its place', () => {
    const both = applyMove(applyMove(board, 'a', 'testing'), 'b', 'development');
    const rolledBack = revertMove(both, board.cards[0]!);
    expect(rolledBack.cards.map((card) => [card.process_id, card.column])).toEqual([
      ['a', 'idea'],
      ['b', 'development'],
      ['c', 'live'],
    ]);
    expect(counts(rolledBack)).toMatchObject({ idea: 1, testing: 0, development: 1 });
  });

  it('changes nothing when the card left the board meanwhile', () => {
    const without = aBoard([aCard('b', 'idea')]);
    expect(revertMove(without, board.cards[0]!)).toBe(without);
  });

  it("takes a card's new version (and other fields) from the server's answer", () => {
    const patched = patchCard(board, 'a', { version: 5 });
    expect(patched.cards[0]).toMatchObject({ process_id: 'a', version: 5, column: 'idea' });
    expect(patched.cards[1]).toBe(board.cards[1]);
    expect(patchCard(board, 'zz', { version: 5 })).toBe(board);
  });
});
