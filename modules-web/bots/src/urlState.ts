/** The page's state kept in the URL (tab, inventory filters and sort, the open bot), so a view can be shared. */

import { validSort } from '@common/lib/sort';
import { isOneOf, paramOneOf, textParam, withParams } from '@common/lib/urlParams';
import { RECORD_PAGES } from '@common/domain/links';
import { BOT_TYPES, RUN_STATUSES, VENDORS, type BotFilters, type BotType, type RunStatus, type Vendor } from './types';

/** The fields `GET /bots` sorts on. */
export const SORT_FIELDS = ['name', 'type', 'vendor', 'machine', 'licence_cost', 'updated_at', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT = 'name';

/** The URL parameter of the bot whose drawer is open (other modules link to it). */
export const OPEN_PARAM = RECORD_PAGES.bot.param;
/**
 * The open bot's Runs tab and its status filter (`?runs=all`, `?runs=failed`); without it the
 * drawer shows its overview. Dropped with the drawer.
 */
export const RUNS_PARAM = 'runs';
export type RunsView = RunStatus | 'all' | null;
const RUNS_VIEWS = [...RUN_STATUSES, 'all'] as const;

export function runsViewFromParams(params: URLSearchParams): RunsView {
  return paramOneOf(params, RUNS_PARAM, RUNS_VIEWS, null);
}

export function withRunsView(params: URLSearchParams, view: RunsView): URLSearchParams {
  return withParams(params, { [RUNS_PARAM]: view });
}

export const TABS = ['inventory', 'utilisation', 'calculation', 'keys'] as const;
export type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = 'inventory';

export const isBotType = (value: string | null): value is BotType => isOneOf(BOT_TYPES, value);
export const isVendor = (value: string | null): value is Vendor => isOneOf(VENDORS, value);

export function filtersFromParams(params: URLSearchParams): BotFilters {
  return {
    q: params.get('q') ?? '',
    type: paramOneOf(params, 'type', BOT_TYPES, null),
    vendor: paramOneOf(params, 'vendor', VENDORS, null),
    owner_id: textParam(params, 'owner_id'),
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out. */
export function withFilters(params: URLSearchParams, filters: BotFilters): URLSearchParams {
  return withParams(params, { ...filters }, { sort: DEFAULT_SORT });
}

export function isFiltered(filters: BotFilters): boolean {
  return Boolean(filters.q.trim() || filters.type || filters.vendor || filters.owner_id);
}

export function clearedFilters(filters: BotFilters): BotFilters {
  return { ...filters, q: '', type: null, vendor: null, owner_id: null };
}

/** The tab the URL names; the API keys tab only for company administrators (inventory otherwise). */
export function tabFromParams(params: URLSearchParams, companyAdmin: boolean): Tab {
  const tab = paramOneOf(params, 'tab', TABS, DEFAULT_TAB);
  return tab === 'keys' && !companyAdmin ? DEFAULT_TAB : tab;
}

export function withTab(params: URLSearchParams, tab: Tab): URLSearchParams {
  return withParams(params, { tab }, { tab: DEFAULT_TAB });
}
