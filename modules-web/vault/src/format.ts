/** How the vault writes file sizes and stored values of any kind (history changes, ticket fields). */

import { formatNumber } from '../../common/src/format';

/** `1.4 MB`, `320 KB`, `12 B`. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), true)} MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Any stored value as short text. */
export function displayValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(displayValue).join(', ') : '—';
  if (typeof value === 'number') return formatNumber(value, true);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `in_progress` → `In progress`. */
export function humanize(text: string): string {
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
