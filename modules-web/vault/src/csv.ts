/**
 * CSV both ways. The export writes the columns the import reads (plus the computed scores),
 * so an exported file can be edited and imported again.
 */

import type { Currency } from '@autoscope/web-sdk';

import { toCsv, unguardCell, type CsvCell } from '@common/lib/csv';
import { formatDate } from '@common/lib/format';
import type { PeopleIndex } from '@common/domain/people';
import {
  COMPLEXITIES,
  COMPLEXITY_LABELS,
  HEALTHS,
  HEALTH_LABELS,
  STAGES,
  STAGE_LABELS,
  healthLabel,
  stageLabel,
} from '@common/domain/vocabulary';
import { MONEY_FIELDS } from './format';
import { MESSAGES } from './generated';
import type { Process } from './types';

/** The columns `POST /processes/import` understands, in template order. */
export const IMPORT_COLUMNS = [
  'name',
  'description',
  'department',
  'owner_email',
  'stage',
  'health',
  'monthly_volume',
  'handling_minutes',
  'hourly_cost',
  'exception_rate',
  'automation_pct',
  'complexity',
  'applications',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The most rows one import takes, and the plugin's message beyond it. */
export const MAX_IMPORT_ROWS = 1000;
export const TOO_MANY_ROWS = MESSAGES.TOO_MANY_ROWS;

const EXPORT_COLUMNS = [
  ...IMPORT_COLUMNS,
  'bots',
  'ftes',
  'potential',
  'ease',
  'benefit_hours',
  'benefit_money',
  'benefit_fte',
  'created',
  'updated',
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** One cell of the export: stage and health as labels, lists joined with `; `, owners as e-mail addresses. */
function exportCell(process: Process, column: ExportColumn, people: PeopleIndex): CsvCell {
  switch (column) {
    case 'owner_email':
      return process.owner_id ? people.get(process.owner_id)?.email : '';
    case 'stage':
      return stageLabel(process.stage);
    case 'health':
      return healthLabel(process.health);
    case 'applications':
    case 'bots':
      return (process[column] ?? []).join('; ');
    case 'created':
      return formatDate(process.created_at);
    case 'updated':
      return formatDate(process.updated_at);
    default:
      return process[column];
  }
}

/**
 * The export of `processes`, in the form the import reads (so it can be edited and imported again); money
 * as plain numbers under a header that names the currency (`hourly_cost (USD)`, which the import reads too).
 */
export function processesCsv(processes: readonly Process[], people: PeopleIndex, currency: Currency): string {
  const header = EXPORT_COLUMNS.map((column) => (MONEY_FIELDS.has(column) ? `${column} (${currency.code})` : column));
  const rows = processes.map((process) => EXPORT_COLUMNS.map((column) => exportCell(process, column, people)));
  return toCsv(header, rows);
}

/** An empty file with the import's header, as a starting point. */
export function importTemplateCsv(): string {
  return toCsv(IMPORT_COLUMNS, []);
}

/** `Monthly volume`, `monthly-volume`, ` MONTHLY_VOLUME ` → `monthly_volume`; a note after it goes: `hourly_cost (USD)`. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/\([^()]*\)\s*$/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Header aliases people write by hand. */
const HEADER_ALIASES: Readonly<Record<string, ImportColumn>> = {
  owner: 'owner_email',
  owner_e_mail: 'owner_email',
  automation: 'automation_pct',
  handling_time: 'handling_minutes',
};

export function importColumnOf(header: string): ImportColumn | undefined {
  const normalized = normalizeHeader(header);
  if ((IMPORT_COLUMNS as readonly string[]).includes(normalized)) return normalized as ImportColumn;
  return HEADER_ALIASES[normalized];
}

/** A vocabulary value written as its key or its label (any case) → the key; else as written. */
function vocabularyKey<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
  text: string,
): string {
  const wanted = text.trim().toLowerCase();
  return values.find((value) => value === wanted || labels[value].toLowerCase() === wanted) ?? text.trim();
}

export type ImportRow = { name: string } & Partial<Record<Exclude<ImportColumn, 'name'>, string>>;

/**
 * A parsed CSV row (header → text) as an import row: known columns only, stage, health and
 * complexity labels turned into keys, empty cells left out so the plugin's defaults apply.
 * Numbers stay text: the plugin parses them and reports the row when they are wrong.
 */
export function importRow(record: Readonly<Record<string, string | undefined>>): ImportRow {
  const row: ImportRow = { name: '' };
  for (const [header, raw] of Object.entries(record)) {
    const column = importColumnOf(header);
    const value = unguardCell((raw ?? '').trim());
    if (!column || value === '') continue;
    if (column === 'name') row.name = value;
    else if (column === 'stage') row.stage = vocabularyKey(STAGES, STAGE_LABELS, value);
    else if (column === 'health') row.health = vocabularyKey(HEALTHS, HEALTH_LABELS, value);
    else if (column === 'complexity') row.complexity = vocabularyKey(COMPLEXITIES, COMPLEXITY_LABELS, value);
    else row[column] = value;
  }
  return row;
}

/** Whether a row holds nothing at all (a trailing line of commas). */
export function isBlankRecord(record: Readonly<Record<string, string | undefined>>): boolean {
  return Object.values(record).every((value) => (value ?? '').trim() === '');
}
