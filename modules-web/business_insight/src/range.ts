/**
 * The page's choices, kept in the URL so that a reload or a shared link shows the same
 * figures: the range (`?range=12m`, or `?range=custom&from=2025-01-01&to=2025-03-31`), the
 * department and the process. Days are whole UTC days, as the plugin counts them; a preset
 * ends on the user's today. The default, "Days with runs", names no days: the plugin
 * chooses the last twelve months of the company's run data.
 */

import {
  customDaysFromParams,
  daySpan,
  daysProblem,
  paramsWithRange,
  rangeKindFromParams,
  type DayRange,
} from '@common/domain/ranges';
import { MAX_DAYS } from './generated';

export const PRESETS = ['ytd', '12m', 'last_year'] as const;
export type Preset = (typeof PRESETS)[number];
/** The days the plugin chooses from the run data. */
export const RUNS = 'runs';
/** The kinds whose days follow from their name. */
type NamedKind = typeof RUNS | Preset;
const NAMED_KINDS: readonly NamedKind[] = [RUNS, ...PRESETS];
export type RangeKind = NamedKind | 'custom';
export const RANGE_KINDS: readonly RangeKind[] = [...NAMED_KINDS, 'custom'];
export const RANGE_LABELS: Readonly<Record<RangeKind, string>> = {
  runs: 'Days with runs',
  ytd: 'Year to date',
  '12m': 'Last 12 months',
  last_year: 'Last year',
  custom: 'Custom',
};

const DEFAULT_KIND = RUNS;

/**
 * The range: its kind and its first and last day (`YYYY-MM-DD`), both included; blank for
 * "Days with runs", whose days the plugin chooses.
 */
export type RangeChoice = DayRange<RangeKind>;

export interface Filters {
  department: string | null;
  process: string | null;
}

/** What `GET /overview` is asked; without days, the last twelve months of run data. */
export interface OverviewQuery {
  from?: string;
  to?: string;
  department?: string;
  process?: string;
}

/** The days of a preset ending on `today` (`YYYY-MM-DD`). */
export function presetDays(kind: Preset, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  switch (kind) {
    case 'ytd':
      return { from: `${year}-01-01`, to: today };
    case '12m': {
      // This month and the eleven before it, whole: twelve bars on the chart.
      const month = Number(today.slice(5, 7));
      const start = month === 12 ? `${year}-01-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}-01`;
      return { from: start, to: today };
    }
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** The days of a named kind: a preset's, or blank for the plugin to choose. */
function namedDays(kind: NamedKind, today: string): { from: string; to: string } {
  return kind === RUNS ? { from: '', to: '' } : presetDays(kind, today);
}

/** The range the URL holds; anything missing or unknown is the days with runs. */
export function choiceFromParams(params: URLSearchParams, today: string): RangeChoice {
  const kind = rangeKindFromParams(params, NAMED_KINDS, DEFAULT_KIND);
  return kind === 'custom' ? { kind, ...customDaysFromParams(params) } : { kind, ...namedDays(kind, today) };
}

/** The department and process the URL holds (blank is none). */
export function filtersFromParams(params: URLSearchParams): Filters {
  const read = (name: string) => params.get(name)?.trim() || null;
  return { department: read('department'), process: read('process') };
}

/** `current` with the range written in (only what differs from the default). */
export function paramsWithChoice(current: URLSearchParams, choice: RangeChoice): URLSearchParams {
  return paramsWithRange(current, choice, DEFAULT_KIND);
}

/** `current` with the filters written in. */
export function paramsWithFilters(current: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['department', 'process'] as const) {
    const value = filters[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** Another kind of range: a preset's days, the days with runs (the plugin's), or custom starting from the days shown. */
export function withKind(choice: RangeChoice, kind: RangeKind, today: string): RangeChoice {
  return kind === 'custom' ? { ...choice, kind } : { kind, ...namedDays(kind, today) };
}

/** The choice with the days the figures are of: for the days with runs, those the plugin `answered` (once it has). */
export function shownChoice(choice: RangeChoice, answered: { from: string; to: string } | null): RangeChoice {
  return choice.kind === RUNS && answered ? { ...choice, from: answered.from, to: answered.to } : choice;
}

/** The days a valid choice covers, both included; null while its days are not valid. */
export function spanDays(choice: RangeChoice): number | null {
  return daySpan(choice.from, choice.to);
}

/** Why the range cannot be asked for; null when it can (the plugin's days always can). */
export function rangeProblem(choice: RangeChoice): string | null {
  if (choice.kind === RUNS) return null;
  return daysProblem(choice.from, choice.to, MAX_DAYS, `${MAX_DAYS} days (two years)`);
}

/** The query of a valid choice and the filters; the days with runs name no days. */
export function overviewQuery(choice: RangeChoice, filters: Filters): OverviewQuery {
  const query: OverviewQuery = choice.kind === RUNS ? {} : { from: choice.from, to: choice.to };
  if (filters.department) query.department = filters.department;
  if (filters.process) query.process = filters.process;
  return query;
}

/** The last 12 months when the range is shorter, for "Show a longer range"; null when it is not. */
export function longerChoice(choice: RangeChoice, today: string): RangeChoice | null {
  const days = spanDays(choice);
  const longer = withKind(choice, '12m', today);
  const longerDays = spanDays(longer);
  return days !== null && longerDays !== null && days < longerDays ? longer : null;
}
