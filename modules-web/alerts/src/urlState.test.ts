import { describe, expect, it } from 'vitest';

import { incidentsQuery, statusFromParams, tabFromParams, withStatus, withTab } from './urlState';

const params = (text: string) => new URLSearchParams(text);

describe('urlState', () => {
  it('reads the tab and the incidents shown, with their defaults', () => {
    expect(tabFromParams(params(''))).toBe('incidents');
    expect(tabFromParams(params('tab=rules'))).toBe('rules');
    expect(tabFromParams(params('tab=signatures'))).toBe('signatures');
    expect(tabFromParams(params('tab=nonsense'))).toBe('incidents');
    expect(statusFromParams(params(''))).toBe('open');
    expect(statusFromParams(params('status=all'))).toBe('all');
    expect(statusFromParams(params('status=gone'))).toBe('open');
  });

  it('writes them, leaving out the defaults and keeping the open incident', () => {
    expect(withTab(params('incident=i1'), 'rules').toString()).toBe('incident=i1&tab=rules');
    expect(withTab(params('tab=rules&incident=i1'), 'incidents').toString()).toBe('incident=i1');
    expect(withStatus(params(''), 'closed').toString()).toBe('status=closed');
    expect(withStatus(params('status=closed'), 'open').toString()).toBe('');
  });

  it('asks for one status, or none for all', () => {
    expect(incidentsQuery('open', null)).toEqual({ status: 'open' });
    expect(incidentsQuery('all', 'c2')).toEqual({ cursor: 'c2' });
  });
});
