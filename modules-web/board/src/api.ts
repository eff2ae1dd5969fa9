/** The Process Board API (`/api/m/board/...`, plugins/board/src) and the host's masters: answers and calls. */

import type { ApiClient, Query } from '@autoscope/web-sdk';

import { PROGRESS_STAGES, STAGE_LABELS } from '@common/domain/vocabulary';

import type { BoardReply, CardView, ColumnKey, ColumnView, Move, NewComment, Settings } from './generated';

/** The plugin's types, generated from its Rust types (./generated.ts), under the page's names. */
export type { ColumnKey } from './generated';
export type BoardColumn = ColumnView;
/** A process on the board, with its card's assignee and due date: the plugin's cards that are in a column. */
export type BoardCard = CardView & { column: ColumnKey };
/** `GET /board`, its cards in a column (the page has nowhere to show one in none). */
export type BoardAnswer = Omit<BoardReply, 'cards'> & { cards: BoardCard[] };

const inColumn = (card: CardView): card is BoardCard => card.column !== null;

/** The board's columns, in order: one per stage up to live, then `closed`, which holds retired and rejected. */
export const COLUMN_KEYS = [...PROGRESS_STAGES, 'closed'] as const satisfies readonly ColumnKey[];

/** Column labels for when the board's own answer is not there (the server sends them too). */
export const COLUMN_LABELS: Readonly<Record<ColumnKey, string>> = { ...STAGE_LABELS, closed: 'Retired or Rejected' };

/** A column's label: the board's own, else the built-in one. */
export function columnLabel(columns: readonly BoardColumn[], key: ColumnKey): string {
  return columns.find((column) => column.key === key)?.label ?? COLUMN_LABELS[key] ?? key;
}

/** The filters of `GET /board`; empty ones are left out. */
export interface BoardFilters {
  q: string;
  department: string | null;
  owner_id: string | null;
  assignee_id: string | null;
  health: string | null;
}

export interface CardComment {
  id: string;
  process_id: string;
  user_id: string | null;
  text: string;
  /** Unix seconds. */
  created_at: number;
}

export interface CardMove {
  id: string;
  process_id: string;
  from_stage: string;
  to_stage: string;
  user_id: string | null;
  created_at: number;
}

/** The card's own record (null fields until someone sets them). */
export interface CardRecord {
  assignee_id?: string | null;
  due?: number | null;
}

/** The process as Process Vault stores it (the drawer shows a few of its fields). */
export interface ProcessRecord {
  id: string;
  name: string;
  description?: string | null;
  department?: string | null;
  owner_id?: string | null;
  stage: string;
  health: string;
}

/** `GET /cards/{process_id}`. */
export interface CardDetail {
  card: CardRecord | null;
  process: ProcessRecord;
  comments: CardComment[];
  moves: CardMove[];
}

/** `GET /settings`: WIP limit per column; a column without one is missing (or null). */
export interface WipSettings {
  wip: Partial<Record<ColumnKey, number | null>>;
}

/** Query keys, scoped by the signed-in user (the shell's query client outlives a session). */
export const boardKeys = {
  all: (userId: string) => ['board', userId] as const,
  boards: (userId: string) => ['board', userId, 'board'] as const,
  board: (userId: string, filters: BoardFilters) => ['board', userId, 'board', filters] as const,
  cards: (userId: string) => ['board', userId, 'card'] as const,
  card: (userId: string, processId: string) => ['board', userId, 'card', processId] as const,
  settings: (userId: string) => ['board', userId, 'settings'] as const,
};

/** The mutation key of moves: refetches wait until the last move in flight has settled. */
export const MOVE_MUTATION_KEY = ['board', 'move'] as const;

export function filtersQuery(filters: BoardFilters): Query {
  return {
    q: filters.q.trim() || undefined,
    department: filters.department ?? undefined,
    owner_id: filters.owner_id ?? undefined,
    assignee_id: filters.assignee_id ?? undefined,
    health: filters.health ?? undefined,
  };
}

/** Whether any filter is set (a blank search is none). */
export function hasFilters(filters: BoardFilters): boolean {
  return Object.values(filtersQuery(filters)).some((value) => value !== undefined);
}

const cardPath = (processId: string) => `/cards/${encodeURIComponent(processId)}`;

export const boardApi = {
  board: (api: ApiClient, filters: BoardFilters, signal?: AbortSignal) =>
    api
      .get<BoardReply>('/board', { signal, query: filtersQuery(filters) })
      .then((answer): BoardAnswer => ({ ...answer, cards: answer.cards.filter(inColumn) })),
  move: (api: ApiClient, card: BoardCard, to: ColumnKey, stage?: string) =>
    api.post<{ card: Partial<BoardCard> | null }>(`${cardPath(card.process_id)}/move`, {
      to,
      version: card.version,
      stage,
    } satisfies Move),
  card: (api: ApiClient, processId: string, signal?: AbortSignal) =>
    api.get<CardDetail>(cardPath(processId), { signal }),
  updateCard: (api: ApiClient, processId: string, changes: CardRecord) =>
    api.patch<CardRecord>(cardPath(processId), changes),
  comment: (api: ApiClient, processId: string, text: string) =>
    api.post<CardComment>(`${cardPath(processId)}/comments`, { text } satisfies NewComment),
  settings: (api: ApiClient, signal?: AbortSignal) => api.get<WipSettings>('/settings', { signal }),
  saveSettings: (api: ApiClient, wip: Settings['wip']) => api.put<WipSettings>('/settings', { wip } satisfies Settings),
};
