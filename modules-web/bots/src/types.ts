/** What the bots plugin (`/api/m/bots/...`) and the host's ingestion keys API answer. */

export const BOT_TYPES = ['unattended', 'attended'] as const;
export type BotType = (typeof BOT_TYPES)[number];

export const VENDORS = ['UiPath', 'Automation Anywhere', 'Blue Prism', 'Power Automate', 'Other'] as const;
export type Vendor = (typeof VENDORS)[number];

/** A record of `bots`. Times are unix seconds; the licence cost is per year, in the company's currency. */
export interface Bot {
  id: string;
  version: number;
  created_at: number;
  updated_at: number;
  name: string;
  type: BotType;
  machine: string | null;
  vendor: Vendor;
  owner_id: string | null;
  licence_cost: number;
  processes: string[] | null;
  schedule: string | null;
  notes: string | null;
}

export interface BotFilters {
  q: string;
  type: BotType | null;
  vendor: Vendor | null;
  owner_id: string | null;
  sort: string;
}

export const BOT_STATES = ['running', 'idle', 'offline'] as const;
export type BotState = (typeof BOT_STATES)[number];

/** A bot's live status; `id` is null for a bot known only from its runs. */
export interface BotStatus {
  bot: string;
  id: string | null;
  status: BotState;
  running: number;
  running_since: number | null;
  last_event_at: number | null;
}

/** `GET /status` */
export interface Statuses {
  now: number;
  counts: Record<BotState, number>;
  bots: BotStatus[];
}

/** The days a figure covers: UTC midnights of the first and last day, and how many. */
export interface Days {
  from: number;
  to: number;
  days: number;
}

export { RUN_STATUSES, type Run, type RunStatus } from '@common/domain/runs';
import type { Run } from '@common/domain/runs';

/** `GET /bots/{id}/overview` */
export interface Overview {
  bot: Bot;
  range: Days;
  status: BotStatus;
  current_runs: Run[];
  last_run: Run | null;
  runs: {
    total: number;
    running: number;
    successful: number;
    failed: number;
    stopped: number;
    items: number;
    busy_seconds: number;
    success_rate: number | null;
  };
  failures: {
    total: number;
    business: number;
    system: number;
    unspecified: number;
    reasons: { exception_type: string | null; reason: string | null; n: number }[];
  };
  processes: {
    process: string;
    assigned: boolean;
    runs: number;
    successful: number;
    failed: number;
    items: number;
    busy_seconds: number;
  }[];
}

/** `GET /heatmap`: one row per bot, one cell per day. */
export interface Heatmap {
  range: Days;
  days: number[];
  bots: { bot: string; id: string | null; busy_seconds: number[]; utilisation: number[]; average: number }[];
  formula: string;
}

export type Unit =
  'money' | 'money_per_year' | 'money_per_month' | 'money_per_hour' | 'hours' | 'minutes' | 'items' | 'days';

export interface FormulaInput {
  label: string;
  value: number;
  unit: Unit;
}

/** A figure with how the plugin computed it. */
export interface Figure {
  value: number | null;
  formula: string;
  inputs: FormulaInput[];
}

export const FIGURES = ['cost', 'hours', 'savings', 'net_benefit', 'payback_months'] as const;
export type FigureKey = (typeof FIGURES)[number];
export type Figures = Record<FigureKey, Figure>;

export interface ProcessLine {
  process: string;
  items: number;
  handling_minutes: number | null;
  hourly_cost: number | null;
  hours: number;
  money: number;
  /** False when Process Vault has no process of that name. */
  known: boolean;
}

export interface BotCalculation {
  bot: string;
  id: string | null;
  licence_cost: number;
  items: number;
  cost: number;
  hours: number;
  savings: number;
  net_benefit: number;
  payback_months: number | null;
  processes: ProcessLine[];
  figures: Figures;
}

export interface Currency {
  code: string;
  symbol: string;
}

/** `GET /calculation` */
export interface Calculation {
  range: Days;
  currency: Currency;
  vault_available: boolean;
  bots: BotCalculation[];
  totals: Omit<BotCalculation, 'bot' | 'id' | 'processes'>;
}

/** `GET /me` */
export interface Me {
  company_admin: boolean;
  currency: Currency;
}

/** `GET /processes`: Process Vault's names, for the form. */
export interface ProcessNames {
  available: boolean;
  names: string[];
}

/** A company API key as the host lists it (`GET /api/ingest/keys`); the key itself is never shown again. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: number;
  created_by: string | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** `POST /api/ingest/keys`: the new key, shown once. */
export interface NewApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: number;
  key: string;
}
