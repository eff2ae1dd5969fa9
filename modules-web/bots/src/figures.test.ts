import { describe, expect, it } from 'vitest';

import { formatDuration, formatInput, formatMonths, formatUtilisation } from './figures';

const USD = { code: 'USD', symbol: '$' };

describe('figures', () => {
  it('writes durations in hours, minutes and seconds', () => {
    expect(formatDuration(7_500)).toBe('2 h 05 min');
    expect(formatDuration(250)).toBe('4 min 10 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(null)).toBe('—');
  });

  it('writes utilisation and payback', () => {
    expect(formatUtilisation(0.0625)).toBe('6.3 %');
    expect(formatUtilisation(0)).toBe('0 %');
    expect(formatMonths(2.1)).toBe('2.1 months');
    expect(formatMonths(null)).toBe('No savings');
  });

  it('writes each input in its unit, money as everywhere (cents under 1,000)', () => {
    expect(formatInput({ label: 'Licence', value: 7300, unit: 'money_per_year' }, USD)).toBe('$7,300 a year');
    expect(formatInput({ label: 'Rate', value: 50, unit: 'money_per_hour' }, USD)).toBe('$50.00 an hour');
    expect(formatInput({ label: 'Monthly', value: 3447.22, unit: 'money_per_month' }, USD)).toBe('$3,447 a month');
    expect(formatInput({ label: 'Hours', value: 70.25, unit: 'hours' }, USD)).toBe('70.25 h');
    expect(formatInput({ label: 'Minutes', value: 6, unit: 'minutes' }, USD)).toBe('6 min');
    expect(formatInput({ label: 'Items', value: 1200, unit: 'items' }, USD)).toBe('1,200 items');
    expect(formatInput({ label: 'Days', value: 30, unit: 'days' }, USD)).toBe('30 days');
    expect(formatInput({ label: 'Savings', value: 3400, unit: 'money' }, { code: 'EUR', symbol: '€' })).toBe('€3,400');
  });
});
