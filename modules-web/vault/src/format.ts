/** How the vault writes stored values of any kind (history changes). */

import { formatNumber } from '@common/lib/format';

/** Any stored value as short text. */
export function displayValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(displayValue).join(', ') : '—';
  if (typeof value === 'number') return formatNumber(value, true);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
