/**
 * The admin lists the host pages itself (GET /api/admin/enterpriseRequests, /users, /logs):
 * their query strings, filters, and the CSV export of the system log. Their items are the
 * host's types (./generated).
 */

import { saveBlob } from '@autoscope/web-sdk';

import { API_BASE, ApiError, FALLBACK_MESSAGE } from '../../../api/client';
import type { EnterpriseRequestItem, PersonCompany } from './generated';

/** Rows per page of the admin lists the host pages. */
export const SERVER_PAGE_SIZE = 20;

/** How many pages `total` items take (one at least, so the pager shows page 1 of an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `path` with the non-blank `params` as its query, in the given order. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text !== '') query.set(key, text);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether Upgrade is offered: the request is pending and the company is not enterprise yet. */
export function canUpgrade(request: Pick<EnterpriseRequestItem, 'handledAt' | 'edition'>): boolean {
  return request.handledAt === null && request.edition !== 'enterprise';
}

/** How a person's company reads in the list: `Acme (admin, deactivated)`. */
export function personCompanyLabel(company: PersonCompany): string {
  const notes = [
    company.companyAdmin ? 'admin' : null,
    company.status !== 'active' ? company.status : null,
    company.companyDeactivated ? 'company deactivated' : null,
  ].filter((note): note is string => note !== null);
  return notes.length ? `${company.name} (${notes.join(', ')})` : company.name;
}

/** The host path of the people list. */
export function peoplePath(search: string, page: number, pageSize = SERVER_PAGE_SIZE): string {
  return withQuery('/admin/users', { search, page, pageSize });
}

/** The log's filters as the page holds them; days are `YYYY-MM-DD`, blank when not chosen. */
export interface LogFilters {
  company: string;
  user: string;
  level: string;
  from: string;
  to: string;
  /** An event's name, exactly (`module.log.<key>`: a module's own lines). */
  event: string;
}

export const NO_LOG_FILTERS: LogFilters = { company: '', user: '', level: '', from: '', to: '', event: '' };

/** The host's words for a range that ends before it starts (host/src/admin/logs.rs). */
export const REVERSED_DAYS = 'The start date must be on or before the end date';

/** What is wrong with the filters before asking the host, or null. */
export function logFiltersError(filters: LogFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to ? REVERSED_DAYS : null;
}

/** The host path of one page of the filtered log. */
export function logsPath(filters: LogFilters, page: number, pageSize = SERVER_PAGE_SIZE): string {
  return withQuery('/admin/logs', { ...filters, page, pageSize });
}

/** The host path of the filtered log as CSV (every page). */
export function logsExportPath(filters: LogFilters): string {
  return withQuery('/admin/logs/export', { ...filters });
}

/** The export's file name: the days it covers when chosen. */
export function logsFileName(filters: LogFilters): string {
  const days = [filters.from, filters.to].filter(Boolean).join('_to_');
  return days ? `system-logs_${days}.csv` : 'system-logs.csv';
}

/** Fetches a file from the host with the session's token and has the browser save it. */
export async function downloadFile(path: string, token: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(0, FALLBACK_MESSAGE);
  }
  if (!response.ok) {
    const text = await response.text();
    let message = FALLBACK_MESSAGE;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not the host's JSON: the fallback says it.
    }
    throw new ApiError(response.status, message);
  }
  saveBlob(await response.blob(), fileName);
}
