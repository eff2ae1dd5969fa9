/** The page's state kept in the URL (filters, sort, the open process), so a view can be shared. */

import { validSort } from '@common/lib/sort';
import { textParam, withParams } from '@common/lib/urlParams';
import { RECORD_PAGES } from '@common/domain/links';
import { isHealth, isStage } from '@common/domain/vocabulary';
import type { ProcessFilters } from './types';

/** The fields `GET /processes` sorts on. */
export const SORT_FIELDS = [
  'name',
  'stage',
  'health',
  'department',
  'monthly_volume',
  'benefit_money',
  'potential',
  'ease',
  'updated_at',
  'created_at',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const DEFAULT_SORT = '-updated_at';

/** The URL parameter of the process whose overview is open (other modules link to it). */
export const OPEN_PARAM = RECORD_PAGES.process.param;

export function filtersFromParams(params: URLSearchParams): ProcessFilters {
  const stage = params.get('stage');
  const health = params.get('health');
  return {
    q: params.get('q') ?? '',
    stage: isStage(stage) ? stage : null,
    health: isHealth(health) ? health : null,
    department: textParam(params, 'department'),
    owner_id: textParam(params, 'owner_id'),
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out of the URL. */
export function withFilters(params: URLSearchParams, filters: ProcessFilters): URLSearchParams {
  return withParams(params, { ...filters }, { sort: DEFAULT_SORT });
}

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(filters: ProcessFilters): boolean {
  return Boolean(filters.q.trim() || filters.stage || filters.health || filters.department || filters.owner_id);
}

/** The filters with every narrowing one cleared; the sort stays. */
export function clearedFilters(filters: ProcessFilters): ProcessFilters {
  return { ...filters, q: '', stage: null, health: null, department: null, owner_id: null };
}
