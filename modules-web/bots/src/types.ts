/**
 * What the bots plugin (`/api/m/bots/...`) and the host's ingestion keys API answer. The types of
 * the plugin's Rust answers are generated (./generated.ts); its records and the host's keys are written here.
 */

import type { Run } from '@common/domain/runs';
import type { BotLine, Figures, Input, Overview as GeneratedOverview, State } from './generated';

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

export const BOT_STATES = ['running', 'idle', 'offline', 'new'] as const satisfies readonly State[];
export type BotState = State;

export { RUN_STATUSES, type Run, type RunStatus } from '@common/domain/runs';

export type {
  BotStatus,
  Calculation,
  Currency,
  Figure,
  Figures,
  Heatmap,
  HeatmapNonWorking,
  HeatmapRow,
  Me,
  NonWorkingKind,
  ProcessLine,
  ProcessNames,
  RangeAnswer,
  Statuses,
  Unit,
} from './generated';
/** A bot's figures in `GET /calculation`. */
export type BotCalculation = BotLine;
export type FormulaInput = Input;

export const FIGURES = [
  'cost',
  'hours',
  'savings',
  'net_benefit',
  'payback_months',
] as const satisfies readonly (keyof Figures)[];
export type FigureKey = keyof Figures;

/** `GET /bots/{id}/overview`, its records read as the bot and runs they are. */
export type Overview = Omit<GeneratedOverview, 'bot' | 'current_runs' | 'last_run'> & {
  bot: Bot;
  current_runs: Run[];
  last_run: Run | null;
};

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
