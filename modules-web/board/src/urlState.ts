/** The page's state kept in the URL (the filters and the swimlanes), so a view can be shared and reloaded. */

import { paramOneOf, textParam, withParams } from '@common/lib/urlParams';
import { HEALTHS } from '@common/domain/vocabulary';
import type { BoardFilters } from './api';
import { LANE_MODES, type LaneMode } from './lanes';

/** No filter: the whole board. */
export const NO_FILTERS: BoardFilters = { q: '', department: null, owner_id: null, assignee_id: null, health: null };

/** The URL parameter of the swimlanes (left out for none). */
const LANES_PARAM = 'lanes';
const LANE_KEYS = LANE_MODES.map((mode) => mode.value);

/** The filters, under the names the board's API takes them. */
export function filtersFromParams(params: URLSearchParams): BoardFilters {
  return {
    q: params.get('q') ?? '',
    department: textParam(params, 'department'),
    owner_id: textParam(params, 'owner_id'),
    assignee_id: textParam(params, 'assignee_id'),
    health: paramOneOf(params, 'health', HEALTHS, null),
  };
}

/** `params` with the filters replaced; empty ones are left out. */
export function withFilters(params: URLSearchParams, filters: BoardFilters): URLSearchParams {
  return withParams(params, { ...filters });
}

export function laneModeFromParams(params: URLSearchParams): LaneMode {
  return paramOneOf(params, LANES_PARAM, LANE_KEYS, 'none');
}

/** `params` with the swimlanes set (none is left out). */
export function withLaneMode(params: URLSearchParams, mode: LaneMode): URLSearchParams {
  return withParams(params, { [LANES_PARAM]: mode }, { [LANES_PARAM]: 'none' });
}
