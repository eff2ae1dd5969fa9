// Generated from Rust types by the test in plugins/bots/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-bots --lib generated_typescript_is_current

/**
 * `GET /status`: every bot's live status.
 */
export type Statuses = { now: number, counts: Counts,
/**
 * The inventory's bots by name, then bots known only from their runs, by name.
 */
bots: Array<BotStatus>, };

export type Counts = { running: number, idle: number, offline: number, new: number, };

/**
 * A bot's live status.
 */
export type BotStatus = { bot: string,
/**
 * The inventory record's id; null for a bot known only from its runs.
 */
id: string | null, status: State,
/**
 * Runs running now.
 */
running: number,
/**
 * The start of the oldest of them.
 */
running_since: number | null,
/**
 * The latest start or end of a run, unix seconds; null when it never ran.
 */
last_event_at: number | null, };

export type State = "running" | "idle" | "offline" | "new";

/**
 * Whole UTC days, the first and the last included.
 */
export type RangeAnswer = {
/**
 * The first day, `YYYY-MM-DD`.
 */
from: string,
/**
 * The last day, included.
 */
to: string,
/**
 * The first day's UTC midnight, unix seconds.
 */
start: number,
/**
 * The UTC midnight after the last day.
 */
end: number,
/**
 * How many days, both ends included.
 */
days: number, };

/**
 * The longest range the plugin answers, in days.
 */
export const MAX_DAYS = 400;

/**
 * `GET /bots/{id}/overview`.
 */
export type Overview = {
/**
 * The inventory record.
 */
bot: Record<string, unknown>, range: RangeAnswer, status: BotStatus,
/**
 * Run records.
 */
current_runs: Array<Record<string, unknown>>, last_run: Record<string, unknown> | null, runs: Runs, failures: Failures,
/**
 * Assigned processes first, then the others it ran, each by name.
 */
processes: Array<ProcessRuns>, };

export type Runs = { total: number, running: number, successful: number, failed: number, stopped: number, items: number, busy_seconds: number,
/**
 * Successful runs in percent of the runs that are over (one decimal); null without any.
 */
success_rate: number | null, };

export type Failures = { total: number, business: number, system: number,
/**
 * Failed runs that named no exception type.
 */
unspecified: number,
/**
 * Most frequent first.
 */
reasons: Array<Reason>, };

export type Reason = { exception_type: string | null, reason: string | null, n: number, };

export type ProcessRuns = { process: string,
/**
 * Listed among the bot's processes.
 */
assigned: boolean, runs: number, successful: number, failed: number, items: number, busy_seconds: number, };

/**
 * `GET /heatmap`: one row per bot, one cell per day.
 */
export type Heatmap = { range: RangeAnswer,
/**
 * Each day's UTC midnight: the columns.
 */
days: Array<number>,
/**
 * The inventory's bots by name, then bots known only from their runs.
 */
bots: Array<HeatmapRow>,
/**
 * Calendar's holidays and maintenance windows on the columns, by day; empty without
 * Calendar or its grant.
 */
non_working: Array<HeatmapNonWorking>, formula: string, };

export type HeatmapRow = { bot: string,
/**
 * The inventory record's id; null for a bot known only from its runs.
 */
id: string | null,
/**
 * One per day of the range, in order.
 */
busy_seconds: Array<number>,
/**
 * Busy seconds ÷ 86,400 per day, 4 decimals (above 1 when runs overlap).
 */
utilisation: Array<number>,
/**
 * Every busy second of the range ÷ the range's seconds.
 */
average: number, };

/**
 * A column that a holiday or maintenance window touches (one entry per window and column).
 */
export type HeatmapNonWorking = {
/**
 * The column's UTC midnight.
 */
day: number, name: string, kind: NonWorkingKind, };

export type NonWorkingKind = "holiday" | "maintenance";

/**
 * `GET /calculation`: cost against savings per bot, with formulas and inputs.
 */
export type Calculation = { range: RangeAnswer, currency: Currency,
/**
 * False when Process Vault is not installed: no rates, so no savings.
 */
vault_available: boolean,
/**
 * The inventory's bots by name, then bots known only from their runs.
 */
bots: Array<BotLine>, totals: Totals, };

export type Currency = { code: string, symbol: string, };

export type BotLine = { bot: string,
/**
 * Null for a bot known only from its runs (its licence cost counts 0).
 */
id: string | null, licence_cost: number, items: number, cost: number, hours: number, savings: number, net_benefit: number,
/**
 * Null without savings.
 */
payback_months: number | null, processes: Array<ProcessLine>, figures: Figures, };

export type Totals = { licence_cost: number, items: number, cost: number, hours: number, savings: number, net_benefit: number, payback_months: number | null, figures: Figures, };

/**
 * One process a bot ran (or is assigned) and what it gave back.
 */
export type ProcessLine = { process: string, items: number,
/**
 * Null when Process Vault has no process of that name.
 */
handling_minutes: number | null, hourly_cost: number | null, hours: number, money: number, known: boolean, };

export type Figures = { cost: Figure, hours: Figure, savings: Figure, net_benefit: Figure, payback_months: Figure, };

/**
 * A figure with how it is computed.
 */
export type Figure = {
/**
 * Null when it cannot be computed (no savings: no payback).
 */
value: number | null, formula: string, inputs: Array<Input>, };

/**
 * A value a formula starts from.
 */
export type Input = { label: string, value: number, unit: Unit, };

export type Unit = "money" | "money_per_year" | "money_per_month" | "money_per_hour" | "hours" | "minutes" | "items" | "days";

/**
 * `GET /me`.
 */
export type Me = { company_admin: boolean, currency: Currency, };

/**
 * `GET /processes`: Process Vault's names, for the form.
 */
export type ProcessNames = {
/**
 * False without Process Vault.
 */
available: boolean, names: Array<string>, };

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  NAME_REQUIRED: "Please enter the bot name",
  NAME_TOO_LONG: "Name must be at most 100 characters",
  NAME_TAKEN: "A bot with this name already exists",
  RENAME_WITH_RUNS: "This bot has runs under its name, so it cannot be renamed",
  MACHINE_TOO_LONG: "Machine must be at most 100 characters",
  OWNER: "Owner is not a user of this company",
  LICENCE_COST: "Licence cost must be 0 or more",
  PROCESSES: "Processes must be a list of names of at most 200 characters",
  TOO_MANY_PROCESSES: "A bot may run at most 100 processes",
  SCHEDULE_TOO_LONG: "Schedule must be at most 200 characters",
  NOTES_TOO_LONG: "Notes must be at most 2000 characters",
} as const;
