import { describe, expect, it } from 'vitest';

import { isOneOf, paramOneOf, textParam, withParams } from './urlParams';

const TABS = ['members', 'invitations', 'roles'] as const;

describe('reading the URL', () => {
  it('takes a value among the known ones, else the fallback', () => {
    const tab = (query: string) => paramOneOf(new URLSearchParams(query), 'tab', TABS, 'members');
    expect([tab(''), tab('tab=roles'), tab('tab=nothing')]).toEqual(['members', 'roles', 'members']);
    expect(paramOneOf(new URLSearchParams('tab=x'), 'tab', TABS, null)).toBeNull();
    expect([isOneOf(TABS, 'roles'), isOneOf(TABS, null), isOneOf(TABS, undefined)]).toEqual([true, false, false]);
  });

  it('reads text trimmed, and a blank one as none', () => {
    const params = new URLSearchParams('q=+Payroll+&bot=++');
    expect([textParam(params, 'q'), textParam(params, 'bot'), textParam(params, 'none')]).toEqual([
      'Payroll',
      null,
      null,
    ]);
  });
});

describe('writing the URL', () => {
  it('writes values trimmed, leaves out blanks and defaults, and keeps the other parameters', () => {
    const current = new URLSearchParams('ticket=t9&q=old&sort=name');
    const next = withParams(
      current,
      { q: ' VPN ', status: null, owner: '  ', sort: '-created_at' },
      { sort: '-created_at' },
    );
    expect(next.toString()).toBe('ticket=t9&q=VPN');
    expect(withParams(next, { ticket: null }).toString()).toBe('q=VPN');
    expect(current.toString()).toBe('ticket=t9&q=old&sort=name');
  });
});
