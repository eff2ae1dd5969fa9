/**
 * What Operational Insight's plugin answers (`/api/m/rpa_insight/...`). Times are unix
 * seconds; days and weeks are UTC midnights (weeks start on Monday); durations are seconds.
 * The types of the plugin's Rust answers are generated (./generated.ts); Bot Profile's records are written here.
 */

export { RUN_STATUSES, type Run, type RunStatus } from '@common/domain/runs';
import type { Run } from '@common/domain/runs';
import type { Overview, RunDetail as GeneratedRunDetail } from './generated';

export type {
  Backlog,
  DayRuns,
  Exceptions,
  Filters,
  Kpis,
  Names,
  Overview,
  QueueDay,
  RangeAnswer,
  Reason,
  Reasons,
  Sla,
  StatusCounts,
  StuckCounts,
  WeekDurations,
} from './generated';

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

/** `GET /runs/{id}`, its records read as the run and bot they are. */
export type RunDetail = Omit<GeneratedRunDetail, 'run' | 'bot' | 'recent'> & {
  run: Run;
  /** Null when Bot Profile has no bot of that name. */
  bot: BotSummary | null;
  /** The bot's latest runs of the same process, newest first (this one among them). */
  recent: Run[];
};

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
