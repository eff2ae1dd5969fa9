/**
 * What Business Insight's plugin answers (`GET /api/m/business_insight/overview`): every
 * figure of the page, each with the formula and inputs it was computed from. The types are
 * generated from the plugin's Rust types (./generated.ts).
 */

import type { Overview, Unavailable } from './generated';

export type {
  Benefits,
  Currency,
  DepartmentRow,
  Figure,
  FigureInput,
  MonthRow,
  Overview,
  Pair,
  ProcessRow,
  Unavailable,
  Unit,
} from './generated';

export type OverviewAnswer = Overview | Unavailable;
