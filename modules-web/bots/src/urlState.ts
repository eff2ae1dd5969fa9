/** The page's state kept in the URL (tab, inventory filters and sort, the open bot), so a view can be shared. */

import { validSort } from '@common/lib/sort';
import { BOT_TYPES, VENDORS, type BotFilters, type BotType, type Vendor } from './types';

/** The fields `GET /bots` sorts on. */
export const SORT_FIELDS = ['name', 'type', 'vendor', 'machine', 'licence_cost', 'updated_at', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT = 'name';

/** The URL parameter of the bot whose drawer is open. */
export const OPEN_PARAM = 'bot';

export const TABS = ['inventory', 'utilisation', 'calculation', 'keys'] as const;
export type Tab = (typeof TABS)[number];

const FILTER_PARAMS = ['q', 'type', 'vendor', 'owner_id', 'sort'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export const isBotType = (value: string | null): value is BotType => oneOf(BOT_TYPES, value) !== null;
export const isVendor = (value: string | null): value is Vendor => oneOf(VENDORS, value) !== null;

export function filtersFromParams(params: URLSearchParams): BotFilters {
  return {
    q: params.get('q') ?? '',
    type: oneOf(BOT_TYPES, params.get('type')),
    vendor: oneOf(VENDORS, params.get('vendor')),
    owner_id: params.get('owner_id') || null,
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out. */
export function withFilters(params: URLSearchParams, filters: BotFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) next.delete(key);
  const q = filters.q.trim();
  if (q) next.set('q', q);
  if (filters.type) next.set('type', filters.type);
  if (filters.vendor) next.set('vendor', filters.vendor);
  if (filters.owner_id) next.set('owner_id', filters.owner_id);
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

export function isFiltered(filters: BotFilters): boolean {
  return Boolean(filters.q.trim() || filters.type || filters.vendor || filters.owner_id);
}

export function clearedFilters(filters: BotFilters): BotFilters {
  return { ...filters, q: '', type: null, vendor: null, owner_id: null };
}

/** The tab the URL names; the API keys tab only for company administrators (inventory otherwise). */
export function tabFromParams(params: URLSearchParams, companyAdmin: boolean): Tab {
  const tab = oneOf(TABS, params.get('tab'));
  if (!tab || (tab === 'keys' && !companyAdmin)) return 'inventory';
  return tab;
}

export function withTab(params: URLSearchParams, tab: Tab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'inventory') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
