import { describe, expect, it } from 'vitest';

import { withParams } from '@common/lib/urlParams';
import type { TicketFilters } from './types';
import {
  NO_FILTERS,
  OPEN_PARAM,
  clearedFilters,
  filtersFromParams,
  isFiltered,
  listQuery,
  withFilters,
} from './urlState';

describe('the URL state', () => {
  it('reads no filters and the newest first from an empty URL', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(NO_FILTERS);
    expect(NO_FILTERS.sort).toBe('-created_at');
  });

  it('reads every filter and the sort', () => {
    const params = new URLSearchParams(
      'q=%2312&status=waiting&priority=High&assignee_id=u1&process_id=p1&bot_id=Invoice+bot&sort=resolution_due',
    );
    expect(filtersFromParams(params)).toEqual({
      q: '#12',
      status: 'waiting',
      priority: 'High',
      assignee_id: 'u1',
      process_id: 'p1',
      bot_id: 'Invoice bot',
      sort: 'resolution_due',
    });
  });

  it('drops a status or sort the list does not know', () => {
    expect(filtersFromParams(new URLSearchParams('status=done&sort=-requester_id&priority='))).toEqual(NO_FILTERS);
    expect(filtersFromParams(new URLSearchParams('sort=-number')).sort).toBe('-number');
  });

  it('writes only what differs from the defaults and keeps the open ticket', () => {
    const next = withFilters(new URLSearchParams('ticket=t1&q=old&status=open'), {
      ...NO_FILTERS,
      q: '  #12 ',
      priority: 'Critical',
      bot_id: '  ',
    });
    expect(next.toString()).toBe('ticket=t1&q=%2312&priority=Critical');
    expect(withFilters(new URLSearchParams(), { ...NO_FILTERS, sort: 'title' }).toString()).toBe('sort=title');
  });

  it('reads back what it writes', () => {
    const filters: TicketFilters = {
      ...NO_FILTERS,
      q: 'vpn down',
      status: 'in_progress',
      bot_id: 'b7',
      sort: '-number',
    };
    expect(filtersFromParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('opens a ticket by its own parameter, which changing the filters keeps', () => {
    const opened = withParams(new URLSearchParams('status=open'), { [OPEN_PARAM]: 't9' });
    expect(opened.toString()).toBe('status=open&ticket=t9');
    expect(withFilters(opened, NO_FILTERS).toString()).toBe('ticket=t9');
  });

  it('counts a narrowing filter, not the sort or blanks', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, q: '  ', sort: 'title' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, process_id: 'p1' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, bot_id: 'b1' })).toBe(true);
  });

  it('clears the filters and keeps the sort', () => {
    expect(clearedFilters({ ...NO_FILTERS, q: 'x', status: 'closed', sort: 'title' })).toEqual({
      ...NO_FILTERS,
      sort: 'title',
    });
  });

  it('asks the plugin for what is set, trimmed', () => {
    expect(listQuery({ ...NO_FILTERS, q: ' #12 ', assignee_id: 'u1' }, 50, null)).toEqual({
      q: '#12',
      status: undefined,
      priority: undefined,
      assignee_id: 'u1',
      process_id: undefined,
      bot_id: undefined,
      sort: '-created_at',
      limit: 50,
      cursor: undefined,
    });
    expect(listQuery(NO_FILTERS, 500, 'c2').cursor).toBe('c2');
  });
});
