/**
 * A company's accounts as the admin companies page shows them
 * (GET /api/admin/companies/{id}/users), and the disable/enable switch on each.
 */

import type { AccountItem } from './generated';
import { PAGE_SIZE } from './tablePage';

export type AccountAction = 'disable' | 'enable';

/** The query key of one company's accounts, scoped by the session's token. */
export function companyAccountsKey(token: string, companyId: string) {
  return ['shell', 'admin', 'companyAccounts', token, companyId] as const;
}

/** The host path of one company's accounts. */
export function companyAccountsPath(companyId: string): string {
  return `/admin/companies/${encodeURIComponent(companyId)}/users`;
}

/** The host path that disables or enables an account. */
export function accountActionPath(userId: string, action: AccountAction): string {
  return `/admin/users/${encodeURIComponent(userId)}/${action}`;
}

/** First and last name; the e-mail address when both are empty. */
export function accountName(account: Pick<AccountItem, 'firstname' | 'lastname' | 'email'>): string {
  const name = `${account.firstname.trim()} ${account.lastname.trim()}`.trim();
  return name || account.email;
}

/** What the search looks through: the name and the e-mail address. */
export function accountSearchText(account: AccountItem): string {
  return `${account.firstname} ${account.lastname} ${account.email}`;
}

/** An enabled account can be disabled, a disabled one enabled. */
export function accountAction(account: Pick<AccountItem, 'disabled'>): AccountAction {
  return account.disabled ? 'enable' : 'disable';
}

/** The host refuses to let admins disable their own account; the page does not offer it. */
export function canChangeAccount(account: Pick<AccountItem, 'id' | 'disabled'>, selfId: string): boolean {
  return accountAction(account) === 'enable' || account.id !== selfId;
}

/** The list with one account's state changed (shown until the refetched list arrives). */
export function withAccountState(accounts: readonly AccountItem[], userId: string, disabled: boolean): AccountItem[] {
  return accounts.map((account) =>
    account.id === userId && account.disabled !== disabled ? { ...account, disabled } : account,
  );
}

/** Search only helps once the list runs over a page. */
export function needsAccountSearch(count: number, pageSize = PAGE_SIZE): boolean {
  return count > pageSize;
}

/**
 * The noun after the matching count in the pager: `1 account`, `12 accounts`, and
 * `3 of 12 accounts` while a search narrows them.
 */
export function accountNoun(matching: number, total: number): string {
  const noun = total === 1 ? 'account' : 'accounts';
  return matching === total ? noun : `of ${total} ${noun}`;
}
