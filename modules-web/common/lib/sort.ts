/** A list's sort as its API takes it: a field, `-` first for descending. */

/** The next sort when a column header is clicked: ascending first, then descending. */
export function nextSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

/** How a column is sorted now, as `aria-sort` says it. */
export function sortDirection(current: string, field: string): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  return current === `-${field}` ? 'descending' : 'none';
}

/** `sort` when it names one of `fields` (either direction), else `fallback`. */
export function validSort(sort: string | null, fields: readonly string[], fallback: string): string {
  if (!sort) return fallback;
  return fields.includes(sort.startsWith('-') ? sort.slice(1) : sort) ? sort : fallback;
}

/** What a row is sorted by in a field: text, a number, or null (blank text too), which goes last either way. */
export type SortKey = string | number | null;

function compareKeys(x: SortKey, y: SortKey, direction: number): number {
  const [blankX, blankY] = [x === null || x === '', y === null || y === ''];
  if (blankX || blankY) return Number(blankX) - Number(blankY);
  if (typeof x === 'number' && typeof y === 'number') return (x - y) * direction;
  return String(x).localeCompare(String(y), undefined, { sensitivity: 'base' }) * direction;
}

/**
 * Rows a page holds whole, sorted by `sort` (a field, `-` first for descending) on
 * `key(row, field)`: text in any case, blanks last either way, equals by `tie`.
 */
export function sortRows<T, F extends string>(
  rows: readonly T[],
  sort: string,
  key: (row: T, field: F) => SortKey,
  tie: (a: T, b: T) => number,
): T[] {
  const direction = sort.startsWith('-') ? -1 : 1;
  const field = (direction < 0 ? sort.slice(1) : sort) as F;
  return [...rows].sort((a, b) => compareKeys(key(a, field), key(b, field), direction) || tie(a, b));
}
