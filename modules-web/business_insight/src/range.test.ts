import { describe, expect, it } from 'vitest';

import {
  choiceFromParams,
  filtersFromParams,
  longerChoice,
  overviewQuery,
  paramsWithChoice,
  paramsWithFilters,
  presetDays,
  rangeProblem,
  shownChoice,
  spanDays,
  withKind,
} from './range';

const TODAY = '2026-03-18';

describe('presets', () => {
  it('end today: this year, this month and the eleven before, or all of last year', () => {
    expect(presetDays('ytd', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    expect(presetDays('12m', TODAY)).toEqual({ from: '2025-04-01', to: TODAY });
    expect(presetDays('12m', '2026-12-05')).toEqual({ from: '2026-01-01', to: '2026-12-05' });
    expect(presetDays('12m', '2026-01-31')).toEqual({ from: '2025-02-01', to: '2026-01-31' });
    expect(presetDays('last_year', TODAY)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('the URL', () => {
  it('holds nothing for the default, the days with runs, whose days the plugin chooses', () => {
    const choice = choiceFromParams(new URLSearchParams(), TODAY);
    expect(choice).toEqual({ kind: 'runs', from: '', to: '' });
    expect(paramsWithChoice(new URLSearchParams('range=ytd'), choice).toString()).toBe('');
    expect(choiceFromParams(new URLSearchParams('range=decade'), TODAY).kind).toBe('runs');
    expect(choiceFromParams(new URLSearchParams('range=ytd'), TODAY)).toEqual({
      kind: 'ytd',
      from: '2026-01-01',
      to: TODAY,
    });
  });

  it('keeps a preset by name and custom days as given', () => {
    const year = choiceFromParams(new URLSearchParams('range=last_year&from=2020-01-01'), TODAY);
    expect(year).toEqual({ kind: 'last_year', from: '2025-01-01', to: '2025-12-31' });
    const custom = { kind: 'custom' as const, from: '2025-02-01', to: '2025-02-28' };
    const params = paramsWithChoice(new URLSearchParams('department=HR&range=12m'), custom);
    expect(params.toString()).toBe('department=HR&range=custom&from=2025-02-01&to=2025-02-28');
    expect(choiceFromParams(params, TODAY)).toEqual(custom);
    expect(choiceFromParams(new URLSearchParams('range=custom'), TODAY)).toEqual({ kind: 'custom', from: '', to: '' });
  });

  it('keeps the filters, blank as none', () => {
    expect(filtersFromParams(new URLSearchParams('department=%20HR%20&process='))).toEqual({
      department: 'HR',
      process: null,
    });
    const params = paramsWithFilters(new URLSearchParams('range=12m&process=Old'), {
      department: 'Finance',
      process: null,
    });
    expect(params.toString()).toBe('range=12m&department=Finance');
    expect(filtersFromParams(params)).toEqual({ department: 'Finance', process: null });
  });
});

describe('a range', () => {
  it('changes kind: a preset takes its days, custom starts from the days shown', () => {
    const ytd = choiceFromParams(new URLSearchParams('range=ytd'), TODAY);
    expect(withKind(ytd, 'custom', TODAY)).toEqual({ kind: 'custom', from: '2026-01-01', to: TODAY });
    expect(withKind(ytd, '12m', TODAY)).toEqual({ kind: '12m', from: '2025-04-01', to: TODAY });
    expect(withKind(ytd, 'runs', TODAY)).toEqual({ kind: 'runs', from: '', to: '' });
  });

  it('shows the days the plugin chose for the days with runs, and custom starts from them', () => {
    const runs = choiceFromParams(new URLSearchParams(), TODAY);
    const answered = { from: '2025-12-19', to: '2026-03-18' };
    const shown = shownChoice(runs, answered);
    expect(shown).toEqual({ kind: 'runs', ...answered });
    expect(shownChoice(runs, null)).toBe(runs);
    expect(withKind(shown, 'custom', TODAY)).toEqual({ kind: 'custom', ...answered });
    const year = { kind: 'last_year' as const, from: '2025-01-01', to: '2025-12-31' };
    expect(shownChoice(year, answered)).toBe(year);
  });

  it('counts its days, both included', () => {
    expect(spanDays({ kind: 'custom', from: '2025-01-01', to: '2025-12-31' })).toBe(365);
    expect(spanDays({ kind: 'custom', from: '2024-02-28', to: '2024-03-01' })).toBe(3);
    expect(spanDays({ kind: 'custom', from: '2025-03-02', to: '2025-03-01' })).toBeNull();
  });

  it('says what is wrong with custom days', () => {
    expect(rangeProblem({ kind: 'custom', from: '', to: TODAY })).toBe('Choose a start and an end date');
    expect(rangeProblem({ kind: 'custom', from: '2025-02-30', to: TODAY })).toBe('Choose a start and an end date');
    expect(rangeProblem({ kind: 'custom', from: '2025-03-02', to: '2025-03-01' })).toBe(
      'The start date must be on or before the end date',
    );
    expect(rangeProblem({ kind: 'custom', from: '2023-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ kind: 'custom', from: '2023-01-01', to: '2025-01-01' })).toBe(
      'Choose at most 731 days (two years)',
    );
    expect(rangeProblem(choiceFromParams(new URLSearchParams('range=12m'), TODAY))).toBeNull();
    expect(rangeProblem({ kind: 'runs', from: '', to: '' })).toBeNull();
  });

  it('asks for no days for the days with runs', () => {
    expect(overviewQuery({ kind: 'runs', from: '', to: '' }, { department: 'HR', process: null })).toEqual({
      department: 'HR',
    });
  });

  it('asks the plugin for its days and the filters given', () => {
    const choice = { kind: 'custom' as const, from: '2025-01-01', to: '2025-01-31' };
    expect(overviewQuery(choice, { department: null, process: null })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(overviewQuery(choice, { department: 'HR', process: 'Payroll' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      department: 'HR',
      process: 'Payroll',
    });
  });

  it('offers the last 12 months when shorter', () => {
    const january = { kind: 'custom' as const, from: '2026-01-01', to: '2026-01-31' };
    expect(longerChoice(january, TODAY)).toEqual({ kind: '12m', from: '2025-04-01', to: TODAY });
    expect(longerChoice({ kind: 'custom', from: '2024-01-01', to: '2025-12-31' }, TODAY)).toBeNull();
    expect(longerChoice({ kind: 'custom', from: '', to: '' }, TODAY)).toBeNull();
    expect(longerChoice({ kind: 'runs', from: '', to: '' }, TODAY)).toBeNull();
  });
});
