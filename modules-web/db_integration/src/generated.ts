// Generated from Rust types by the test in plugins/db_integration/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-db_integration --lib generated_typescript_is_current

import type { Connection } from "@autoscope/web-sdk";

/**
 * `GET /connections`: whether the caller may change them, and the connections.
 */
export type Connections = { company_admin: boolean, connections: Array<ConnectionItem>, };

/**
 * A connection with what the module keeps for it.
 */
export type ConnectionItem = { connection: Connection, preset: string | null, every_minutes: number | null, mapped: boolean, };

export type Preset = { key: string, name: string,
/**
 * What the connection's time zone should be for the preset's times.
 */
time_zone_hint: string, tables: Array<TableMap>, };

/**
 * A connection's mapping and schedule.
 */
export type Mapping = {
/**
 * The preset it started from, or null for a mapping made by hand.
 */
preset: string | null, tables: Array<TableMap>,
/**
 * Sync every this many minutes (at least 5); null for on demand only.
 */
every_minutes: number | null, };

/**
 * A stored mapping with its record's version (for the next save).
 */
export type StoredMapping = { version: number,
/**
 * The preset it started from, or null for a mapping made by hand.
 */
preset: string | null, tables: Array<TableMap>,
/**
 * Sync every this many minutes (at least 5); null for on demand only.
 */
every_minutes: number | null, };

/**
 * How one source table maps onto a stream.
 */
export type TableMap = { target: Target, table: string,
/**
 * Columns whose values, joined, identify a row: with the connection's id they make
 * the record's `external_id`, so reading a row again replaces its record.
 */
key: Array<string>,
/**
 * A column whose values only grow (an identity, a creation time): each sync reads the
 * rows past the last value it saw, less `overlap`.
 */
cursor: string,
/**
 * How far before the last cursor value each sync reads again, in the cursor's units
 * (seconds for a time): rows that changed late are read again.
 */
overlap: number, fields: { [key in string]: Source },
/**
 * The status column's values; a value not in the table rejects its row.
 */
statuses: Array<StatusRow>,
/**
 * Runs only: the kind of a failed run's exception.
 */
exceptions?: Exceptions, };

/**
 * The Bot Profile stream a table feeds.
 */
export type Target = "runs" | "queue_items";

/**
 * Where a canonical field's value comes from.
 */
export type Source = { "from": "column", column: string, or?: string, } | { "from": "lookup", column: string, table: string, key: string, value: string, } | { "from": "constant", value: string | number, } | { "from": "local_with_offset", column: string, offset: string, };

/**
 * One line of a status table: a source value (as text) and the portal's status, or
 * `skip` for rows not to import (a job still pending, an item deleted).
 */
export type StatusRow = { from: string, to: string, };

/**
 * How a failed run's exception kind (`business` or `system`) is told.
 */
export type Exceptions = { "by": "fixed", default: string, } | { "by": "prefixes", column: string, prefixes: Array<StatusRow>, default: string, };

export type Field = { name: string, kind: Kind, required: boolean,
/**
 * The longest text the stream stores (longer text is cut).
 */
max_length: number | null, };

/**
 * What a canonical field holds.
 */
export type Kind = "text" | "time" | "integer" | "status";

/**
 * What a preview shows: the first rows as records, and the rows that would be left out or
 * rejected, with why.
 */
export type Preview = { records: Array<Record<string, unknown>>, skipped: number, rejected: Array<Rejection>, };

/**
 * The counts and first rejections of a sync, its progress and its report.
 */
export type Report = {
/**
 * The tables of the mapping, and the one being read (0-based).
 */
tables: number, table: number, read: number, stored: number,
/**
 * Left out by the status table (a job still pending).
 */
skipped: number, rejected: number, rejections: Array<Rejection>,
/**
 * Set on the last step of a cancelled sync.
 */
cancelled: boolean, };

export type Rejection = { table: string,
/**
 * The row's key, as the record's `external_id` would hold it.
 */
key: string, reason: string, };

/**
 * Each target's stream, its fields and the portal's statuses a status table maps to.
 */
export const TARGETS = {"queue_items":{"fields":[{"kind":"text","max_length":100,"name":"queue","required":true},{"kind":"text","max_length":200,"name":"reference","required":false},{"kind":"status","max_length":null,"name":"status","required":true},{"kind":"time","max_length":null,"name":"added_at","required":true},{"kind":"time","max_length":null,"name":"started_at","required":false},{"kind":"time","max_length":null,"name":"ended_at","required":false},{"kind":"time","max_length":null,"name":"sla_deadline","required":false},{"kind":"integer","max_length":null,"name":"retries","required":false},{"kind":"text","max_length":100,"name":"bot","required":false},{"kind":"text","max_length":200,"name":"process","required":false}],"statuses":["new","in_progress","successful","failed","abandoned"],"stream":"bots.queue_items"},"runs":{"fields":[{"kind":"text","max_length":100,"name":"bot","required":true},{"kind":"text","max_length":200,"name":"process","required":true},{"kind":"time","max_length":null,"name":"started_at","required":true},{"kind":"time","max_length":null,"name":"ended_at","required":false},{"kind":"status","max_length":null,"name":"status","required":true},{"kind":"integer","max_length":null,"name":"items","required":false},{"kind":"text","max_length":300,"name":"reason","required":false}],"statuses":["running","successful","failed","stopped"],"stream":"bots.runs"}};

/**
 * The status that leaves a row out of the import.
 */
export const SKIP = "skip";

/**
 * Rows a preview maps.
 */
export const PREVIEW_ROWS = 20;

/**
 * Rows a sync reads per step.
 */
export const PAGE_ROWS = 5000;

/**
 * Rejected rows a report keeps.
 */
export const REPORTED = 20;

/**
 * Failed syncs in a row before the company admins are told.
 */
export const FAILURES = 3;

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  ADMIN_ONLY: "Only a company admin may change database integrations",
} as const;
