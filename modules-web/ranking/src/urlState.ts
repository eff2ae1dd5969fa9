/**
 * The page's state kept in the URL, so a view can be shared and survives a reload: the
 * ranking's filters and sort (`?q=claims&department=Finance&bucket=quick_win&sort=-ease`)
 * and a what-if's weights (`?benefit=50&ease=100&potential=20`, while they differ from the
 * saved ones).
 */

import { validSort } from '@common/lib/sort';
import { paramOneOf, textParam, withParams } from '@common/lib/urlParams';
import type { BucketKey, Weights } from './api';
import { BUCKET_KEYS } from './buckets';
import { WEIGHT_KEYS, weightsProblem } from './weights';

/** The fields the table sorts on; the rank (best first) by default. */
export const SORT_FIELDS = ['rank', 'name', 'department', 'value', 'ease', 'potential', 'benefit_money'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT = 'rank';

export interface RankingFilters {
  /** Part of a process's name. */
  q: string;
  department: string | null;
  bucket: BucketKey | null;
  /** A sort field, `-` first for descending. */
  sort: string;
}

export function filtersFromParams(params: URLSearchParams): RankingFilters {
  return {
    q: params.get('q') ?? '',
    department: textParam(params, 'department'),
    bucket: paramOneOf(params, 'bucket', BUCKET_KEYS, null),
    sort: validSort(params.get('sort'), SORT_FIELDS, DEFAULT_SORT),
  };
}

/** `params` with the filters replaced; defaults and empty values are left out. */
export function withFilters(params: URLSearchParams, filters: RankingFilters): URLSearchParams {
  return withParams(params, { ...filters }, { sort: DEFAULT_SORT });
}

/** The filters with every narrowing one cleared; the sort stays. */
export function clearedFilters(filters: RankingFilters): RankingFilters {
  return { ...filters, q: '', department: null, bucket: null };
}

/** The what-if weights the URL holds: all three, as the server takes them; else null (the saved ones). */
export function weightsFromParams(params: URLSearchParams): Weights | null {
  const read = (key: keyof Weights) => Number(textParam(params, key) ?? Number.NaN);
  const weights: Weights = { benefit: read('benefit'), ease: read('ease'), potential: read('potential') };
  return weightsProblem(weights) === null ? weights : null;
}

/** `params` with what-if weights written, or removed with null. */
export function withWeights(params: URLSearchParams, weights: Weights | null): URLSearchParams {
  return withParams(params, Object.fromEntries(WEIGHT_KEYS.map((key) => [key, weights ? String(weights[key]) : null])));
}
