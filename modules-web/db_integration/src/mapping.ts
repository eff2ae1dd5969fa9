/** Editing a table's mapping: where each canonical field comes from, the status table and the exception kinds. */

import { humanize } from '@common/lib/format';
import {
  SKIP,
  TARGETS,
  type Exceptions,
  type Preset,
  type Source,
  type StatusRow,
  type TableMap,
  type Target,
} from './generated';

export type SourceKind = Source['from'];

/** The name of the preset `key`; `custom` for a mapping made by hand (null), the key until the presets are read. */
export function presetName(presets: readonly Preset[] | undefined, key: string | null, custom: string): string {
  return key === null ? custom : (presets?.find((preset) => preset.key === key)?.name ?? key);
}

export const SOURCE_KINDS: readonly { value: SourceKind; label: string }[] = [
  { value: 'column', label: 'Column' },
  { value: 'lookup', label: 'Looked up in another table' },
  { value: 'constant', label: 'The same value' },
  { value: 'local_with_offset', label: 'Local time with its offset' },
];

export const TARGET_LABELS: Record<Target, string> = { runs: 'Runs', queue_items: 'Queue items' };

/** The exception kinds a failed run can have. */
export const EXCEPTION_KINDS = ['business', 'system'] as const;

export function fieldsOf(target: Target) {
  return TARGETS[target].fields;
}

/** The choices of a status table's portal side: the target's statuses, and leaving the row out. */
export function statusChoices(target: Target): { value: string; label: string }[] {
  return [
    ...TARGETS[target].statuses.map((status: string) => ({ value: status, label: humanize(status) })),
    { value: SKIP, label: 'Leave out' },
  ];
}

/** A source of `kind` to start from, reading `column` where it reads one. */
export function sourceOfKind(kind: SourceKind, column: string): Source {
  switch (kind) {
    case 'column':
      return { from: 'column', column };
    case 'lookup':
      return { from: 'lookup', column, table: '', key: '', value: '' };
    case 'constant':
      return { from: 'constant', value: '' };
    case 'local_with_offset':
      return { from: 'local_with_offset', column, offset: '' };
  }
}

/** What a source reads, in words. */
export function sourceText(source: Source): string {
  switch (source.from) {
    case 'column':
      return source.or ? `${source.column}, or ${source.or} when empty` : source.column;
    case 'lookup':
      return `${source.table}.${source.value} where ${source.key} = ${source.column}`;
    case 'constant':
      return `“${source.value}”`;
    case 'local_with_offset':
      return `${source.column} at the offset in ${source.offset}`;
  }
}

/** The table with `field` read from `source`, or not mapped when null. */
export function withField(table: TableMap, field: string, source: Source | null): TableMap {
  const fields = { ...table.fields };
  if (source === null) delete fields[field];
  else fields[field] = source;
  return { ...table, fields };
}

/** The table with its `index`th status row changed, or removed when null. */
export function withStatus(table: TableMap, index: number, row: StatusRow | null): TableMap {
  const statuses =
    row === null
      ? table.statuses.filter((_, at) => at !== index)
      : table.statuses.map((old, at) => (at === index ? row : old));
  return { ...table, statuses };
}

/** The table with a new, empty status row at the end. */
export function withNewStatus(table: TableMap): TableMap {
  return { ...table, statuses: [...table.statuses, { from: '', to: TARGETS[table.target].statuses[0] ?? SKIP }] };
}

/** The required fields of the table's target that it does not map. */
export function unmappedRequired(table: TableMap): string[] {
  return fieldsOf(table.target)
    .filter((field: { name: string; required: boolean }) => field.required && table.fields[field.name] === undefined)
    .map((field: { name: string }) => field.name);
}

/** Exceptions told by prefixes of `column`, starting from what was there. */
export function prefixExceptions(current: Exceptions | undefined, column: string): Exceptions {
  return { by: 'prefixes', column, prefixes: [], default: current?.default ?? 'system' };
}
