import { describe, expect, it } from 'vitest';

import { choiceFromParams, paramsWithChoice, rangeProblem, rangeQuery, withKind } from './range';

const TODAY = '2026-03-18';

describe('the range of the figures', () => {
  it('is the last 30 days with today by default, or a preset', () => {
    expect(choiceFromParams(new URLSearchParams(), TODAY)).toEqual({ kind: '30', from: '2026-02-17', to: TODAY });
    expect(choiceFromParams(new URLSearchParams('range=7'), TODAY)).toEqual({
      kind: '7',
      from: '2026-03-12',
      to: TODAY,
    });
    expect(choiceFromParams(new URLSearchParams('range=365'), TODAY).kind).toBe('30');
  });

  it('keeps custom days in the URL, and only what differs from the default', () => {
    const custom = { kind: 'custom' as const, from: '2026-03-02', to: '2026-03-04' };
    const params = paramsWithChoice(new URLSearchParams('tab=calculation&range=7'), custom);
    expect(params.toString()).toBe('tab=calculation&range=custom&from=2026-03-02&to=2026-03-04');
    expect(choiceFromParams(params, TODAY)).toEqual(custom);
    expect(paramsWithChoice(params, choiceFromParams(new URLSearchParams(), TODAY)).toString()).toBe('tab=calculation');
  });

  it('switches kinds: presets end today, custom starts from the days shown', () => {
    const week = withKind(choiceFromParams(new URLSearchParams(), TODAY), '7', TODAY);
    expect(week).toEqual({ kind: '7', from: '2026-03-12', to: TODAY });
    expect(withKind(week, 'custom', TODAY)).toEqual({ kind: 'custom', from: '2026-03-12', to: TODAY });
  });

  it('says what is wrong with custom days', () => {
    const custom = (from: string, to: string) => ({ kind: 'custom' as const, from, to });
    expect(rangeProblem(custom('', '2026-03-04'))).toBe('Choose a start and an end date');
    expect(rangeProblem(custom('2026-02-30', '2026-03-04'))).toBe('Choose a start and an end date');
    expect(rangeProblem(custom('2026-03-05', '2026-03-04'))).toBe('The start date must be on or before the end date');
    expect(rangeProblem(custom('2025-02-01', '2026-03-08'))).toBe('Choose at most 400 days');
    expect(rangeProblem(custom('2025-02-02', '2026-03-08'))).toBeNull();
    expect(rangeQuery(custom('2026-03-04', '2026-03-04'))).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(rangeQuery(custom('x', '2026-03-04'))).toBeNull();
  });
});
