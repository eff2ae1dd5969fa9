import { describe, expect, it } from 'vitest';

import {
  accountAction,
  accountActionPath,
  accountName,
  accountNoun,
  accountSearchText,
  canChangeAccount,
  companyAccountsKey,
  companyAccountsPath,
  needsAccountSearch,
  withAccountState,
} from '../../src/app/pages/admin/companyAccounts';
import type { AccountItem } from '../../src/app/pages/admin/generated';
import { filterByText, PAGE_SIZE } from '../../src/app/pages/admin/tablePage';

const ann: AccountItem = {
  id: 'u1',
  email: 'ann@acme.test',
  firstname: 'Ann',
  lastname: 'Lee',
  jobTitle: 'CTO',
  disabled: false,
  isAdmin: true,
};
const bo: AccountItem = {
  id: 'u2',
  email: 'bo@acme.test',
  firstname: 'Bo',
  lastname: 'Ng',
  jobTitle: 'Analyst',
  disabled: true,
  isAdmin: false,
};

describe("a company's accounts", () => {
  it('are read and changed at the host paths, ids escaped', () => {
    expect(companyAccountsPath('c1')).toBe('/admin/companies/c1/users');
    expect(companyAccountsPath('a/b c')).toBe('/admin/companies/a%2Fb%20c/users');
    expect(accountActionPath('u1', 'disable')).toBe('/admin/users/u1/disable');
    expect(accountActionPath('u/2', 'enable')).toBe('/admin/users/u%2F2/enable');
  });

  it('are cached per session and company', () => {
    expect(companyAccountsKey('t', 'c1')).toEqual(['shell', 'admin', 'companyAccounts', 't', 'c1']);
    expect(companyAccountsKey('t', 'c1')).not.toEqual(companyAccountsKey('t', 'c2'));
  });

  it('are named by first and last name, else by e-mail', () => {
    expect(accountName(ann)).toBe('Ann Lee');
    expect(accountName({ firstname: ' Ann ', lastname: '', email: 'ann@acme.test' })).toBe('Ann');
    expect(accountName({ firstname: '', lastname: ' ', email: 'x@acme.test' })).toBe('x@acme.test');
  });

  it('are searched by name and e-mail, not by job title', () => {
    const text = (account: AccountItem) => accountSearchText(account);
    expect(filterByText([ann, bo], 'ann LEE', text)).toEqual([ann]);
    expect(filterByText([ann, bo], 'bo@acme', text)).toEqual([bo]);
    expect(filterByText([ann, bo], 'acme.test', text)).toEqual([ann, bo]);
    expect(filterByText([ann, bo], 'analyst', text)).toEqual([]);
  });

  it('offer Disable when enabled and Enable when disabled', () => {
    expect(accountAction(ann)).toBe('disable');
    expect(accountAction(bo)).toBe('enable');
  });

  it('never offer disabling the admin’s own account', () => {
    expect(canChangeAccount(ann, 'u1')).toBe(false);
    expect(canChangeAccount(ann, 'u9')).toBe(true);
    expect(canChangeAccount(bo, 'u2')).toBe(true);
  });

  it('change one account’s state in place', () => {
    const list = [ann, bo];
    const changed = withAccountState(list, 'u1', true);
    expect(changed).toEqual([{ ...ann, disabled: true }, bo]);
    expect(changed[1]).toBe(bo);
    expect(list[0]!.disabled).toBe(false);
    expect(withAccountState(list, 'u2', true)[1]).toBe(bo);
    expect(withAccountState(list, 'nobody', true)).toEqual(list);
  });

  it('show search once they run over a page', () => {
    expect(needsAccountSearch(PAGE_SIZE)).toBe(false);
    expect(needsAccountSearch(PAGE_SIZE + 1)).toBe(true);
    expect(needsAccountSearch(0)).toBe(false);
  });

  it('are counted with the total while searching', () => {
    expect(`1 ${accountNoun(1, 1)}`).toBe('1 account');
    expect(`12 ${accountNoun(12, 12)}`).toBe('12 accounts');
    expect(`3 ${accountNoun(3, 12)}`).toBe('3 of 12 accounts');
    expect(`0 ${accountNoun(0, 1)}`).toBe('0 of 1 account');
    expect(`0 ${accountNoun(0, 0)}`).toBe('0 accounts');
  });
});
