// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import {
  countryByIso2,
  currencySymbol,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_SYMBOL,
  forgetMasterOptions,
  loadMasterOptions,
} from '../../src/options';
import { PersonFields, type PersonValues } from '../../src/public/fields/ProfileFields';
import { renderInMantine } from '../render';
import { MASTER_OPTIONS } from './masterOptions';

beforeAll(stubBrowser);

// The flags are files the build emits (webpackContext).
vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

let status: number;
let asked: number;

beforeEach(() => {
  forgetMasterOptions();
  status = 200;
  asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toBe('/api/masters/options');
      asked += 1;
      const body = status === 200 ? MASTER_OPTIONS : { message: 'Something went wrong' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the host lists', () => {
  it('are asked once however many ask', async () => {
    const [a, b] = await Promise.all([loadMasterOptions(), loadMasterOptions()]);
    expect(a).toEqual(MASTER_OPTIONS);
    expect(b).toBe(a);
    await loadMasterOptions();
    expect(asked).toBe(1);
  });

  it('are asked again after a failure and after being forgotten', async () => {
    status = 500;
    await expect(loadMasterOptions()).rejects.toThrow();
    status = 200;
    await loadMasterOptions();
    forgetMasterOptions();
    await loadMasterOptions();
    expect(asked).toBe(3);
  });

  it('give a currency its symbol once loaded', async () => {
    expect(currencySymbol('EUR')).toBeUndefined();
    await loadMasterOptions();
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('XXX')).toBeUndefined();
    expect([DEFAULT_CURRENCY, DEFAULT_CURRENCY_SYMBOL]).toEqual(['USD', '$']);
  });
});

describe('the flags', () => {
  it('find a country’s alpha-3 code by its alpha-2 code in either case', () => {
    expect(countryByIso2('in')).toEqual({ code3: 'IND' });
    expect(countryByIso2('US')).toEqual({ code3: 'USA' });
    expect(countryByIso2('ZZ')).toBeUndefined();
  });
});

function Person({ initial }: { initial?: Partial<PersonValues> }) {
  const form = useForm<PersonValues>({
    initialValues: { gender: '', country: '', job_title: '', department: '', ...initial },
  });
  return <PersonFields form={form} />;
}

/** The options `label` offers (it closes by picking the first). */
const options = async (label: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const found = await screen.findAllByRole('option');
  fireEvent.click(found[0]!);
  return found.map((option) => option.textContent);
};

describe('the profile selects', () => {
  it('show a spinner until the host’s lists arrive', async () => {
    renderInMantine(<Person />);
    expect(screen.getAllByLabelText('Loading the list').length).toBe(3);
    await waitFor(() => expect(screen.queryByLabelText('Loading the list')).toBeNull());
    expect(asked).toBe(1);
  });

  it.each([
    ['Gender', ['Male', 'Female', 'Others']],
    ['Department', MASTER_OPTIONS.departments],
    ['Country', ['Germany', 'India', 'United States']],
  ])('offer the host’s list of %s', async (label, names) => {
    await loadMasterOptions();
    renderInMantine(<Person />);
    expect(await options(label)).toEqual(names);
  });

  it('keep showing a chosen value the list no longer has', async () => {
    renderInMantine(<Person initial={{ department: 'Old Department', country: 'IN' }} />);
    await waitFor(() => expect(screen.queryByLabelText('Loading the list')).toBeNull());
    expect((screen.getByRole('combobox', { name: 'Department' }) as HTMLInputElement).value).toBe('Old Department');
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('India');
  });

  it('say when the lists could not be loaded, and load them again on request', async () => {
    status = 500;
    renderInMantine(<Person />);
    const again = await screen.findAllByRole('button', { name: 'Load the list again' });
    expect(again.length).toBe(3);
    status = 200;
    fireEvent.click(again[0]!);
    // While the second request runs the retry button has already given way to the spinner.
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Load the list again' })).toBeNull();
      expect(screen.queryByLabelText('Loading the list')).toBeNull();
    });
  });
});
