/** The page's state kept in the URL (the tab, the incidents shown, the open incident), so a view can be shared. */

import { paramOneOf, withParams } from '@common/lib/urlParams';

/** The URL parameter of the incident whose drawer is open (the mails link to `/Alerts?incident=<id>`). */
export const INCIDENT_PARAM = 'incident';

export const TABS = ['incidents', 'rules', 'signatures'] as const;
export type Tab = (typeof TABS)[number];

/** Which incidents the list shows: `GET /incidents?status=` open, closed, or all (no status). */
export const STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** What the page shows when the URL names nothing. */
const DEFAULTS = { tab: 'incidents', status: 'open' } as const satisfies { tab: Tab; status: StatusFilter };

export const tabFromParams = (params: URLSearchParams): Tab => paramOneOf(params, 'tab', TABS, DEFAULTS.tab);

export const statusFromParams = (params: URLSearchParams): StatusFilter =>
  paramOneOf(params, 'status', STATUS_FILTERS, DEFAULTS.status);

export const withTab = (params: URLSearchParams, tab: Tab) => withParams(params, { tab }, DEFAULTS);

export const withStatus = (params: URLSearchParams, status: StatusFilter) => withParams(params, { status }, DEFAULTS);

/** The query of `GET /incidents` for a filter and page. */
export function incidentsQuery(status: StatusFilter, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (status !== 'all') query.status = status;
  if (cursor) query.cursor = cursor;
  return query;
}
