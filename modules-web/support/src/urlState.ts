/**
 * The page's state kept in the URL (search, filters, sort, the open ticket), so a view can
 * be shared and survives a reload.
 */

import { validSort } from '@common/lib/sort';
import { paramOneOf, textParam, withParams } from '@common/lib/urlParams';
import { RECORD_PAGES } from '@common/domain/links';
import { TICKET_STATUSES } from '@common/domain/tickets';
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

/** The URL parameter of the ticket whose details are open (mails and other modules link to it). */
export const OPEN_PARAM = RECORD_PAGES.ticket.param;

export const NO_FILTERS: TicketFilters = {
  q: '',
  status: null,
  priority: null,
  assignee_id: null,
  process_id: null,
  bot_id: null,
  sort: DEFAULT_SORT,
};

export function filtersFromParams(params: URLSearchParams): TicketFilters {
  return {
    q: params.get('q') ?? '',
    status: paramOneOf(params, 'status', TICKET_STATUSES, null),
    priority: textParam(params, 'priority'),
    assignee_id: textParam(params, 'assignee_id'),
    process_id: textParam(params, 'process_id'),
    bot_id: textParam(params, 'bot_id'),
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out of the URL. */
export function withFilters(params: URLSearchParams, filters: TicketFilters): URLSearchParams {
  return withParams(params, { ...filters }, { sort: DEFAULT_SORT });
}

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(filters: TicketFilters): boolean {
  return Boolean(
    filters.q.trim() ||
    filters.status ||
    filters.priority ||
    filters.assignee_id ||
    filters.process_id ||
    filters.bot_id,
  );
}

/** The filters with every narrowing one cleared; the sort stays. */
export function clearedFilters(filters: TicketFilters): TicketFilters {
  return { ...NO_FILTERS, sort: filters.sort };
}

/** The query string of `GET /tickets`: empty filters left out, the search trimmed. */
export function listQuery(filters: TicketFilters, limit: number, cursor: string | null) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status ?? undefined,
    priority: filters.priority ?? undefined,
    assignee_id: filters.assignee_id ?? undefined,
    process_id: filters.process_id ?? undefined,
    bot_id: filters.bot_id ?? undefined,
    sort: filters.sort,
    limit,
    cursor: cursor ?? undefined,
  };
}
