/** The words and colours of Alerts: severities, rule kinds, what an outcome rule counts, incident actions. */

import { formatNumber, formatPercent } from '@common/lib/format';
import type { Action, Kind, Measure, Severity, Status } from './generated';

/** Every severity, the gravest first (the form's order). */
export const SEVERITIES: readonly Severity[] = ['critical', 'warning', 'info'];

export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
};

export const SEVERITY_COLORS: Readonly<Record<Severity, string>> = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
};

export const SEVERITY_OPTIONS = SEVERITIES.map((severity) => ({ value: severity, label: SEVERITY_LABELS[severity] }));

/** Every kind of rule, in the form's order. */
export const KINDS: readonly Kind[] = ['failure_rate', 'sla', 'silent_bot', 'stuck_items', 'slow_runs', 'outcome'];

export const KIND_LABELS: Readonly<Record<Kind, string>> = {
  failure_rate: 'Failure rate above a limit',
  sla: 'Queue items at risk of or past their SLA',
  silent_bot: 'Bot silent during its schedule',
  stuck_items: 'Queue items stuck',
  slow_runs: 'Runs much slower than usual',
  outcome: 'Too few runs or items',
};

export const KIND_OPTIONS = KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

export const MEASURES: readonly Measure[] = ['runs', 'successful_runs', 'successful_items'];

export const MEASURE_LABELS: Readonly<Record<Measure, string>> = {
  runs: 'Runs',
  successful_runs: 'Successful runs',
  successful_items: 'Successful queue items',
};

export const MEASURE_OPTIONS = MEASURES.map((measure) => ({ value: measure, label: MEASURE_LABELS[measure] }));

export const STATUS_LABELS: Readonly<Record<Status, string>> = { open: 'Open', closed: 'Closed' };

export const STATUS_COLORS: Readonly<Record<Status, string>> = { open: 'red', closed: 'gray' };

export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  opened: 'Opened',
  reopened: 'Reopened',
  acknowledged: 'Acknowledged',
  assigned: 'Assigned',
  comment: 'Comment',
  closed: 'Closed',
};

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return value != null && (values as readonly string[]).includes(value);
}

export const isKind = (value: string | null | undefined): value is Kind => oneOf(KINDS, value);
export const isSeverity = (value: string | null | undefined): value is Severity => oneOf(SEVERITIES, value);
export const isMeasure = (value: string | null | undefined): value is Measure => oneOf(MEASURES, value);

/** What the incidents of each kind count, after the figure. */
const VALUE_NOUNS: Readonly<Record<Exclude<Kind, 'failure_rate'>, readonly [string, string]>> = {
  sla: ['item', 'items'],
  silent_bot: ['silent bot', 'silent bots'],
  stuck_items: ['stuck item', 'stuck items'],
  slow_runs: ['slow run', 'slow runs'],
  outcome: ['counted', 'counted'],
};

/** An incident's figure as its kind means it: `40 %` failed, `3 stuck items`; — when missing. */
export function incidentValue(kind: Kind, value: number | null): string {
  if (value == null) return '—';
  if (kind === 'failure_rate') return `${formatPercent(value)} failed`;
  const [one, many] = VALUE_NOUNS[kind];
  return `${formatNumber(value, true)} ${value === 1 ? one : many}`;
}
