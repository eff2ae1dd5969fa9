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
export type UserData = { user_id: string, firstname: string, lastname: string, email: string, companyname: string, job_title: string, company_id: string, edition: string, is_admin: boolean, userrole: Array<UserRole>,
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
