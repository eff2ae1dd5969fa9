/**
 * The date range of the page: a preset (the last 7, 30 or 90 days, today included) or custom
 * days, and the bucket of the series. Kept in the URL (`?range=custom&from=2040-02-01&to=2040-02-29&bucket=week`)
 * so that a reload or a shared link shows the same figures. Days are whole UTC days, both
 * included, as the plugin's figures and buckets are.
 */

import {
  DAY_PRESETS,
  DEFAULT_DAY_PRESET,
  customDaysFromParams,
  customRangeProblem,
  daySpan,
  lastDays,
  paramsWithRange,
  rangeKindFromParams,
  type DayRange,
  type DayRangeKind,
} from '@common/domain/ranges';
import { isOneOf } from '@common/lib/urlParams';
import { MAX_DAYS } from './generated';

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = { day: 'Day', week: 'Week', month: 'Month' };

/** The range (the first and last day, both included, are used when `kind` is custom) and the series' bucket. */
export interface RangeChoice extends DayRange {
  bucket: Bucket;
}

/** What `GET /insight` is asked: the days shown, both included, and the bucket. */
export interface InsightQuery {
  from: string;
  to: string;
  bucket: Bucket;
}

/** The series read best: days up to a month, weeks up to half a year, then months. */
export function defaultBucket(days: number): Bucket {
  if (days <= 31) return 'day';
  return days <= 180 ? 'week' : 'month';
}

/** The days a choice covers (a custom one as chosen, both days included); null while its days are not valid. */
export function spanDays(choice: RangeChoice): number | null {
  return choice.kind === 'custom' ? daySpan(choice.from, choice.to) : Number(choice.kind);
}

/** Why a custom range cannot be asked for; null when it can (a preset always can). */
export function rangeProblem(choice: RangeChoice): string | null {
  return customRangeProblem(choice, MAX_DAYS);
}

/** The query for a choice; null while a custom range has a problem. */
export function insightQuery(choice: RangeChoice): InsightQuery | null {
  return rangeProblem(choice) === null ? { from: choice.from, to: choice.to, bucket: choice.bucket } : null;
}

/** The choice the URL holds; anything missing or unknown takes the default (the last 30 days, by day). */
export function choiceFromParams(params: URLSearchParams, today: string): RangeChoice {
  const kind = rangeKindFromParams(params, DAY_PRESETS, DEFAULT_DAY_PRESET);
  const days = kind === 'custom' ? customDaysFromParams(params) : lastDays(today, Number(kind));
  const bucket = params.get('bucket');
  const choice: RangeChoice = { kind, ...days, bucket: 'day' };
  return { ...choice, bucket: isOneOf(BUCKETS, bucket) ? bucket : defaultBucket(spanDays(choice) ?? 0) };
}

/** `current` with the choice written in (and only what differs from the defaults). */
export function paramsWithChoice(current: URLSearchParams, choice: RangeChoice): URLSearchParams {
  const next = paramsWithRange(current, choice, DEFAULT_DAY_PRESET, ['bucket']);
  if (choice.bucket !== defaultBucket(spanDays(choice) ?? 0)) next.set('bucket', choice.bucket);
  return next;
}

/**
 * Another range: a preset with the bucket that suits it; custom starts from the days the
 * previous choice covered, keeping its bucket.
 */
export function withKind(choice: RangeChoice, kind: DayRangeKind, today: string): RangeChoice {
  if (kind === 'custom') {
    const days = spanDays(choice) ?? Number(DEFAULT_DAY_PRESET);
    if (choice.kind === 'custom') return choice;
    return { kind, ...lastDays(today, days), bucket: choice.bucket };
  }
  const days = Number(kind);
  return { kind, ...lastDays(today, days), bucket: defaultBucket(days) };
}

/** Custom days changed: the bucket follows the span while the user has not chosen another. */
export function withDays(choice: RangeChoice, from: string, to: string): RangeChoice {
  const next: RangeChoice = { ...choice, kind: 'custom', from, to };
  const before = spanDays(choice);
  const after = spanDays(next);
  const followed = before === null || choice.bucket === defaultBucket(before);
  return followed && after !== null ? { ...next, bucket: defaultBucket(after) } : next;
}
