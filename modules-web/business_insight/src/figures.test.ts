import { describe, expect, it } from 'vitest';

import {
  PAGE_SIZE,
  departmentBars,
  filterOptions,
  formatMonth,
  formatValue,
  isEmpty,
  kpis,
  monthSeries,
  pageCount,
  pageRows,
  processCsv,
  searchProcesses,
  sortProcesses,
} from './figures';
import { benefits, overview, processRow } from './testFixtures';

const EURO = { code: 'EUR', symbol: '€' };

describe('values', () => {
  it('are written in their unit, money in the company currency', () => {
    expect(formatValue(62, 'hours', EURO)).toBe('62 h');
    expect(formatValue(1234.5, 'hours', EURO)).toBe('1,235 h');
    expect(formatValue(2.25, 'hours', EURO)).toBe('2.25 h');
    expect(formatValue(6, 'minutes', EURO)).toBe('6 min');
    expect(formatValue(2460, 'money', EURO)).toBe('€2,460');
    expect(formatValue(12.5, 'money', EURO)).toBe('€12.50');
    expect(formatValue(-840, 'money', { code: 'USD', symbol: '$' })).toBe('-$840.00');
    expect(formatValue(0.03, 'fte', EURO)).toBe('0.03 FTE');
    expect(formatValue(-14.58, 'percent', EURO)).toBe('-14.58 %');
    expect(formatValue(4938, 'count', EURO)).toBe('4,938');
    expect(formatValue(0.2466, 'years', EURO)).toBe('0.2466 years');
    expect(formatValue(1, 'years', EURO)).toBe('1 year');
  });

  it('are a dash when the formula has none', () => {
    expect(formatValue(null, 'percent', EURO)).toBe('—');
    expect(formatValue(Number.NaN, 'money', EURO)).toBe('—');
  });
});

describe('the key figures', () => {
  it('head with the realised figure, the estimate beside it, each titled for its formula', () => {
    const cards = kpis(overview().totals, 'All processes');
    expect(cards.map((card) => card.key)).toEqual([
      'hours-saved',
      'cost-saved',
      'fte',
      'roi',
      'licence-cost',
      'realisation',
    ]);
    const [hours, , , roi, licence] = cards;
    expect(hours?.main).toMatchObject({ title: 'Hours saved (realised)', context: 'All processes' });
    expect(hours?.main.figure.value).toBe(62);
    expect(hours?.estimated?.title).toBe('Hours saved (estimated)');
    expect(hours?.estimated?.figure.value).toBe(1440);
    expect(hours?.hint).toBe('70 items by 7 successful runs');
    expect(roi?.main.figure.value).toBe(-78.94);
    expect(licence?.estimated).toBeNull();
    expect(licence?.main.figure.value).toBe(11680);
  });
});

describe('the filters', () => {
  it('offer the departments, and the processes of the chosen one', () => {
    const { choices } = overview();
    expect(filterOptions(choices, { department: null, process: null })).toEqual({
      departments: ['Finance', 'HR'],
      processes: ['Invoices', 'Payroll'],
    });
    expect(filterOptions(choices, { department: 'HR', process: null }).processes).toEqual(['Payroll']);
    expect(filterOptions(null, { department: null, process: null })).toEqual({ departments: [], processes: [] });
  });

  it('keep a chosen value the catalogue lacks, first', () => {
    const { choices } = overview();
    expect(filterOptions(choices, { department: 'Legal', process: 'Ghost' })).toEqual({
      departments: ['Legal', 'Finance', 'HR'],
      processes: ['Ghost'],
    });
    expect(choices.departments).toEqual(['Finance', 'HR']);
  });
});

describe('the charts', () => {
  it('compare estimated and realised per month, with the licences when comparing money', () => {
    const months = overview().by_month;
    expect(monthSeries(months, 'hours')).toEqual([
      { month: '2025-01', label: 'Jan 2025', Estimated: 122.3, Realised: 50 },
      { month: '2025-02', label: 'Feb 2025', Estimated: 110.47, Realised: 0 },
    ]);
    expect(monthSeries(months, 'money')[0]).toEqual({
      month: '2025-01',
      label: 'Jan 2025',
      Estimated: 4586.3,
      Realised: 2000,
      'Licence cost': 992,
    });
    expect(formatMonth('2025-12')).toBe('Dec 2025');
  });

  it('compare estimated and realised per department, naming the processes without one', () => {
    expect(departmentBars(overview().by_department, 'money')).toEqual([
      { department: 'Finance', Estimated: 48000, Realised: 2400 },
      { department: 'No department', Estimated: 0, Realised: 0 },
    ]);
  });

  it('are empty when nothing ran and nothing is live', () => {
    expect(isEmpty(overview())).toBe(false);
    expect(isEmpty({ ...overview(), by_process: [], totals: benefits() })).toBe(true);
  });
});

describe('the process table', () => {
  const rows = overview().by_process;

  it('sorts by a column either way, missing values last, ties by name', () => {
    const names = (sort: string) => sortProcesses(rows, sort).map((row) => row.process);
    expect(names('-cost')).toEqual(['Invoices', 'Payroll', 'Ghost']);
    expect(names('cost')).toEqual(['Ghost', 'Payroll', 'Invoices']);
    expect(names('process')).toEqual(['Ghost', 'Invoices', 'Payroll']);
    expect(names('department')).toEqual(['Invoices', 'Payroll', 'Ghost']);
    expect(names('-department')).toEqual(['Payroll', 'Invoices', 'Ghost']);
    expect(names('-roi')).toEqual(['Invoices', 'Payroll', 'Ghost']);
    expect(names('-runs')).toEqual(['Invoices', 'Ghost', 'Payroll']);
  });

  it('searches process, department and bots in any case', () => {
    expect(searchProcesses(rows, 'inv').map((row) => row.process)).toEqual(['Invoices']);
    expect(searchProcesses(rows, ' hr ').map((row) => row.process)).toEqual(['Payroll']);
    expect(searchProcesses(rows, 'bot a').map((row) => row.process)).toEqual(['Invoices', 'Payroll']);
    expect(searchProcesses(rows, '')).toHaveLength(3);
  });

  it('pages long lists', () => {
    const many = Array.from({ length: 45 }, (_, index) => processRow(`P${index}`, 'Ops', {}));
    expect(pageCount(many.length)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageRows(many, 1)).toHaveLength(PAGE_SIZE);
    expect(pageRows(many, 3).map((row) => row.process)).toEqual(['P40', 'P41', 'P42', 'P43', 'P44']);
    expect(pageRows(many, 9)).toEqual(pageRows(many, 3));
    expect(pageRows(many, 0)).toEqual(pageRows(many, 1));
  });

  it('exports every figure of every row, money headed with the currency', () => {
    const csv = processCsv(rows.slice(0, 1).concat(rows.slice(2)), EURO);
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Process,Department,Stage,In Process Vault,Bots,Runs,Successful runs,Items,Handling minutes,Hourly cost (EUR),' +
        'Hours saved (estimated),Hours saved (realised),Cost saved (estimated) (EUR),Cost saved (realised) (EUR),' +
        'FTE (estimated),FTE (realised),Licence cost (EUR),ROI estimated (%),ROI realised (%),Benefit realised (%)',
    );
    expect(lines[1]).toBe('Invoices,Finance,live,Yes,Bot A,5,5,50,6,40,0,60,48000,2400,0,0,7300,,-67.12,');
    expect(lines[2]).toBe('Ghost,,,No,,1,1,10,6,40,0,0,0,0,0,0,0,,,');
  });
});
