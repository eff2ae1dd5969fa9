/** Board answers for the unit tests (not part of the remote: nothing it builds imports this). */

import { COLUMN_KEYS, COLUMN_LABELS, type BoardAnswer, type BoardCard, type ColumnKey } from './api';

export function aCard(process_id: string, column: ColumnKey, changes: Partial<BoardCard> = {}): BoardCard {
  return {
    process_id,
    version: 1,
    name: `Process ${process_id}`,
    department: null,
    owner_id: null,
    health: 'on_track',
    stage: column === 'closed' ? 'rejected' : column,
    column,
    assignee_id: null,
    due: null,
    comments: 0,
    ...changes,
  };
}

/** A board of `cards`, every column counted from them, with these WIP limits. */
export function aBoard(cards: BoardCard[], limits: Partial<Record<ColumnKey, number>> = {}): BoardAnswer {
  return {
    available: true,
    columns: COLUMN_KEYS.map((key) => ({
      key,
      label: COLUMN_LABELS[key],
      wip_limit: limits[key] ?? null,
      count: cards.filter((card) => card.column === key).length,
    })),
    cards,
  };
}

/** Each column's count, by key. */
export const counts = (board: BoardAnswer) =>
  Object.fromEntries(board.columns.map((column) => [column.key, column.count]));
