/**
 * What Support Insight's plugin answers (`GET /api/m/support_insight/insight`). Times are unix
 * seconds. The figures' types are generated from the plugin's (./generated.ts); only what the
 * SDK or another module answers is written here.
 */

import type { Insight } from './generated';

export type { Insight, Load, Outcomes, Point, RangeAnswer, Sla } from './generated';

/** Ticket Management is not installed: there is nothing to show (the SDK's `reply::unavailable`). */
export interface Unavailable {
  available: false;
}

export type InsightAnswer = Insight | Unavailable;

/** Ticket Management's `GET /processes`: the vault's process names (empty without the vault). */
export interface ProcessName {
  id: string;
  name: string;
}
