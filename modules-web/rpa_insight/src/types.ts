/**
 * What Operational Insight's plugin answers (`/api/m/rpa_insight/...`). Times are unix
 * seconds; days and weeks are UTC midnights (weeks start on Monday); durations are seconds.
 */

export { RUN_STATUSES, type Run, type RunStatus } from '@common/domain/runs';
import type { Run } from '@common/domain/runs';

export interface StatusCounts {
  running: number;
  successful: number;
  failed: number;
  stopped: number;
}

/** The range asked: both days included (`YYYY-MM-DD`), and the seconds storage was asked. */
export interface RangeAnswer {
  from: string;
  to: string;
  /** The first day's midnight. */
  start: number;
  /** The midnight after the last day. */
  end: number;
  days: number;
}

export interface Filters {
  process: string | null;
  bot: string | null;
  queue: string | null;
}

export interface Kpis extends StatusCounts {
  runs: number;
  /** Successful, failed or stopped. */
  finished: number;
  /** Percent of the finished runs, one decimal; null when none finished. */
  success_rate: number | null;
  failure_rate: number | null;
  items: number;
  avg_duration_s: number | null;
  p50_duration_s: number | null;
  p90_duration_s: number | null;
  p95_duration_s: number | null;
}

export interface DayRuns extends StatusCounts {
  day: number;
  runs: number;
  items: number;
}

export interface WeekDurations {
  week: number;
  /** Finished runs (those with a duration). */
  runs: number;
  avg_s: number | null;
  p50_s: number | null;
  p90_s: number | null;
  p95_s: number | null;
  max_s: number | null;
}

export interface Exceptions {
  business: number;
  system: number;
  /** Failed runs that named no exception type. */
  unspecified: number;
}

export interface Reason extends Exceptions {
  /** Null: failed runs that gave no reason. */
  reason: string | null;
  n: number;
  /** Percent of the failed runs. */
  share: number;
}

export interface QueueDay {
  day: number;
  added: number;
  new: number;
  in_progress: number;
  successful: number;
  failed: number;
  abandoned: number;
}

export interface Backlog {
  queue: string;
  new: number;
  in_progress: number;
  total: number;
}

export interface Sla {
  /** Items added in the range that ended by their deadline. */
  met: number;
  /** Open now, the deadline within the next hour. */
  at_risk: number;
  /** late + overdue. */
  breached: number;
  /** Items added in the range that ended after their deadline. */
  late: number;
  /** Open now, past the deadline. */
  overdue: number;
  /** met in percent of met + breached; null when both are 0. */
  met_rate: number | null;
}

export interface StuckCounts {
  in_progress: number;
  new: number;
  in_progress_after_s: number;
  new_after_s: number;
}

/** `GET /overview`: every figure of the range and filters; backlog, at risk, overdue and stuck as of `now`. */
export interface Overview {
  available: true;
  range: RangeAnswer;
  filters: Filters;
  now: number;
  kpis: Kpis;
  /** Every day of the range, in order. */
  per_day: DayRuns[];
  /** Every week holding a day of the range, in order. */
  duration_weeks: WeekDurations[];
  reasons: { top: Reason[]; other: number; distinct: number };
  exceptions: Exceptions;
  queues: {
    per_day: QueueDay[];
    /** The longest backlog first. */
    backlog: Backlog[];
    sla: Sla;
    stuck: StuckCounts;
  };
}

/** Bot Profile is not installed: there is nothing to show. */
export interface Unavailable {
  available: false;
}

export type OverviewAnswer = Overview | Unavailable;

/** A bot of Bot Profile's inventory, as the drill-down shows it. */
export interface BotSummary {
  id: string;
  name: string;
  type: string | null;
  machine: string | null;
  vendor: string | null;
  owner_id: string | null;
  schedule: string | null;
}

/** `GET /runs/{id}`. */
export interface RunDetail {
  run: Run;
  /** Null when Bot Profile has no bot of that name. */
  bot: BotSummary | null;
  /** The bot's latest runs of the same process, newest first (this one among them). */
  recent: Run[];
}

export type StuckKind = 'in_progress' | 'new';

/** A queue item as `GET /stuck` lists it. */
export interface QueueItem {
  id: string;
  external_id: string;
  queue: string;
  reference: string | null;
  status: string;
  added_at: number;
  started_at: number | null;
  sla_deadline: number | null;
  retries: number | null;
  bot: string | null;
  process: string | null;
  sla_margin_s: number | null;
}

/** `GET /filters`. */
export interface Names {
  processes: string[];
  bots: string[];
  queues: string[];
}
