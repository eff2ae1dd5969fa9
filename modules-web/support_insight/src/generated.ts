// Generated from Rust types by the test in plugins/support_insight/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-support_insight --lib generated_typescript_is_current

/**
 * Every figure over the range; the workload, open breaches and pending approvals are as of now.
 */
export type Insight = {
/**
 * Always true (`{available: false}` when Ticket Management is not installed).
 */
available: true, range: RangeAnswer,
/**
 * The series' bucket.
 */
bucket: "day" | "week" | "month",
/**
 * Tickets created in the range, per status (every status, 0 when none).
 */
by_status: Record<string, number>,
/**
 * The same per priority: the masters' four and any other a ticket carries.
 */
by_priority: Record<string, number>,
/**
 * Every bucket of the range, in order.
 */
opened: Array<Point>, closed: Array<Point>,
/**
 * Whole seconds; null when no ticket of the range has one.
 */
mean_first_response_seconds: number | null, mean_resolution_seconds: number | null, sla: Sla, breaches_open: number, approvals_pending: number,
/**
 * Most tickets first.
 */
per_process: Array<{ process_id: string, n: number }>, per_bot: Array<{ bot_id: string, n: number }>,
/**
 * Busiest first, the unassigned tickets last.
 */
workload: Array<Load>, };

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

export type Point = {
/**
 * The bucket's start, unix seconds.
 */
at: number, n: number, };

export type Sla = {
/**
 * Over the tickets that were responded to.
 */
response: Outcomes,
/**
 * Over the tickets that are resolved (or closed).
 */
resolution: Outcomes,
/**
 * Resolution targets met, in percent of the resolved tickets (one decimal); null
 * when none is resolved.
 */
compliance_pct: number | null, };

/**
 * How many targets were met and how many breached.
 */
export type Outcomes = { met: number, breached: number, };

export type Load = {
/**
 * Null (`None`): the tickets nobody is assigned.
 */
assignee_id: string | null, open: number, in_progress: number, waiting: number, };
