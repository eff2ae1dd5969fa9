/**
 * The date range of the page: a preset (the last 7, 30 or 90 days up to now) or custom days,
 * and the bucket of the series. Kept in the URL (`?range=custom&from=2040-02-01&to=2040-02-29&bucket=week`)
 * so that a reload or a shared link shows the same figures. Days are UTC days, as the plugin's
 * buckets are.
 */

import { addDays, parseUtcDayInput } from '../../common/src/days';

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = { day: 'Day', week: 'Week', month: 'Month' };

export const PRESETS = ['7', '30', '90'] as const;
export type Preset = (typeof PRESETS)[number];
export type RangeKind = Preset | 'custom';
export const RANGE_LABELS: Readonly<Record<RangeKind, string>> = {
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  custom: 'Custom',
};

/** The longest range the plugin answers. */
export const MAX_DAYS = 400;
const DAY = 86_400;
const DEFAULT_KIND: Preset = '30';

export interface RangeChoice {
  kind: RangeKind;
  /** The first and last day (`YYYY-MM-DD`), both included; used when `kind` is custom. */
  from: string;
  to: string;
  bucket: Bucket;
}

/** What `GET /insight` is asked: a preset leaves `to` out, so the plugin's now ends it. */
export interface InsightQuery {
  from: number;
  to?: number;
  bucket: Bucket;
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The series read best: days up to a month, weeks up to half a year, then months. */
export function defaultBucket(days: number): Bucket {
  if (days <= 31) return 'day';
  return days <= 180 ? 'week' : 'month';
}

/** The days a choice covers (a custom one as chosen, both days included); null while its days are not valid. */
export function spanDays(choice: RangeChoice): number | null {
  if (choice.kind !== 'custom') return Number(choice.kind);
  const from = parseUtcDayInput(choice.from);
  const to = parseUtcDayInput(choice.to);
  return from === null || to === null || from > to ? null : (to - from) / DAY + 1;
}

/** Why a custom range cannot be asked for; null when it can (a preset always can). */
export function rangeProblem(choice: RangeChoice): string | null {
  if (choice.kind !== 'custom') return null;
  const from = parseUtcDayInput(choice.from);
  const to = parseUtcDayInput(choice.to);
  if (from === null || to === null) return 'Choose a start and an end date';
  if (from > to) return 'The start date must be on or before the end date';
  if ((to - from) / DAY + 1 > MAX_DAYS) return `Choose at most ${MAX_DAYS} days`;
  return null;
}

/** The query for a choice at `nowSeconds`; null while a custom range has a problem. */
export function insightQuery(choice: RangeChoice, nowSeconds: number): InsightQuery | null {
  if (choice.kind !== 'custom') {
    return { from: Math.floor(nowSeconds) - Number(choice.kind) * DAY, bucket: choice.bucket };
  }
  const from = parseUtcDayInput(choice.from);
  const to = parseUtcDayInput(choice.to);
  if (rangeProblem(choice) || from === null || to === null) return null;
  return { from, to: to + DAY - 1, bucket: choice.bucket };
}

/** The choice the URL holds; anything missing or unknown takes the default (the last 30 days, by day). */
export function choiceFromParams(params: URLSearchParams, today: string): RangeChoice {
  const range = params.get('range');
  const kind: RangeKind = range === 'custom' || isOneOf(PRESETS, range) ? range : DEFAULT_KIND;
  const from = kind === 'custom' ? (params.get('from') ?? '') : addDays(today, 1 - Number(kind));
  const to = kind === 'custom' ? (params.get('to') ?? '') : today;
  const bucket = params.get('bucket');
  const choice: RangeChoice = { kind, from, to, bucket: 'day' };
  return { ...choice, bucket: isOneOf(BUCKETS, bucket) ? bucket : defaultBucket(spanDays(choice) ?? 0) };
}

/** `current` with the choice written in (and only what differs from the defaults). */
export function paramsWithChoice(current: URLSearchParams, choice: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['range', 'from', 'to', 'bucket']) next.delete(name);
  if (choice.kind !== DEFAULT_KIND) next.set('range', choice.kind);
  if (choice.kind === 'custom') {
    next.set('from', choice.from);
    next.set('to', choice.to);
  }
  if (choice.bucket !== defaultBucket(spanDays(choice) ?? 0)) next.set('bucket', choice.bucket);
  return next;
}

/**
 * Another range: a preset with the bucket that suits it; custom starts from the days the
 * previous choice covered, keeping its bucket.
 */
export function withKind(choice: RangeChoice, kind: RangeKind, today: string): RangeChoice {
  if (kind === 'custom') {
    const days = spanDays(choice) ?? Number(DEFAULT_KIND);
    if (choice.kind === 'custom') return choice;
    return { kind, from: addDays(today, 1 - days), to: today, bucket: choice.bucket };
  }
  const days = Number(kind);
  return { kind, from: addDays(today, 1 - days), to: today, bucket: defaultBucket(days) };
}

/** Custom days changed: the bucket follows the span while the user has not chosen another. */
export function withDays(choice: RangeChoice, from: string, to: string): RangeChoice {
  const next: RangeChoice = { ...choice, kind: 'custom', from, to };
  const before = spanDays(choice);
  const after = spanDays(next);
  const followed = before === null || choice.bucket === defaultBucket(before);
  return followed && after !== null ? { ...next, bucket: defaultBucket(after) } : next;
}
