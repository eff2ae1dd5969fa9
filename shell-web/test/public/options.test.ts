import { describe, expect, test } from 'vitest';
import {
  countries,
  countryByIso2,
  currencies,
  currencySymbol,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_SYMBOL,
  departments,
  genders,
} from '../../src/options';

describe('countries', () => {
  test('about 240, each with a code, a name and a flag, sorted by name', () => {
    expect(countries.length).toBeGreaterThanOrEqual(230);
    expect(countries.length).toBeLessThanOrEqual(260);
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.code3).toMatch(/^[A-Z]{3}$/);
      expect(country.name).not.toBe('');
    }
    // The flag emoji; the flag images (src/options/flags.ts) cover every country.
    expect(countries.filter((country) => !country.emoji).map((country) => country.code)).toEqual(['BQ']);
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
  });

  test('are found by alpha-2 code in either case', () => {
    expect(countryByIso2('in')).toMatchObject({ code: 'IN', code3: 'IND', name: 'India', emoji: '🇮🇳' });
    expect(countryByIso2('US')?.name).toBe('United States');
    expect(countryByIso2('ZZ')).toBeUndefined();
  });
});

describe('currencies', () => {
  test('about 150, each once, with a symbol', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(140);
    expect(currencies.length).toBeLessThanOrEqual(170);
    expect(new Set(currencies.map((currency) => currency.code)).size).toBe(currencies.length);
    for (const currency of currencies) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.symbol).not.toBe('');
    }
  });

  test('default to USD with $', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('$');
    expect(currencySymbol(DEFAULT_CURRENCY)).toBe(DEFAULT_CURRENCY_SYMBOL);
  });

  test('look up their symbol by code', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('XXX')).toBeUndefined();
  });
});

describe('genders and departments', () => {
  test('are the fixed lists', () => {
    expect(genders).toEqual(['Male', 'Female', 'Others']);
    expect(departments).toEqual([
      'Finance & Accounting',
      'Human Resources',
      'Information Technology',
      'Sales and Marketing',
      'Legal',
      'Production',
      'Research and Development',
      'Others',
    ]);
  });
});
