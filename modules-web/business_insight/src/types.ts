/**
 * What Business Insight's plugin answers (`GET /api/m/business_insight/overview`): every
 * figure of the page, each with the formula and inputs it was computed from.
 */

/** What a value counts; money is in the company's currency. */
export type Unit = 'count' | 'hours' | 'minutes' | 'money' | 'fte' | 'percent' | 'years';

export interface FigureInput {
  label: string;
  value: number;
  unit: Unit;
}

/** A value (rounded to 2 decimals; null when its ratio has no base) and how it was computed. */
export interface Figure {
  value: number | null;
  unit: Unit;
  formula: string;
  inputs: FigureInput[];
  /** What the formula alone does not say (why a value is 0 or missing). */
  note?: string;
}

/** An estimated figure (from the catalogue) and its realised counterpart (from the runs). */
export interface Pair {
  estimated: Figure;
  realised: Figure;
}

/** The figures of a process, a department, a month or the whole range. */
export interface Benefits {
  runs: number;
  successful_runs: number;
  /** Items processed by successful runs. */
  items: number;
  hours_saved: Pair;
  cost_saved: Pair;
  fte: Pair;
  licence_cost: Figure;
  roi: Pair;
  /** Realised hours in percent of the estimated ones. */
  realisation: Figure;
}

export interface MonthRow extends Benefits {
  /** `2025-01`. */
  month: string;
  /** The month's days inside the range. */
  days: number;
}

export interface DepartmentRow extends Benefits {
  /** Null: processes without a department, or not in the Process Vault. */
  department: string | null;
  processes: number;
  live_processes: number;
}

export interface ProcessRow extends Benefits {
  process: string;
  department: string | null;
  /** Null when the process is not in the Process Vault. */
  stage: string | null;
  in_catalogue: boolean;
  handling_minutes: number;
  hourly_cost: number;
  /** The bots that run it. */
  bots: string[];
}

export interface Currency {
  code: string;
  symbol: string;
}

export interface Overview {
  available: true;
  /** Days as `YYYY-MM-DD`, both included. */
  range: { from: string; to: string; days: number; years: number };
  filters: { department: string | null; process: string | null };
  currency: Currency;
  /** The whole catalogue, whatever the filters. */
  choices: { departments: string[]; processes: { name: string; department: string | null }[] };
  totals: Benefits;
  by_month: MonthRow[];
  /** Most realised cost saved first. */
  by_department: DepartmentRow[];
  by_process: ProcessRow[];
}

/** The Process Vault (`vault`) or Bot Profile (`bots`) is not installed. */
export interface Unavailable {
  available: false;
  missing: string[];
}

export type OverviewAnswer = Overview | Unavailable;
