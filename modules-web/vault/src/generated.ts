// Generated from Rust types by the test in plugins/vault/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-vault --lib generated_typescript_is_current

/**
 * `GET /summary`: the processes per stage and health, and their yearly benefit.
 */
export type Summary = { total: number,
/**
 * Every stage, 0 when none is there.
 */
by_stage: Record<string, number>,
/**
 * Every health, 0 when none is there.
 */
by_health: Record<string, number>, benefit_money: number, benefit_hours: number, };

/**
 * The formulas as text, for the page.
 */
export type Formulas = { potential: string, benefit: string, ease: string, };

/**
 * One changed field of a history entry.
 */
export type Change = { field: string, from: unknown, to: unknown, };

/**
 * The body of `POST /processes/import`: the CSV's rows, by column.
 */
export type Import = { rows: Array<Record<string, unknown>>, };

/**
 * `POST /processes/import`: how many processes were created, and the rows refused.
 */
export type ImportReply = { created: number, errors: Array<RowError>, };

/**
 * A row that was not imported: its 1-based number among the rows, and why.
 */
export type RowError = { row: number, message: string, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  NAME_REQUIRED: "Please enter the process name",
  NAME_TOO_LONG: "Name must be at most 200 characters",
  DESCRIPTION_TOO_LONG: "Description must be at most 4000 characters",
  DEPARTMENT_TOO_LONG: "Department must be at most 100 characters",
  UNKNOWN_STAGE: "Unknown stage",
  UNKNOWN_HEALTH: "Unknown health",
  UNKNOWN_COMPLEXITY: "Unknown complexity",
  MONTHLY_VOLUME: "Monthly volume must be a whole number of 0 or more",
  HANDLING_MINUTES: "Handling time must be 0 or more minutes",
  HOURLY_COST: "Hourly cost must be 0 or more",
  EXCEPTION_RATE: "Exception rate must be between 0 and 100",
  AUTOMATION: "Automation must be between 0 and 100",
  FTES: "FTEs must be 0 or more",
  OWNER: "Owner is not a user of this company",
  ANSWER: "Each assessment answer must be between 1 and 5",
  DOCUMENT_TYPE: "This file type is not accepted",
  DOCUMENT_TOO_BIG: "A document may be at most 2 MB",
  TOO_MANY_DOCUMENTS: "A process may have at most 20 documents",
  TOO_MANY_ROWS: "An import may have at most 1000 rows",
} as const;
