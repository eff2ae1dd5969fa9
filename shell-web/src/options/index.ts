// The option lists of the profile forms, from maintained data: countries and currencies from
// world-countries (the build keeps only the fields read here: see loaders/), and the fixed
// lists of genders and departments.
import worldCountries from 'world-countries';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, the value sent to the host. */
  code: string;
  /** ISO 3166-1 alpha-3, the name of the country's flag file. */
  code3: string;
  name: string;
  /** The flag as an emoji (regional indicator letters). */
  emoji: string;
}

export interface CurrencyOption {
  /** ISO 4217 code: the currency's title, sent as `currency_name`. */
  code: string;
  name: string;
  symbol: string;
}

export const countries: readonly CountryOption[] = worldCountries
  .map((country) => ({ code: country.cca2, code3: country.cca3, name: country.name.common, emoji: country.flag }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const countryByCode = new Map(countries.map((country) => [country.code, country]));

export function countryByIso2(code: string): CountryOption | undefined {
  return countryByCode.get(code.toUpperCase());
}

/** Every currency some country uses, once, by code. */
export const currencies: readonly CurrencyOption[] = (() => {
  const byCode = new Map<string, CurrencyOption>();
  for (const country of worldCountries) {
    for (const [code, { name, symbol }] of Object.entries(country.currencies ?? {})) {
      if (!byCode.has(code)) byCode.set(code, { code, name, symbol });
    }
  }
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code, 'en'));
})();

/** The default currency: USD, with $. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';

const symbolByCode = new Map(currencies.map((currency) => [currency.code, currency.symbol]));

/** The symbol of a currency code from the fixed list; choosing a currency sets it. */
export function currencySymbol(code: string): string | undefined {
  return symbolByCode.get(code);
}

export const genders = ['Male', 'Female', 'Others'] as const;

export const departments = [
  'Finance & Accounting',
  'Human Resources',
  'Information Technology',
  'Sales and Marketing',
  'Legal',
  'Production',
  'Research and Development',
  'Others',
] as const;
