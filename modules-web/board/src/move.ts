/** The board's moves as the client applies them before the server answers (the server's rules, transitions.rs). */

import type { BoardAnswer, BoardCard, BoardColumn, ColumnKey } from './api';

/**
 * The stage a move to `to` gives the card: the one `asked` for (an undo's), else the closed
 * column retires a live card and rejects any other.
 */
export function stageAfterMove(card: Pick<BoardCard, 'stage'>, to: ColumnKey, asked?: string): string {
  if (asked) return asked;
  if (to === 'closed') return card.stage === 'live' ? 'retired' : 'rejected';
  return to;
}

/** The card as a move to `to` leaves it (before the server answers with its new version). */
export function movedCard(card: BoardCard, to: ColumnKey, stage?: string): BoardCard {
  return { ...card, column: to, stage: stageAfterMove(card, to, stage) };
}

/** Where an undo puts a card back: its column and its stage there (the closed column holds two). */
export interface UndoTarget {
  column: ColumnKey;
  stage: string;
}

/** What puts `before` back exactly after the move that left it `moved`; null when it did not change column. */
export function undoTarget(before: BoardCard, moved: BoardCard): UndoTarget | null {
  if (before.column === moved.column || !before.stage) return null;
  return { column: before.column, stage: before.stage };
}

/** Whether a column holds as many cards as its WIP limit allows, or more. */
export function isAtLimit(column: Pick<BoardColumn, 'count' | 'wip_limit'>): boolean {
  return column.wip_limit !== null && column.wip_limit !== undefined && column.count >= column.wip_limit;
}

function recount(columns: readonly BoardColumn[], from: ColumnKey, to: ColumnKey): BoardColumn[] {
  return columns.map((column) => {
    if (column.key === from) return { ...column, count: Math.max(column.count - 1, 0) };
    if (column.key === to) return { ...column, count: column.count + 1 };
    return column;
  });
}

/**
 * The board with the card moved to `to` (its stage and both columns' counts too); unchanged
 * when the card is not there or already in `to`.
 */
export function applyMove(board: BoardAnswer, processId: string, to: ColumnKey, stage?: string): BoardAnswer {
  const card = board.cards.find((item) => item.process_id === processId);
  if (!card || card.column === to) return board;
  return {
    ...board,
    columns: recount(board.columns, card.column, to),
    cards: board.cards.map((item) => (item.process_id === processId ? movedCard(item, to, stage) : item)),
  };
}

/**
 * The board with the card put back as it was before a failed move. Only that card is put
 * back (other moves in flight keep theirs), with the counts of the columns it leaves and returns to.
 */
export function revertMove(board: BoardAnswer, original: BoardCard): BoardAnswer {
  const current = board.cards.find((item) => item.process_id === original.process_id);
  if (!current) return board;
  const columns =
    current.column === original.column ? board.columns : recount(board.columns, current.column, original.column);
  return {
    ...board,
    columns,
    cards: board.cards.map((item) => (item.process_id === original.process_id ? original : item)),
  };
}

/** The board with some fields of one card replaced (the version a move answers, a new assignee, ...). */
export function patchCard(board: BoardAnswer, processId: string, changes: Partial<BoardCard>): BoardAnswer {
  if (!board.cards.some((item) => item.process_id === processId)) return board;
  return {
    ...board,
    cards: board.cards.map((item) => (item.process_id === processId ? { ...item, ...changes } : item)),
  };
}
