/**
 * What the support plugin's API answers (`/api/m/support/...`, plugins/support/src). Times are unix seconds.
 * The types of its Rust answers and bodies are generated (./generated.ts); its records are written here.
 */

import type { TicketStatus } from '@common/domain/tickets';
import type { Policy, SlaReply } from './generated';

export type { Summary } from './generated';
export type SlaPolicy = Policy;
/** `GET /sla`: one policy per priority; `editable` when the caller is a company administrator. */
export type SlaAnswer = SlaReply;

export const APPROVALS = ['none', 'pending', 'approved', 'declined'] as const;
export type TicketApproval = (typeof APPROVALS)[number];

/** A record of `tickets`. Optional fields may be missing or null until set. */
export interface Ticket {
  id: string;
  version: number;
  created_at: number;
  updated_at: number;
  /** Per company: 1, 2, 3… */
  number: number;
  title: string;
  description?: string | null;
  /** A ticket category name of the host's masters. */
  category?: string | null;
  /** A ticket priority name of the host's masters. */
  priority: string;
  requester_id: string;
  assignee_id?: string | null;
  status: TicketStatus;
  process_id?: string | null;
  /** A bot's name from Bot Profile's inventory; older tickets may hold any text. */
  bot_id?: string | null;
  first_response_at?: number | null;
  resolved_at?: number | null;
  closed_at?: number | null;
  /** Set while the ticket waits: the SLA clock is paused. */
  waiting_since?: number | null;
  paused_seconds?: number | null;
  response_due?: number | null;
  resolution_due?: number | null;
  response_seconds?: number | null;
  resolution_seconds?: number | null;
  response_breached?: boolean | null;
  resolution_breached?: boolean | null;
  approval?: TicketApproval | null;
  /** The Alerts failure signature the ticket was opened for. */
  signature_id?: string | null;
  /** Set when the signature went quiet: closing is offered until it fails again. */
  close_offered_at?: number | null;
}

/** The list's filters and sort, as the URL and `GET /tickets` carry them. */
export interface TicketFilters {
  q: string;
  status: TicketStatus | null;
  priority: string | null;
  assignee_id: string | null;
  process_id: string | null;
  /** A bot's name (Bot Profile's inventory), or whatever an older ticket holds. */
  bot_id: string | null;
  /** A sort field, `-` first for descending. */
  sort: string;
}

export interface TicketComment {
  id: string;
  ticket_id: string;
  /** Null for what the module wrote itself (a failure signature's recurrence). */
  user_id: string | null;
  text: string;
  /** The event a comment was written for. */
  source_event?: string | null;
  created_at: number;
}

export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'status',
  'assigned',
  'comment',
  'attachment',
  'approval_requested',
  'approved',
  'declined',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface HistoryEntry {
  id: string;
  ticket_id: string;
  user_id: string | null;
  action: HistoryAction;
  /** JSON: `[{field, from, to}]`. */
  changes?: unknown;
  note?: string | null;
  created_at: number;
}

export interface AttachmentMeta {
  id: string;
  ticket_id?: string;
  name: string;
  mime: string | null;
  size: number;
  uploaded_by?: string | null;
  created_at?: number;
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** One person asked to approve a ticket (never the token or its hash). */
export interface Approval {
  id?: string;
  person_id: string;
  requested_by?: string | null;
  created_at?: number;
  status: ApprovalStatus;
  decided_at?: number | null;
  expires_at?: number | null;
}

/** `GET /tickets/{id}`. */
export interface TicketDetail {
  ticket: Ticket;
  comments: TicketComment[];
  history: HistoryEntry[];
  attachments: AttachmentMeta[];
  approvals: Approval[];
}

/** `GET /processes`: Process Vault's processes, `[]` when the vault is not installed. */
export interface ProcessOption {
  id: string;
  name: string;
}

/** `GET /bots`: Bot Profile's bots, by name; `[]` when Bot Profile is not installed. */
export interface BotOption {
  id: string;
  name: string;
}

/** The realtime message of the `tickets` channel, sent on every change. */
export interface TicketMessage {
  ticket_id: string;
}
