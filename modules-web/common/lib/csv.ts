/** CSV files built in the browser: cells escaped for spreadsheets, and saved under a name. */

import { saveBlob } from '@autoscope/web-sdk';

export type CsvCell = string | number | null | undefined;

/** Text a spreadsheet would run as a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as CSV: quoted when needed; text that would start a formula gets a `'` first. */
function csvCell(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a header and rows: CRLF line ends, and a BOM so that spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A cell read back from a file `toCsv` wrote: the formula guard undone, so a value imports as it was. */
export function unguardCell(text: string): string {
  return text.replace(/^'(?=[=+\-@])/, '');
}

/** Has the browser save CSV text as `fileName`. */
export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
