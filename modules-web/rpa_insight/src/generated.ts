// Generated from Rust types by the test in plugins/rpa_insight/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-rpa_insight --lib generated_typescript_is_current

/**
 * `GET /overview`: every figure of the range and filters; backlog, at risk, overdue and
 * stuck as of `now`.
 */
export type Overview = {
/**
 * Always true (`{available: false}` when Bot Profile is not installed).
 */
available: true, range: RangeAnswer, filters: Filters,
/**
 * The moment the "now" figures (backlog, SLA at risk and overdue, stuck) were read.
 */
now: number, kpis: Kpis,
/**
 * Every day of the range, in order.
 */
per_day: Array<DayRuns>,
/**
 * Every week holding a day of the range, in order.
 */
duration_weeks: Array<WeekDurations>, reasons: Reasons, exceptions: Exceptions, queues: Queues, };

/**
 * Whole UTC days, the first and the last included.
 */
export type RangeAnswer = {
/**
 * The first day, `YYYY-MM-DD`.
 */
from: string,
/**
 * The last day, included.
 */
to: string,
/**
 * The first day's UTC midnight, unix seconds.
 */
start: number,
/**
 * The UTC midnight after the last day.
 */
end: number,
/**
 * How many days, both ends included.
 */
days: number, };

/**
 * The longest range the plugin answers, in days.
 */
export const MAX_DAYS = 400;

export type Filters = { process: string | null, bot: string | null, queue: string | null, };

export type Kpis = { runs: number,
/**
 * Successful, failed or stopped.
 */
finished: number,
/**
 * Percent of the finished runs (one decimal); `None` when none finished.
 */
success_rate: number | null, failure_rate: number | null, items: number, avg_duration_s: number | null, p50_duration_s: number | null, p90_duration_s: number | null, p95_duration_s: number | null, running: number, successful: number, failed: number, stopped: number, };

/**
 * Runs per status: every status, 0 when none.
 */
export type StatusCounts = { running: number, successful: number, failed: number, stopped: number, };

/**
 * One day of the series.
 */
export type DayRuns = {
/**
 * The day's UTC midnight.
 */
day: number, runs: number, items: number, running: number, successful: number, failed: number, stopped: number, };

/**
 * One week of the duration trend.
 */
export type WeekDurations = {
/**
 * The Monday's UTC midnight.
 */
week: number,
/**
 * Finished runs (those with a duration).
 */
runs: number, avg_s: number | null, p50_s: number | null, p90_s: number | null, p95_s: number | null, max_s: number | null, };

export type Reasons = {
/**
 * The most frequent first (then by reason, no reason last), at most [`TOP_REASONS`].
 */
top: Array<Reason>,
/**
 * Failed runs of the reasons left out.
 */
other: number,
/**
 * How many distinct reasons there are (no reason counts as one).
 */
distinct: number, };

/**
 * A reason of failure, with its runs per exception type.
 */
export type Reason = {
/**
 * `None`: failed runs that gave no reason.
 */
reason: string | null, n: number,
/**
 * Percent of the failed runs (one decimal).
 */
share: number, business: number, system: number,
/**
 * Failed runs that named no exception type.
 */
unspecified: number, };

/**
 * Failed runs per exception type.
 */
export type Exceptions = { business: number, system: number,
/**
 * Failed runs that named no exception type.
 */
unspecified: number, };

export type Queues = { per_day: Array<QueueDay>,
/**
 * The longest backlog first.
 */
backlog: Array<Backlog>, sla: Sla, stuck: StuckCounts, };

/**
 * Items added on a day, by the status they have now.
 */
export type QueueDay = { day: number, added: number, new: number, in_progress: number, successful: number, failed: number, abandoned: number, };

export type Backlog = { queue: string, new: number, in_progress: number, total: number, };

export type Sla = {
/**
 * Ended by the deadline (items added in the range).
 */
met: number,
/**
 * Open, the deadline within the next hour (now).
 */
at_risk: number,
/**
 * `late` and `overdue` together.
 */
breached: number,
/**
 * Ended after the deadline (items added in the range).
 */
late: number,
/**
 * Open past the deadline (now).
 */
overdue: number,
/**
 * `met` in percent of `met` and `breached` (one decimal); `None` when both are 0.
 */
met_rate: number | null, };

export type StuckCounts = { in_progress: number, new: number,
/**
 * The thresholds, seconds.
 */
in_progress_after_s: number, new_after_s: number, };

/**
 * One run, its bot (`None` when Bot Profile has no bot of that name) and the bot's latest
 * runs of the same process (this one among them).
 */
export type RunDetail = { run: Record<string, unknown>, bot: Record<string, unknown> | null,
/**
 * Newest first.
 */
recent: Array<Record<string, unknown>>, };

export type Names = { processes: Array<string>, bots: Array<string>, queues: Array<string>, };
