// Generated from Rust types by the test in host/src/admin/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p autoscope --lib admin::typescript

/**
 * The answer of `GET /admin/companies`.
 */
export type CompanyList = { data: Array<CompanyItem>, };

/**
 * One company of `GET /admin/companies`.
 */
export type CompanyItem = { id: string, name: string, edition: string, country: string, currency: string,
/**
 * ISO 8601, UTC.
 */
createdAt: string,
/**
 * How many users the company has.
 */
users: number,
/**
 * ISO 8601, UTC; null while the company is active.
 */
deactivatedAt: string | null,
/**
 * The company of the platform administrators (never deactivated or renamed).
 */
administration: boolean, };

/**
 * The answer of `GET /admin/companies/{id}/users`, ordered by name.
 */
export type AccountList = { data: Array<AccountItem>, };

/**
 * An account as the platform administrators see it: in `GET /admin/companies/{id}/users`,
 * and in each person of `GET /admin/users`.
 */
export type AccountItem = { id: string, email: string, firstname: string, lastname: string, jobTitle: string, disabled: boolean, isAdmin: boolean, };

/**
 * A page of `GET /admin/users`; `page` is 1-based.
 */
export type PersonPage = { data: Array<PersonItem>, page: number, pageSize: number,
/**
 * How many people match the search.
 */
total: number, };

/**
 * One person of `GET /admin/users`: their account, as a company's accounts list shows
 * it, and their companies.
 */
export type PersonItem = { companies: Array<PersonCompany>, id: string, email: string, firstname: string, lastname: string, jobTitle: string, disabled: boolean, isAdmin: boolean, };

/**
 * One of a person's companies.
 */
export type PersonCompany = { id: string, name: string,
/**
 * The membership: `active`, `deactivated` or `removed`.
 */
status: string, companyAdmin: boolean,
/**
 * The company itself was deactivated.
 */
companyDeactivated: boolean, };

/**
 * A page of `GET /admin/enterpriseRequests`; `page` is 1-based, `total` counts every request.
 */
export type EnterpriseRequestPage = { data: Array<EnterpriseRequestItem>, page: number, pageSize: number, total: number, };

/**
 * One request of `GET /admin/enterpriseRequests`.
 */
export type EnterpriseRequestItem = { id: string,
/**
 * The name and e-mail given in the form.
 */
name: string, email: string,
/**
 * The e-mail of the account that sent it.
 */
accountEmail: string, companyId: string, companyName: string,
/**
 * The company's edition now.
 */
edition: string, contactNumber: string, country: string,
/**
 * ISO 8601, UTC.
 */
createdAt: string,
/**
 * ISO 8601, UTC; null while pending.
 */
handledAt: string | null,
/**
 * The e-mail of the administrator who handled it.
 */
handledBy: string | null, };

/**
 * The upgrade's outcome and the request as it is now.
 */
export type UpgradeAnswer = { message: string, request: EnterpriseRequestItem, };

/**
 * A page of `GET /admin/logs`; `page` is 1-based.
 */
export type AdminLogPage = { data: Array<AdminLogItem>, page: number, pageSize: number,
/**
 * How many entries pass the filter.
 */
total: number, };

/**
 * One entry of `GET /admin/logs`.
 */
export type AdminLogItem = { id: string, level: string, event: string, message: string,
/**
 * ISO 8601, UTC.
 */
createdAt: string, companyId: string | null, companyName: string | null, userId: string | null, userEmail: string | null, requestId: string | null,
/**
 * The client's address, when a person's request made the entry.
 */
clientAddr: string | null, };

/**
 * The answer of `GET /admin/modules`.
 */
export type InstalledModuleList = { data: Array<InstalledModule>, };

/**
 * An installed module, as administrators see it.
 */
export type InstalledModule = { key: string, name: string, version: string, rightsKey: string, declared: Array<string>, granted: Array<string>,
/**
 * Its routes beyond its own session-checked API: spec paths under `/api` it answers,
 * and its paths open without a session.
 */
routes: Array<ModuleRoute>,
/**
 * Each call's limits, as the host runs them.
 */
limits: ModuleLimits,
/**
 * SHA-256 of the package's digests file.
 */
digest: string,
/**
 * The trusted key that signed the package; absent when unsigned.
 */
signedBy?: string, };

/**
 * Per-call limits. Missing values take the defaults; the host caps them.
 */
export type ModuleLimits = {
/**
 * Wasm instructions (fuel) per call: deterministic, per instance.
 */
fuel: number,
/**
 * Guest heap, MiB (request and response buffers are added on top).
 */
memory_mb: number,
/**
 * Wall-clock backstop per call, milliseconds.
 */
timeout_ms: number, max_request_kb: number, max_response_kb: number,
/**
 * Calls of this module running at once; more wait.
 */
concurrency: number, };

/**
 * A route a module declares: a spec path under `/api`, or a path of its own open without
 * a session. Served only when the installation granted it.
 */
export type ModuleRoute = { method: string,
/**
 * The full path, from `/api`.
 */
path: string,
/**
 * Answered without a session (the module checks its own token).
 */
public: boolean, granted: boolean, };
