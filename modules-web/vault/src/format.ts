/** How the vault writes stored values of any kind (history changes, CSV headers). */

import { formatNumber } from '@common/lib/format';

/** The process fields that hold money, in the company's currency. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['hourly_cost', 'benefit_money']);

/** Any stored value as short text. */
export function displayValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(displayValue).join(', ') : '—';
  if (typeof value === 'number') return formatNumber(value, true);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
