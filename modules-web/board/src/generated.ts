// Generated from Rust types by the test in plugins/board/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-board --lib generated_typescript_is_current

/**
 * `GET /board`: the columns, and the cards that pass the filters.
 */
export type BoardReply = {
/**
 * False when the vault is not installed.
 */
available: boolean, columns: Array<ColumnView>, cards: Array<CardView>, };

/**
 * A column's header.
 */
export type ColumnView = { key: ColumnKey, label: string,
/**
 * Null: no limit.
 */
wip_limit: number | null,
/**
 * Every card in the column, whatever the filters: the count the limit is about.
 */
count: number, };

/**
 * A process on the board, with its card's assignee and due date.
 */
export type CardView = { process_id: string,
/**
 * The process record's version: a move sends it back (409 when someone changed the process).
 */
version: number, name: string, department: string | null, owner_id: string | null, health: string | null, stage: string | null,
/**
 * Null when the stage is in no column (someone cleared it).
 */
column: ColumnKey | null, assignee_id: string | null,
/**
 * Unix seconds (UTC midnight of the due day), or null.
 */
due: number | null,
/**
 * How many comments it has.
 */
comments: number, };

/**
 * A column of the board, in board order.
 */
export type ColumnKey = "idea" | "assessment" | "analysis" | "development" | "testing" | "live" | "closed";

/**
 * The body of `POST /cards/{process_id}/move`.
 */
export type Move = { to: ColumnKey,
/**
 * The card's `version` (its process record's).
 */
version: number,
/**
 * Which of the column's stages the card takes (`retired` or `rejected` in the closed
 * column); by default the column's rule decides. An undo names the stage it puts back.
 */
stage?: string, };

/**
 * The body of `POST /cards/{process_id}/comments`.
 */
export type NewComment = { text: string, };

/**
 * The body of `PUT /settings`: a limit per column (1–99), `null` removes one.
 */
export type Settings = { wip: Partial<Record<ColumnKey, number | null>>, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  BLANK_COMMENT: "Please write a comment",
  BAD_WIP: "A WIP limit must be a whole number from 1 to 99",
} as const;
