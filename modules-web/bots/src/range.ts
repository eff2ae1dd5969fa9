/**
 * The days the figures cover: a preset (the last 7, 30 or 90 days, today included) or custom
 * days. Kept in the URL (`?range=custom&from=2026-03-02&to=2026-03-04`); the plugin takes
 * whole UTC days, both included, as its rollups count them.
 */

import {
  DAY_PRESETS,
  DEFAULT_DAY_PRESET,
  customDaysFromParams,
  customRangeProblem,
  lastDays,
  paramsWithRange,
  rangeKindFromParams,
  type DayRange,
  type DayRangeKind,
} from '@common/domain/ranges';
import { MAX_DAYS } from './generated';

export type RangeChoice = DayRange;

/** The choice the URL holds; anything missing or unknown is the last 30 days. */
export function choiceFromParams(params: URLSearchParams, today: string): RangeChoice {
  const kind = rangeKindFromParams(params, DAY_PRESETS, DEFAULT_DAY_PRESET);
  return kind === 'custom' ? { kind, ...customDaysFromParams(params) } : { kind, ...lastDays(today, Number(kind)) };
}

/** `current` with the choice written in (only what differs from the default). */
export function paramsWithChoice(current: URLSearchParams, choice: RangeChoice): URLSearchParams {
  return paramsWithRange(current, choice, DEFAULT_DAY_PRESET);
}

/** Another kind of range: a preset's days end today; custom starts from the days shown. */
export function withKind(choice: RangeChoice, kind: DayRangeKind, today: string): RangeChoice {
  return kind === 'custom' ? { ...choice, kind } : { kind, ...lastDays(today, Number(kind)) };
}

/** Why custom days cannot be shown; null when they can (a preset always can). */
export function rangeProblem(choice: RangeChoice): string | null {
  return customRangeProblem(choice, MAX_DAYS);
}

/** What the plugin is asked: both days, or null while they have a problem. */
export function rangeQuery(choice: RangeChoice): { from: string; to: string } | null {
  return rangeProblem(choice) === null ? { from: choice.from, to: choice.to } : null;
}
