// Generated from Rust types by the test in host/src/masters/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p autoscope --lib masters::typescript

/**
 * The active entries of the default lists, each in its sort order.
 */
export type MasterOptions = { genders: Array<string>, departments: Array<string>, countries: Array<CountryOption>, currencies: Array<CurrencyOption>, };

export type CountryOption = {
/**
 * ISO 3166-1 alpha-2: the value forms send.
 */
code: string, name: string, };

export type CurrencyOption = {
/**
 * ISO 4217: the value forms send as `currency_name`.
 */
code: string, name: string, symbol: string, };

/**
 * A kind of master list.
 */
export type MasterKind = "gender" | "country" | "currency" | "department" | "ticket_category" | "ticket_priority";

/**
 * An entry of a default list as platform admins see it.
 */
export type AdminMaster = { id: string, kind: MasterKind, name: string,
/**
 * Countries' and currencies' ISO code.
 */
code: string | null,
/**
 * Currencies' symbol.
 */
symbol: string | null,
/**
 * Offered to forms; an inactive entry keeps its label for the values people chose.
 */
active: boolean, };

/**
 * One kind's entries in sort order.
 */
export type AdminMasterList = { data: Array<AdminMaster>, };

export type NewMaster = { kind: MasterKind, name: string,
/**
 * Countries (two letters) and currencies (three letters) only.
 */
code: string | null,
/**
 * Currencies only.
 */
symbol: string | null, };

export type MasterChange = { name: string,
/**
 * Currencies only.
 */
symbol: string | null, };

export type MoveDirection = "up" | "down";

export type MoveRequest = { direction: MoveDirection, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  NOT_FOUND: "Master entry not found",
  NAME_REQUIRED: "Please enter a name",
  NAME_TOO_LONG: "A name has at most 100 characters",
  COUNTRY_CODE: "Please enter the country's two-letter ISO code",
  CURRENCY_CODE: "Please enter the currency's three-letter ISO code",
  NAME_TAKEN: "This list already has an entry of that name",
  CODE_TAKEN: "This list already has an entry with that code",
} as const;
