// The option lists of the profile forms come from the host's master lists (GET
// /api/masters/options, public: sign-up asks before anyone is signed in), fetched once per
// page and shared by every select. world-countries stays only for the flags: the alpha-2
// code a form stores to the alpha-3 name of the flag file (the build keeps just those two
// fields: see loaders/).
import { useEffect, useState } from 'react';
import worldCountries from 'world-countries';

import { api } from '../api';
import type { MasterOptions } from './generated';

export type { CountryOption, CurrencyOption, MasterOptions } from './generated';

/** The default currency: USD, with $. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';

let loaded: MasterOptions | undefined;
let loading: Promise<MasterOptions> | undefined;
const listeners = new Set<() => void>();

/** The host's lists, asked once; a failed ask is asked again next time. */
export function loadMasterOptions(): Promise<MasterOptions> {
  loading ??= api<MasterOptions>('/masters/options').then(
    (options) => {
      loaded = options;
      return options;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Forgets the lists (after an admin changed them): the selects on screen ask again. */
export function forgetMasterOptions(): void {
  loaded = undefined;
  loading = undefined;
  for (const listener of listeners) listener();
}

export interface MasterOptionsState {
  options?: MasterOptions;
  /** True until the lists arrive or the ask fails. */
  loading: boolean;
  failed: boolean;
  retry(): void;
}

/** The host's option lists with a loading and a failed state, for the selects. */
export function useMasterOptions(): MasterOptionsState {
  const [options, setOptions] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    listeners.add(again);
    return () => {
      listeners.delete(again);
    };
  }, []);
  useEffect(() => {
    let current = true;
    setFailed(false);
    loadMasterOptions().then(
      (answer) => current && setOptions(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  // Asking again is every select's: they share the one answer.
  return { options, loading: !options && !failed, failed, retry: forgetMasterOptions };
}

/** A currency's symbol from the host's list once loaded (the currency select loads it). */
export function currencySymbol(code: string): string | undefined {
  return loaded?.currencies.find((currency) => currency.code === code)?.symbol || undefined;
}

const code3ByIso2 = new Map(worldCountries.map((country) => [country.cca2, country.cca3]));

/** A country's ISO alpha-3 code (its flag file's name) by its alpha-2 code, in either case. */
export function countryByIso2(code: string): { code3: string } | undefined {
  const code3 = code3ByIso2.get(code.toUpperCase());
  return code3 ? { code3 } : undefined;
}
