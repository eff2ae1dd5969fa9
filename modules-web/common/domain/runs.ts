/**
 * The robots' runs: Bot Profile's `runs` collection, which the orchestrators feed through the
 * ingestion API and Operational Insight reads too. Times are unix seconds.
 */

export const RUN_STATUSES = ['running', 'successful', 'failed', 'stopped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A record of `runs`, as the orchestrator sent it; `duration_s` is computed by the host. */
export interface Run {
  id: string;
  external_id: string;
  bot: string;
  process: string;
  started_at: number;
  ended_at: number | null;
  status: RunStatus;
  /** Items processed (the collection's default is 0). */
  items: number | null;
  exception_type: 'business' | 'system' | null;
  reason: string | null;
  duration_s: number | null;
}
