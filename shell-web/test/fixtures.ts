/** Shared test data: a signed-in user as the host describes one. */

import type { AccountItem } from '../src/app/pages/admin/generated';
import type { Session, UserData } from '../src/session';

/** A community member of company `c1` with a password and no admin rights; `overrides` set what a test is about. */
export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    user_id: 'u1',
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'ann@acme.test',
    companyname: 'Acme',
    job_title: 'Lead',
    gender: '',
    country: '',
    department: '',
    has_password: true,
    currency_name: 'USD',
    currency_symbol: '$',
    company_admin: false,
    time_zone: null,
    company_id: 'c1',
    edition: 'community',
    is_admin: false,
    userrole: [{ role: 'communityuser', rights: {} }],
    user_list_key: 'key',
    ...overrides,
  };
}

/** Ada, a platform admin with no company role, signed in with `admin-token`; `overrides` set her company. */
export function adminSession(overrides: Partial<UserData> = {}): Session {
  return {
    token: 'admin-token',
    userdata: userData({
      user_id: 'me',
      firstname: 'Ada',
      lastname: 'Admin',
      email: 'ada@autoscope.test',
      job_title: 'Operator',
      is_admin: true,
      userrole: [],
      user_list_key: '',
      ...overrides,
    }),
  };
}

/** An enabled account of `firstname` Test at acme.test, as the admin lists show one; `extra` sets the rest. */
export function account(id: string, firstname: string, extra: Partial<AccountItem> = {}): AccountItem {
  return {
    id,
    email: `${firstname.toLowerCase()}@acme.test`,
    firstname,
    lastname: 'Test',
    jobTitle: '',
    disabled: false,
    isAdmin: false,
    ...extra,
  };
}
