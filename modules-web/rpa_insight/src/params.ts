/**
 * The page's state kept in the URL, so that a reload or a shared link shows the same figures:
 * the range (the last 7, 30 or 90 days, or custom days), the filters (process, bot, queue), the
 * runs table's status and the kind of stuck items listed. E.g.
 * `?range=custom&from=2026-03-02&to=2026-03-09&bot=Alpha&status=failed&stuck=new`.
 * Days are UTC days, as the plugin's figures are cut: a preset ends on the UTC day of now.
 */

import type { Query } from '@autoscope/web-sdk';

import {
  DAY_PRESETS,
  DEFAULT_DAY_PRESET,
  customRangeProblem,
  lastDays,
  paramsWithRange,
  rangeKindFromParams,
  type DayRange,
  type DayRangeKind,
} from '@common/domain/ranges';
import { isOneOf } from '@common/lib/urlParams';
import { utcDayInput } from '@common/domain/days';
import { MAX_DAYS } from './generated';
import { RUN_STATUSES, type RunStatus, type StuckKind } from './types';

/** The range (a custom range's first and last day, both included; presets ignore them) and the rest. */
export interface PageState extends DayRange {
  process: string | null;
  bot: string | null;
  queue: string | null;
  /** The runs table's status filter. */
  status: RunStatus | null;
  /** The stuck items listed. */
  stuck: StuckKind;
}

/** The filters the figures follow (the status and stuck kind concern one table each). */
export type FilterName = 'process' | 'bot' | 'queue';
export const FILTER_NAMES: readonly FilterName[] = ['process', 'bot', 'queue'];

/** The UTC day of now, which ends the presets (the plugin's default range ends there too). */
export function utcToday(nowMs = Date.now()): string {
  return utcDayInput(nowMs / 1000);
}

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

/** The state the URL holds; anything missing or unknown takes the default (the last 30 days, no filter). */
export function stateFromParams(params: URLSearchParams): PageState {
  const kind = rangeKindFromParams(params, DAY_PRESETS, DEFAULT_DAY_PRESET);
  const status = params.get('status');
  return {
    kind,
    from: kind === 'custom' ? (params.get('from') ?? '') : '',
    to: kind === 'custom' ? (params.get('to') ?? '') : '',
    process: text(params, 'process'),
    bot: text(params, 'bot'),
    queue: text(params, 'queue'),
    status: isOneOf(RUN_STATUSES, status) ? status : null,
    stuck: params.get('stuck') === 'new' ? 'new' : 'in_progress',
  };
}

/** `current` with the state written in (only what differs from the defaults); other parameters stay. */
export function paramsWithState(current: URLSearchParams, state: PageState): URLSearchParams {
  const next = paramsWithRange(current, state, DEFAULT_DAY_PRESET, [...FILTER_NAMES, 'status', 'stuck']);
  for (const name of FILTER_NAMES) {
    const value = state[name];
    if (value) next.set(name, value);
  }
  if (state.status) next.set('status', state.status);
  if (state.stuck !== 'in_progress') next.set('stuck', state.stuck);
  return next;
}

/** The first and last day shown: a preset's last N days up to `today`, or the custom days. */
export function shownDays(state: PageState, today: string): { from: string; to: string } {
  return state.kind === 'custom' ? { from: state.from, to: state.to } : lastDays(today, Number(state.kind));
}

/** Why the custom days cannot be asked for; null when they can (a preset always can). */
export function rangeProblem(state: PageState): string | null {
  return customRangeProblem(state, MAX_DAYS);
}

/** Another range kind; custom starts from the days shown before. */
export function withKind(state: PageState, kind: DayRangeKind, today: string): PageState {
  if (kind !== 'custom') return { ...state, kind, from: '', to: '' };
  return state.kind === 'custom' ? state : { ...state, kind, ...shownDays(state, today) };
}

/** What `GET /overview` is asked (also the runs table's range and filters); null while the days have a problem. */
export function overviewQuery(state: PageState, today: string): Query | null {
  if (rangeProblem(state)) return null;
  const { from, to } = shownDays(state, today);
  return { from, to, process: state.process, bot: state.bot, queue: state.queue };
}

/** What `GET /runs` is asked for a page; the queue filter does not concern runs. */
export function runsQuery(state: PageState, today: string, limit: number, cursor: string | null): Query | null {
  const query = overviewQuery(state, today);
  if (!query) return null;
  const { from, to } = query;
  return { from, to, process: state.process, bot: state.bot, status: state.status, limit, cursor };
}

/** What `GET /stuck` is asked for a page; the bot filter does not concern queue items. */
export function stuckQuery(state: PageState, limit: number, cursor: string | null): Query {
  return { kind: state.stuck, queue: state.queue, process: state.process, limit, cursor };
}

/** Whether a filter narrows the figures. */
export function isFiltered(state: PageState): boolean {
  return FILTER_NAMES.some((name) => state[name] !== null);
}

/** The state without filters (the range stays). */
export function clearedFilters(state: PageState): PageState {
  return { ...state, process: null, bot: null, queue: null };
}
