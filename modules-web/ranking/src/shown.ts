/** The ranking as the page shows it: the processes the filters leave, and the table's sort of them. */

import { sortRows } from '@common/lib/sort';
import type { RankedProcess } from './api';
import type { RankingFilters, SortField } from './urlState';

function matches(item: RankedProcess, filters: RankingFilters): boolean {
  const q = filters.q.trim().toLowerCase();
  if (q && !item.name.toLowerCase().includes(q)) return false;
  if (filters.department && item.department !== filters.department) return false;
  return !filters.bucket || item.bucket === filters.bucket;
}

/** The processes the filters leave, in rank order; their ranks stay those of the whole ranking. */
export function matchingItems(items: readonly RankedProcess[], filters: RankingFilters): RankedProcess[] {
  return items.filter((item) => matches(item, filters));
}

/** The table's rows in `sort` (a field, `-` first for descending), by rank within equal values. */
export function sortedItems(items: readonly RankedProcess[], sort: string): RankedProcess[] {
  return sortRows(
    items,
    sort,
    (item, field: SortField) => item[field],
    (a, b) => a.rank - b.rank,
  );
}

/** The departments to filter by: those of the ranked processes, and the one chosen even if none has it now. */
export function departmentOptions(items: readonly RankedProcess[], chosen: string | null): string[] {
  const names = new Set(items.flatMap((item) => (item.department ? [item.department] : [])));
  if (chosen) names.add(chosen);
  return [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}
