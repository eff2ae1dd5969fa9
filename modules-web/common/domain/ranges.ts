/**
 * The date range of a dashboard, kept in the URL (`?range=7`, or
 * `?range=custom&from=2026-03-02&to=2026-03-04`): a preset or custom days. Days are whole UTC
 * days (`YYYY-MM-DD`), both included, as the plugins' figures cut them. Each page has its own
 * presets and longest range; the reading, writing and checking of the days is here.
 */

import { isOneOf } from '@common/lib/urlParams';
import { addDays, parseUtcDayInput } from './days';

/** Seconds in a day. */
export const DAY = 86_400;

/** The presets of the pages that count back from today: the last 7, 30 or 90 days. */
export const DAY_PRESETS = ['7', '30', '90'] as const;
export type DayPreset = (typeof DAY_PRESETS)[number];
export type DayRangeKind = DayPreset | 'custom';
export const DAY_RANGE_KINDS: readonly DayRangeKind[] = [...DAY_PRESETS, 'custom'];
export const DAY_RANGE_LABELS: Readonly<Record<DayRangeKind, string>> = {
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  custom: 'Custom',
};
/** The preset a page with the day presets shows when the URL names none. */
export const DEFAULT_DAY_PRESET: DayPreset = '30';

/** A range: its kind and its first and last day, both included. */
export interface DayRange<Kind extends string = DayRangeKind> {
  kind: Kind;
  from: string;
  to: string;
}

/** The last `count` days up to `today` (`YYYY-MM-DD`), both included. */
export function lastDays(today: string, count: number): { from: string; to: string } {
  return { from: addDays(today, 1 - count), to: today };
}

/** The days from `from` to `to` cover, both included; null while they are not valid. */
export function daySpan(from: string, to: string): number | null {
  const first = parseUtcDayInput(from);
  const last = parseUtcDayInput(to);
  return first === null || last === null || first > last ? null : (last - first) / DAY + 1;
}

/**
 * Why the days cannot be asked for; null when they can. `limit` says the longest range in
 * words (`731 days (two years)`); by default `<maxDays> days`. The plugins refuse such days
 * with the same messages (`autoscope_sdk::range`).
 */
export function daysProblem(from: string, to: string, maxDays: number, limit = `${maxDays} days`): string | null {
  const first = parseUtcDayInput(from);
  const last = parseUtcDayInput(to);
  if (first === null || last === null) return 'Choose a start and an end date';
  if (first > last) return 'The start date must be on or before the end date';
  if ((last - first) / DAY + 1 > maxDays) return `Choose at most ${limit}`;
  return null;
}

/** Why a custom range cannot be asked for; null when it can (a preset always can). */
export function customRangeProblem(range: DayRange<string>, maxDays: number): string | null {
  return range.kind === 'custom' ? daysProblem(range.from, range.to, maxDays) : null;
}

/** The kind of range the URL holds (`range`); anything missing or unknown is `fallback`. */
export function rangeKindFromParams<Preset extends string>(
  params: URLSearchParams,
  presets: readonly Preset[],
  fallback: Preset,
): Preset | 'custom' {
  const range = params.get('range');
  return range === 'custom' || isOneOf(presets, range) ? range : fallback;
}

/** The custom days the URL holds, as they are (even unfinished). */
export function customDaysFromParams(params: URLSearchParams): { from: string; to: string } {
  return { from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/**
 * `current` with the range written in: `range` unless it is `defaultKind`, the days when it is
 * custom. The `others` are removed as well, for the caller to write after the range; every other
 * parameter stays.
 */
export function paramsWithRange(
  current: URLSearchParams,
  range: DayRange<string>,
  defaultKind: string,
  others: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['range', 'from', 'to', ...others]) next.delete(name);
  if (range.kind !== defaultKind) next.set('range', range.kind);
  if (range.kind === 'custom') {
    next.set('from', range.from);
    next.set('to', range.to);
  }
  return next;
}
