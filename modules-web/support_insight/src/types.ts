/**
 * What Support Insight's plugin answers (`GET /api/m/support_insight/insight`,
 * plugins/support_insight/src). Times are unix seconds.
 */

import type { Bucket } from './range';

/** A bucket's start and its tickets. */
export interface Point {
  at: number;
  n: number;
}

/** Targets met and breached. */
export interface Outcomes {
  met: number;
  breached: number;
}

export interface Load {
  /** Null: the tickets nobody is assigned. */
  assignee_id: string | null;
  open: number;
  in_progress: number;
  waiting: number;
}

/** Every figure over the range; the workload, open breaches and pending approvals are as of now. */
export interface Insight {
  available: true;
  range: { from: number; to: number; bucket: Bucket };
  /** Tickets created in the range, per status (every status, 0 when none). */
  by_status: Record<string, number>;
  /** The same per priority: the masters' four and any other a ticket carries. */
  by_priority: Record<string, number>;
  /** Every bucket of the range, in order. */
  opened: Point[];
  closed: Point[];
  /** Null when no ticket of the range has one. */
  mean_first_response_seconds: number | null;
  mean_resolution_seconds: number | null;
  sla: {
    /** Over the tickets responded to. */
    response: Outcomes;
    /** Over the resolved tickets. */
    resolution: Outcomes;
    /** Resolution targets met in percent; null when nothing is resolved. */
    compliance_pct: number | null;
  };
  breaches_open: number;
  approvals_pending: number;
  /** Most tickets first. */
  per_process: { process_id: string; n: number }[];
  per_bot: { bot_id: string; n: number }[];
  /** Busiest first, the unassigned tickets last. */
  workload: Load[];
}

/** Ticket Management is not installed: there is nothing to show. */
export interface Unavailable {
  available: false;
}

export type InsightAnswer = Insight | Unavailable;

/** Ticket Management's `GET /processes`: the vault's process names (empty without the vault). */
export interface ProcessName {
  id: string;
  name: string;
}
