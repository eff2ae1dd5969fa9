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
