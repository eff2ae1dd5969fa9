// Generated from Rust types by the test in plugins/business_insight/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-business_insight --lib generated_typescript_is_current

/**
 * `GET /overview`: every figure of the range and filters, each with its formula and inputs.
 */
export type Overview = {
/**
 * Always true (see [`Unavailable`]).
 */
available: true, range: RangeAnswer,
/**
 * The range's days of run data (from the company's first run to its last one, inside
 * the range), which estimates, licence costs and FTEs are prorated over; null when the
 * range has none.
 */
data: RangeAnswer | null,
/**
 * Their part of a year (4 decimals): for each year they touch, their days ÷ that
 * year's days.
 */
years: Rounded,
/**
 * The company's days of run data, ever, every process: from its first run to its
 * last; null before the first run.
 */
run_data: RangeAnswer | null, filters: Filters, currency: Currency, choices: Choices, totals: Benefits, by_month: Array<MonthRow>, by_department: Array<DepartmentRow>, by_process: Array<ProcessRow>, };

/**
 * The answer when a module the figures come from is not installed, or the person's
 * rights do not open it.
 */
export type Unavailable = {
/**
 * Always false.
 */
available: false,
/**
 * The keys of the missing modules: `vault`, `bots`.
 */
missing: Array<string>,
/**
 * The keys of the modules the person's rights do not open: `vault`, `bots`.
 */
restricted: Array<string>, };

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
export const MAX_DAYS = 731;

/**
 * What the department and process filters keep.
 */
export type Filters = { department: string | null, process: string | null, };

/**
 * The company's currency, which every money figure is in.
 */
export type Currency = { code: string, symbol: string, };

/**
 * What the filters can choose from: the whole catalogue's departments and processes.
 */
export type Choices = { departments: Array<string>, processes: Array<ProcessChoice>, };

/**
 * A process the filter can choose.
 */
export type ProcessChoice = { name: string, department: string | null, };

/**
 * Every figure of the overview.
 */
export type Figures = { totals: Benefits, by_month: Array<MonthRow>, by_department: Array<DepartmentRow>, by_process: Array<ProcessRow>, };

/**
 * The figures of a process, a department, a month or the whole range.
 */
export type Benefits = { runs: number, successful_runs: number,
/**
 * Items processed by successful runs.
 */
items: number, hours_saved: Pair, cost_saved: Pair, fte: Pair, licence_cost: Figure, roi: Pair,
/**
 * Realised hours in percent of the estimated ones.
 */
realisation: Figure, };

/**
 * A month of the series.
 */
export type MonthRow = {
/**
 * `2026-01`.
 */
month: string,
/**
 * The month's days inside the range.
 */
days: number,
/**
 * Its days of run data (from the first run to the last), which its estimates, licence
 * cost and FTEs are prorated over.
 */
data_days: number, runs: number, successful_runs: number,
/**
 * Items processed by successful runs.
 */
items: number, hours_saved: Pair, cost_saved: Pair, fte: Pair, licence_cost: Figure, roi: Pair,
/**
 * Realised hours in percent of the estimated ones.
 */
realisation: Figure, };

export type DepartmentRow = {
/**
 * `None`: processes without a department, or not in the catalogue.
 */
department: string | null, processes: number, live_processes: number, runs: number, successful_runs: number,
/**
 * Items processed by successful runs.
 */
items: number, hours_saved: Pair, cost_saved: Pair, fte: Pair, licence_cost: Figure, roi: Pair,
/**
 * Realised hours in percent of the estimated ones.
 */
realisation: Figure, };

export type ProcessRow = { process: string, department: string | null,
/**
 * `None` when the process is not in the catalogue.
 */
stage: string | null, in_catalogue: boolean, handling_minutes: Amount, hourly_cost: Amount,
/**
 * The bots that run it (their licences share its cost).
 */
bots: Array<string>, runs: number, successful_runs: number,
/**
 * Items processed by successful runs.
 */
items: number, hours_saved: Pair, cost_saved: Pair, fte: Pair, licence_cost: Figure, roi: Pair,
/**
 * Realised hours in percent of the estimated ones.
 */
realisation: Figure, };

/**
 * An estimated figure and its realised counterpart.
 */
export type Pair = { estimated: Figure, realised: Figure, };

/**
 * A value (rounded to 2 decimals) and how it was computed.
 */
export type Figure = {
/**
 * `None` when the formula has no value (a ratio over nothing).
 */
value: Amount | null, unit: Unit,
/**
 * In words, naming what it counts (the days of run data of a prorated figure).
 */
formula: string, inputs: Array<FigureInput>,
/**
 * What the formula alone does not say (why a value is 0 or missing).
 */
note?: string, };

/**
 * One input of a formula.
 */
export type FigureInput = { label: string, value: Amount, unit: Unit, };

/**
 * What a value counts, so that the page writes it right (money in the company's currency).
 */
export type Unit = "count" | "hours" | "minutes" | "money" | "fte" | "percent" | "years";

/**
 * A value rounded to 2 decimals, written as a whole number when it is one.
 */
export type Amount = number;

/**
 * A value rounded to some decimals, written as a whole number when it is one (so that
 * 1 reads `1`, not `1.0`).
 */
export type Rounded = number;
