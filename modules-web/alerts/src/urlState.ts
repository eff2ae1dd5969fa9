/** The page's state kept in the URL (the tab, the incidents shown, the open incident), so a view can be shared. */

/** The URL parameter of the incident whose drawer is open (the mails link to `/Alerts?incident=<id>`). */
export const INCIDENT_PARAM = 'incident';

export const TABS = ['incidents', 'rules', 'signatures'] as const;
export type Tab = (typeof TABS)[number];

/** Which incidents the list shows: `GET /incidents?status=` open, closed, or all (no status). */
export const STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function tabFromParams(params: URLSearchParams): Tab {
  return oneOf(TABS, params.get('tab'), 'incidents');
}

export function statusFromParams(params: URLSearchParams): StatusFilter {
  return oneOf(STATUS_FILTERS, params.get('status'), 'open');
}

/** `params` with `name` set, or left out at its default; the rest stays. */
function withParam(params: URLSearchParams, name: string, value: string, fallback: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === fallback) next.delete(name);
  else next.set(name, value);
  return next;
}

export const withTab = (params: URLSearchParams, tab: Tab) => withParam(params, 'tab', tab, 'incidents');

export const withStatus = (params: URLSearchParams, status: StatusFilter) =>
  withParam(params, 'status', status, 'open');

/** The query of `GET /incidents` for a filter and page. */
export function incidentsQuery(status: StatusFilter, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (status !== 'all') query.status = status;
  if (cursor) query.cursor = cursor;
  return query;
}
