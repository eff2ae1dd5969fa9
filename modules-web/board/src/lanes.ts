/** Swimlanes: the board's cards split into rows by department or owner, each row split by column. */

import type { BoardCard, ColumnKey } from './api';

export type LaneMode = 'none' | 'department' | 'owner';

export const LANE_MODES: readonly { value: LaneMode; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'department', label: 'Department' },
  { value: 'owner', label: 'Owner' },
];

export interface Lane {
  /** The department name or owner id; '' for cards without one (and for the one lane of mode `none`). */
  key: string;
  label: string;
  /** The lane's cards per column, in the board's order. */
  cells: Record<ColumnKey, BoardCard[]>;
  total: number;
}

function emptyCells(columns: readonly ColumnKey[]): Record<ColumnKey, BoardCard[]> {
  return Object.fromEntries(columns.map((column) => [column, [] as BoardCard[]])) as Record<ColumnKey, BoardCard[]>;
}

/**
 * The lanes of `cards`: one for mode `none`, else one per department or owner, by label,
 * the lane of cards without one last. Cards of a column not in `columns` are left out.
 */
export function groupIntoLanes(
  cards: readonly BoardCard[],
  columns: readonly ColumnKey[],
  mode: LaneMode,
  ownerName: (userId: string) => string,
): Lane[] {
  const keyOf = (card: BoardCard): string =>
    mode === 'department' ? (card.department ?? '') : mode === 'owner' ? (card.owner_id ?? '') : '';
  const labelOf = (key: string): string => {
    if (mode === 'none') return 'All cards';
    if (key === '') return mode === 'department' ? 'No department' : 'No owner';
    return mode === 'owner' ? ownerName(key) : key;
  };

  const lanes = new Map<string, Lane>();
  if (mode === 'none') lanes.set('', { key: '', label: labelOf(''), cells: emptyCells(columns), total: 0 });
  for (const card of cards) {
    const key = keyOf(card);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { key, label: labelOf(key), cells: emptyCells(columns), total: 0 };
      lanes.set(key, lane);
    }
    const cell = lane.cells[card.column];
    if (!cell) continue;
    cell.push(card);
    lane.total += 1;
  }
  return [...lanes.values()].sort((a, b) => {
    if ((a.key === '') !== (b.key === '')) return a.key === '' ? 1 : -1;
    return a.label.localeCompare(b.label);
  });
}
