// Generated from Rust types by the test in host/src/accounts/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p autoscope --lib accounts::typescript

import type { Right } from '@autoscope/web-sdk';

/**
 * A successful sign-in: the bearer token and who it belongs to.
 */
export type SignedIn = { message: string, token: string, userdata: UserData, };

/**
 * `userdata` of the sign-in answer: the session's user, company and rights.
 */
export type UserData = { user_id: string, firstname: string, lastname: string, email: string, companyname: string, job_title: string, gender: string, country: string, department: string,
/**
 * False for an account made by social sign-in that has not set a password yet.
 */
has_password: boolean, company_id: string, edition: string,
/**
 * The company's currency: its ISO code and symbol.
 */
currency_name: string, currency_symbol: string,
/**
 * The profile's time zone (IANA); null until the person chooses one, when their
 * browser's zone applies.
 */
time_zone: string | null,
/**
 * Administers the session's company.
 */
company_admin: boolean, is_admin: boolean, userrole: Array<UserRole>,
/**
 * The passphrase that opens the encrypted user list of `GET /users/all_users`.
 */
user_list_key: string, };

export type UserRole = { role: string, rights: { [key in string]: Right }, };

/**
 * One of the caller's companies.
 */
export type MyCompany = { company_id: string, companyname: string, edition: string, role: string, company_admin: boolean,
/**
 * The company of this session.
 */
current: boolean, };

/**
 * The caller's deletion request, if any.
 */
export type DeletionStatus = { pending: boolean,
/**
 * When the request was made (ISO 8601).
 */
requested_at: string | null,
/**
 * When the host will carry it out, at the earliest (ISO 8601).
 */
due_at: string | null, };

/**
 * A deletion request as platform administrators see it.
 */
export type DeletionRequestRow = { user_id: string,
/**
 * The person's name and e-mail now: "Deleted user" and a placeholder once carried out.
 */
name: string, email: string, requested_at: string, due_at: string, completed_at: string | null, };
