import { describe, expect, it } from 'vitest';

import {
  clearedFilters,
  isFiltered,
  overviewQuery,
  paramsWithState,
  rangeProblem,
  runsQuery,
  shownDays,
  stateFromParams,
  stuckQuery,
  utcToday,
  withKind,
  type PageState,
} from './params';

const TODAY = '2026-03-18';

function state(query: string): PageState {
  return stateFromParams(new URLSearchParams(query));
}

describe('the page state in the URL', () => {
  it('defaults to the last 30 days without filters', () => {
    expect(state('')).toEqual({
      kind: '30',
      from: '',
      to: '',
      process: null,
      bot: null,
      queue: null,
      status: null,
      stuck: 'in_progress',
    });
    expect(shownDays(state(''), TODAY)).toEqual({ from: '2026-02-17', to: TODAY });
  });

  it('reads presets, custom days, filters, the status and the stuck kind', () => {
    expect(shownDays(state('range=7'), TODAY)).toEqual({ from: '2026-03-12', to: TODAY });
    const custom = state(
      'range=custom&from=2026-03-02&to=2026-03-09&process=Invoices&bot=%20Alpha%20&queue=&status=failed&stuck=new',
    );
    expect(custom).toEqual({
      kind: 'custom',
      from: '2026-03-02',
      to: '2026-03-09',
      process: 'Invoices',
      bot: 'Alpha',
      queue: null,
      status: 'failed',
      stuck: 'new',
    });
    expect(shownDays(custom, TODAY)).toEqual({ from: '2026-03-02', to: '2026-03-09' });
  });

  it('ignores unknown values', () => {
    expect(state('range=365&status=done&stuck=old')).toEqual(state(''));
    // Days count only for a custom range.
    expect(state('from=2026-01-01&to=2026-01-02').from).toBe('');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const current = new URLSearchParams('run=abc&range=90&bot=Old');
    const next = paramsWithState(current, { ...state(''), process: 'Payroll', stuck: 'new' });
    expect(next.toString()).toBe('run=abc&process=Payroll&stuck=new');
    const custom = paramsWithState(
      new URLSearchParams(),
      state('range=custom&from=2026-03-02&to=2026-03-09&status=running'),
    );
    expect(custom.toString()).toBe('range=custom&from=2026-03-02&to=2026-03-09&status=running');
    expect(stateFromParams(custom)).toEqual(state('range=custom&from=2026-03-02&to=2026-03-09&status=running'));
  });
});

describe('the range', () => {
  it('refuses custom days that are missing, reversed or over 400 days', () => {
    expect(rangeProblem(state('range=custom'))).toBe('Choose a start and an end date');
    expect(rangeProblem(state('range=custom&from=2026-02-30&to=2026-03-01'))).toBe('Choose a start and an end date');
    expect(rangeProblem(state('range=custom&from=2026-03-10&to=2026-03-09'))).toBe(
      'The start date must be on or before the end date',
    );
    expect(rangeProblem(state('range=custom&from=2025-02-12&to=2026-03-18'))).toBeNull();
    expect(rangeProblem(state('range=custom&from=2025-02-11&to=2026-03-18'))).toBe('Choose at most 400 days');
    expect(rangeProblem(state('range=7'))).toBeNull();
  });

  it('starts custom days from the preset shown and goes back to presets', () => {
    const custom = withKind(state('range=7&bot=Alpha'), 'custom', TODAY);
    expect(custom).toMatchObject({ kind: 'custom', from: '2026-03-12', to: TODAY, bot: 'Alpha' });
    expect(withKind(custom, 'custom', '2030-01-01')).toBe(custom);
    expect(withKind(custom, '90', TODAY)).toMatchObject({ kind: '90', from: '', to: '', bot: 'Alpha' });
  });

  it('ends presets on the UTC day of now, whatever the time zone', () => {
    // 2026-03-18 23:30 UTC is still the 18th in UTC (the tests run in Los Angeles, where it is the 18th at 16:30).
    expect(utcToday(Date.UTC(2026, 2, 18, 23, 30))).toBe('2026-03-18');
    // Still the 18th in Los Angeles.
    expect(utcToday(Date.UTC(2026, 2, 19, 0, 30))).toBe('2026-03-19');
  });
});

describe('the queries', () => {
  const custom = state('range=custom&from=2026-03-02&to=2026-03-09&process=P&bot=B&queue=Q&status=failed&stuck=new');

  it('ask the overview for the days and every filter', () => {
    expect(overviewQuery(custom, TODAY)).toEqual({
      from: '2026-03-02',
      to: '2026-03-09',
      process: 'P',
      bot: 'B',
      queue: 'Q',
    });
    expect(overviewQuery(state('range=custom&from=x'), TODAY)).toBeNull();
  });

  it('ask runs without the queue, and stuck items without the bot', () => {
    expect(runsQuery(custom, TODAY, 25, 'c2')).toEqual({
      from: '2026-03-02',
      to: '2026-03-09',
      process: 'P',
      bot: 'B',
      status: 'failed',
      limit: 25,
      cursor: 'c2',
    });
    expect(stuckQuery(custom, 25, null)).toEqual({ kind: 'new', queue: 'Q', process: 'P', limit: 25, cursor: null });
  });

  it('clear the filters but keep the range and the tables', () => {
    expect(isFiltered(custom)).toBe(true);
    const cleared = clearedFilters(custom);
    expect(isFiltered(cleared)).toBe(false);
    expect(cleared).toMatchObject({ kind: 'custom', from: '2026-03-02', status: 'failed', stuck: 'new' });
  });
});
