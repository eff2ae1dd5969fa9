import { describe, expect, it } from 'vitest';

import {
  DAY_PRESETS,
  customDaysFromParams,
  customRangeProblem,
  daySpan,
  daysProblem,
  lastDays,
  paramsWithRange,
  rangeKindFromParams,
} from './ranges';

describe('days of a range', () => {
  it('counts back from today, today included', () => {
    expect(lastDays('2026-03-18', 7)).toEqual({ from: '2026-03-12', to: '2026-03-18' });
    expect(lastDays('2026-03-01', 1)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it('counts both days of a span, or none while the days are not valid', () => {
    expect(daySpan('2026-03-01', '2026-03-01')).toBe(1);
    expect(daySpan('2026-02-01', '2026-03-01')).toBe(29);
    expect(daySpan('2026-03-02', '2026-03-01')).toBeNull();
    expect(daySpan('', '2026-03-01')).toBeNull();
    expect(daySpan('2026-02-30', '2026-03-01')).toBeNull();
  });

  it('says what is wrong with days', () => {
    expect(daysProblem('', '2026-03-04', 400)).toBe('Choose a start and an end date');
    expect(daysProblem('2026-02-30', '2026-03-04', 400)).toBe('Choose a start and an end date');
    expect(daysProblem('2026-03-05', '2026-03-04', 400)).toBe('The start date must be on or before the end date');
    expect(daysProblem('2025-02-01', '2026-03-08', 400)).toBe('Choose at most 400 days');
    expect(daysProblem('2025-02-02', '2026-03-08', 400)).toBeNull();
    expect(daysProblem('2024-01-01', '2026-01-01', 731, '731 days (two years)')).toBe(
      'Choose at most 731 days (two years)',
    );
  });

  it('checks custom days only: a preset always can be asked for', () => {
    expect(customRangeProblem({ kind: '30', from: '', to: '' }, 400)).toBeNull();
    expect(customRangeProblem({ kind: 'custom', from: '', to: '' }, 400)).toBe('Choose a start and an end date');
  });
});

describe('a range in the URL', () => {
  it('reads a known kind, else the fallback', () => {
    const kind = (query: string) => rangeKindFromParams(new URLSearchParams(query), DAY_PRESETS, '30');
    expect([kind(''), kind('range=7'), kind('range=custom'), kind('range=365')]).toEqual(['30', '7', 'custom', '30']);
  });

  it('reads custom days as they are, even unfinished', () => {
    expect(customDaysFromParams(new URLSearchParams('from=2026-03-02'))).toEqual({ from: '2026-03-02', to: '' });
  });

  it('writes only what differs from the default, removes the others named and keeps the rest', () => {
    const custom = { kind: 'custom', from: '2026-03-02', to: '2026-03-04' };
    const current = new URLSearchParams('tab=calculation&range=7&bucket=week');
    expect(paramsWithRange(current, custom, '30').toString()).toBe(
      'tab=calculation&bucket=week&range=custom&from=2026-03-02&to=2026-03-04',
    );
    expect(paramsWithRange(current, { kind: '30', from: 'x', to: 'y' }, '30', ['bucket']).toString()).toBe(
      'tab=calculation',
    );
    expect(current.toString()).toBe('tab=calculation&range=7&bucket=week');
  });
});
