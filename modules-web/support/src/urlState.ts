/**
 * The page's state kept in the URL (search, filters, sort, the open ticket), so a view can
 * be shared and survives a reload.
 */

import { validSort } from '@common/lib/sort';
import { isTicketStatus } from '@common/domain/tickets';
import type { TicketFilters } from './types';

/** The fields `GET /tickets` sorts on. */
export const SORT_FIELDS = [
  'number',
  'title',
  'status',
  'priority',
  'created_at',
  'updated_at',
  'resolution_due',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const DEFAULT_SORT = '-created_at';

/** The URL parameter of the ticket whose details are open. */
export const OPEN_PARAM = 'ticket';

const FILTER_PARAMS = ['q', 'status', 'priority', 'assignee_id', 'process_id', 'bot_id', 'sort'] as const;

export const NO_FILTERS: TicketFilters = {
  q: '',
  status: null,
  priority: null,
  assignee_id: null,
  process_id: null,
  bot_id: '',
  sort: DEFAULT_SORT,
};

export function filtersFromParams(params: URLSearchParams): TicketFilters {
  const status = params.get('status');
  return {
    q: params.get('q') ?? '',
    status: isTicketStatus(status) ? status : null,
    priority: params.get('priority') || null,
    assignee_id: params.get('assignee_id') || null,
    process_id: params.get('process_id') || null,
    bot_id: params.get('bot_id') ?? '',
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out of the URL. */
export function withFilters(params: URLSearchParams, filters: TicketFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) next.delete(key);
  const q = filters.q.trim();
  const bot = filters.bot_id.trim();
  if (q) next.set('q', q);
  if (filters.status) next.set('status', filters.status);
  if (filters.priority) next.set('priority', filters.priority);
  if (filters.assignee_id) next.set('assignee_id', filters.assignee_id);
  if (filters.process_id) next.set('process_id', filters.process_id);
  if (bot) next.set('bot_id', bot);
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(filters: TicketFilters): boolean {
  return Boolean(
    filters.q.trim() ||
    filters.status ||
    filters.priority ||
    filters.assignee_id ||
    filters.process_id ||
    filters.bot_id.trim(),
  );
}

/** The filters with every narrowing one cleared; the sort stays. */
export function clearedFilters(filters: TicketFilters): TicketFilters {
  return { ...NO_FILTERS, sort: filters.sort };
}

/** The query string of `GET /tickets`: empty filters left out, the search and bot trimmed. */
export function listQuery(filters: TicketFilters, limit: number, cursor: string | null) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status ?? undefined,
    priority: filters.priority ?? undefined,
    assignee_id: filters.assignee_id ?? undefined,
    process_id: filters.process_id ?? undefined,
    bot_id: filters.bot_id.trim() || undefined,
    sort: filters.sort,
    limit,
    cursor: cursor ?? undefined,
  };
}
