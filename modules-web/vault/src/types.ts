/**
 * What the vault plugin's API answers (`/api/m/vault/...`, plugins/vault/src). The types of its
 * Rust answers and bodies are generated (./generated.ts); its records are written here.
 */

import type { Complexity, Health, Stage } from '@common/domain/vocabulary';
import type { Change, ImportReply } from './generated';

export type { Change, Formulas, Summary } from './generated';
/** `POST /processes/import`. */
export type ImportResult = ImportReply;

/** A record of `processes`. Times are unix seconds; the scores are computed by the server. */
export interface Process {
  id: string;
  version: number;
  created_at: number;
  updated_at: number;
  name: string;
  description: string | null;
  department: string | null;
  owner_id: string | null;
  applications: string[] | null;
  stage: Stage;
  health: Health;
  monthly_volume: number;
  handling_minutes: number;
  hourly_cost: number;
  exception_rate: number;
  automation_pct: number;
  complexity: Complexity;
  bots: string[] | null;
  submitted_by: string | null;
  ftes: number;
  rule_based: number | null;
  input_type: number | null;
  input_structure: number | null;
  stability: number | null;
  documentation: number | null;
  /** Null until the quick assessment has been answered. */
  potential: number | null;
  ease: number;
  benefit_hours: number;
  benefit_money: number;
  benefit_fte: number;
}

export type HistoryAction = 'created' | 'updated' | 'stage' | 'assessed' | 'document';

export interface HistoryEntry {
  id: string;
  process_id: string;
  user_id: string | null;
  action: HistoryAction;
  changes: Change[] | null;
  note: string | null;
  created_at: number;
}

export interface DocumentMeta {
  id: string;
  name: string;
  mime: string | null;
  size: number;
  uploaded_by: string | null;
  created_at: number;
}

/** A `support.tickets` record, fields as the support module stores them. */
export type Ticket = Record<string, unknown> & { id: string };

export interface TicketsAnswer {
  /** False when Ticket Management is not installed. */
  available: boolean;
  items: Ticket[];
}

/** The list filters, as the URL and `GET /processes` carry them. */
export interface ProcessFilters {
  q: string;
  stage: Stage | null;
  health: Health | null;
  department: string | null;
  owner_id: string | null;
  /** A sort field, `-` first for descending. */
  sort: string;
}
