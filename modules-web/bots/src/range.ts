/**
 * The days the figures cover: a preset (the last 7, 30 or 90 days, today included) or custom
 * days. Kept in the URL (`?range=custom&from=2026-03-02&to=2026-03-04`); the plugin takes
 * whole UTC days, both included, as its rollups count them.
 */

import { addDays, parseUtcDayInput } from '../../common/src/days';

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
  /** First and last day (`YYYY-MM-DD`), both included. */
  from: string;
  to: string;
}

function isPreset(value: string | null): value is Preset {
  return value !== null && (PRESETS as readonly string[]).includes(value);
}

/** The choice the URL holds; anything missing or unknown is the last 30 days. */
export function choiceFromParams(params: URLSearchParams, today: string): RangeChoice {
  const range = params.get('range');
  if (range === 'custom') return { kind: 'custom', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const kind = isPreset(range) ? range : DEFAULT_KIND;
  return { kind, from: addDays(today, 1 - Number(kind)), to: today };
}

/** `current` with the choice written in (only what differs from the default). */
export function paramsWithChoice(current: URLSearchParams, choice: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['range', 'from', 'to']) next.delete(name);
  if (choice.kind !== DEFAULT_KIND) next.set('range', choice.kind);
  if (choice.kind === 'custom') {
    next.set('from', choice.from);
    next.set('to', choice.to);
  }
  return next;
}

/** Another kind of range: a preset's days end today; custom starts from the days shown. */
export function withKind(choice: RangeChoice, kind: RangeKind, today: string): RangeChoice {
  if (kind === 'custom') return { ...choice, kind };
  return { kind, from: addDays(today, 1 - Number(kind)), to: today };
}

/** Why custom days cannot be shown; null when they can (a preset always can). */
export function rangeProblem(choice: RangeChoice): string | null {
  if (choice.kind !== 'custom') return null;
  const from = parseUtcDayInput(choice.from);
  const to = parseUtcDayInput(choice.to);
  if (from === null || to === null) return 'Choose a start and an end date';
  if (from > to) return 'The start date must be on or before the end date';
  if ((to - from) / DAY + 1 > MAX_DAYS) return `Choose at most ${MAX_DAYS} days`;
  return null;
}

/** What the plugin is asked: both days, or null while they have a problem. */
export function rangeQuery(choice: RangeChoice): { from: string; to: string } | null {
  return rangeProblem(choice) === null ? { from: choice.from, to: choice.to } : null;
}
