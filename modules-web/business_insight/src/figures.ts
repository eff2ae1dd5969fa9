/** The plugin's figures as the page shows them: values in their units, KPI cards, chart data, table rows and CSV. */

import { toCsv } from '@common/lib/csv';
import { formatMoney, formatNumber, formatPercent } from '@common/lib/format';
import { validSort } from '@common/lib/sort';
import { withParams } from '@common/lib/urlParams';
import type { Benefits, Currency, DepartmentRow, Figure, MonthRow, Overview, ProcessRow, Unit } from './types';

const upToFour = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

/** A value in its unit: `62 h`, `$2,460`, `0.03 FTE`, `33.33 %`; — when there is none. */
export function formatValue(value: number | null | undefined, unit: Unit, currency: Currency): string {
  if (value == null || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'count':
      return formatNumber(value, true);
    case 'hours':
      return `${formatNumber(value, Math.abs(value) < 100)} h`;
    case 'minutes':
      return `${formatNumber(value, true)} min`;
    case 'money':
      return formatMoney(value, currency);
    case 'fte':
      return `${formatNumber(value, true)} FTE`;
    case 'percent':
      return formatPercent(value);
    case 'years':
      return `${upToFour.format(value)} ${value === 1 ? 'year' : 'years'}`;
  }
}

/** A figure opened to show its formula: what it is, of what, and the figure. */
export interface OpenFigure {
  /** `Hours saved (realised)`. */
  title: string;
  /** What it is computed over: `All processes`, a process, a department or a month. */
  context: string;
  figure: Figure;
}

export type KpiKey = 'hours-saved' | 'cost-saved' | 'fte' | 'roi' | 'licence-cost' | 'realisation';

export interface Kpi {
  key: KpiKey;
  label: string;
  /** The headline figure (realised where there are both). */
  main: OpenFigure;
  /** The estimate beside it, when the figure has one. */
  estimated: OpenFigure | null;
  /** What the headline counts. */
  hint: string;
}

/** The figures of one pair, titled. */
function pair(label: string, context: string, estimated: Figure, realised: Figure) {
  return {
    main: { title: `${label} (realised)`, context, figure: realised },
    estimated: { title: `${label} (estimated)`, context, figure: estimated },
  };
}

/** The headline cards: hours and cost saved, FTEs, ROI, licence cost and how much of the estimate is realised. */
export function kpis(totals: Benefits, context: string): Kpi[] {
  const runs = `${formatNumber(totals.items)} items by ${formatNumber(totals.successful_runs)} successful runs`;
  return [
    {
      key: 'hours-saved',
      label: 'Hours saved',
      hint: runs,
      ...pair('Hours saved', context, totals.hours_saved.estimated, totals.hours_saved.realised),
    },
    {
      key: 'cost-saved',
      label: 'Cost saved',
      hint: 'Hours saved × hourly cost',
      ...pair('Cost saved', context, totals.cost_saved.estimated, totals.cost_saved.realised),
    },
    {
      key: 'fte',
      label: 'FTE equivalent',
      hint: 'Hours saved ÷ 1,800 a year',
      ...pair('FTE equivalent', context, totals.fte.estimated, totals.fte.realised),
    },
    {
      key: 'roi',
      label: 'ROI',
      hint: 'Cost saved against licence cost',
      ...pair('ROI', context, totals.roi.estimated, totals.roi.realised),
    },
    {
      key: 'licence-cost',
      label: 'Licence cost',
      hint: "Bots' licences over the days of run data",
      main: { title: 'Licence cost', context, figure: totals.licence_cost },
      estimated: null,
    },
    {
      key: 'realisation',
      label: 'Benefit realised',
      hint: 'Realised hours of the estimate',
      main: { title: 'Benefit realised', context, figure: totals.realisation },
      estimated: null,
    },
  ];
}

/**
 * What the department and process selects offer: the catalogue's departments, and the processes
 * of the chosen department; a chosen value the catalogue lacks (a link's) stays first.
 */
export function filterOptions(
  choices: Overview['choices'] | null,
  filters: { department: string | null; process: string | null },
): { departments: string[]; processes: string[] } {
  const departments = [...(choices?.departments ?? [])];
  const processes = (choices?.processes ?? [])
    .filter((process) => !filters.department || process.department === filters.department)
    .map((process) => process.name);
  if (filters.department && !departments.includes(filters.department)) departments.unshift(filters.department);
  if (filters.process && !processes.includes(filters.process)) processes.unshift(filters.process);
  return { departments, processes };
}

/** `Finance`, or `No department` for processes without one. */
export function departmentLabel(department: string | null): string {
  return department ?? 'No department';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-01` → `Jan 2025`. */
export function formatMonth(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** What the charts compare: hours or money. */
export type Measure = 'hours' | 'money';

function measured(benefits: Benefits, measure: Measure) {
  const pair = measure === 'hours' ? benefits.hours_saved : benefits.cost_saved;
  return { Estimated: pair.estimated.value ?? 0, Realised: pair.realised.value ?? 0 };
}

export interface MonthPoint {
  month: string;
  label: string;
  Estimated: number;
  Realised: number;
  /** The licences of the month (money only). */
  'Licence cost'?: number;
}

/** Estimated against realised per month, with the licences when comparing money. */
export function monthSeries(months: readonly MonthRow[], measure: Measure): MonthPoint[] {
  return months.map((month) => ({
    month: month.month,
    label: formatMonth(month.month),
    ...measured(month, measure),
    ...(measure === 'money' ? { 'Licence cost': month.licence_cost.value ?? 0 } : {}),
  }));
}

export interface DepartmentBar {
  department: string;
  Estimated: number;
  Realised: number;
}

/** Estimated against realised per department, most saved first (as the plugin orders them). */
export function departmentBars(rows: readonly DepartmentRow[], measure: Measure): DepartmentBar[] {
  return rows.map((row) => ({ department: departmentLabel(row.department), ...measured(row, measure) }));
}

/** Nothing to show: no process ran or is live in the range, under the filters. */
export function isEmpty(overview: Overview): boolean {
  return overview.by_process.length === 0 && overview.totals.runs === 0;
}

// ---- The tables ---------------------------------------------------------------------------

/** A figure column of the month, department and process tables (each cell opens its formula). */
export interface FigureColumn {
  /** The process table sorts by it. */
  key: Extract<ProcessSort, 'hours' | 'estimated_cost' | 'cost' | 'licence' | 'roi'> | 'fte';
  label: string;
  /** The drawer's title. */
  title: string;
  pick: (benefits: Benefits) => Figure;
}

export const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { key: 'hours', label: 'Hours saved', title: 'Hours saved (realised)', pick: (b) => b.hours_saved.realised },
  { key: 'estimated_cost', label: 'Estimated', title: 'Cost saved (estimated)', pick: (b) => b.cost_saved.estimated },
  { key: 'cost', label: 'Cost saved', title: 'Cost saved (realised)', pick: (b) => b.cost_saved.realised },
  { key: 'fte', label: 'FTE', title: 'FTE equivalent (realised)', pick: (b) => b.fte.realised },
  { key: 'licence', label: 'Licence cost', title: 'Licence cost', pick: (b) => b.licence_cost },
  { key: 'roi', label: 'ROI', title: 'ROI (realised)', pick: (b) => b.roi.realised },
];

// ---- The process table ------------------------------------------------------------------

/** The columns the process table sorts by; the default is most realised cost saved first. */
export const PROCESS_SORTS = [
  'process',
  'department',
  'runs',
  'hours',
  'cost',
  'estimated_cost',
  'licence',
  'roi',
] as const;
export type ProcessSort = (typeof PROCESS_SORTS)[number];
export const DEFAULT_PROCESS_SORT = '-cost';

/** The process table's search and sort, kept in the URL (`?q=invoice&sort=-roi`) so a view can be shared. */
export interface ProcessView {
  q: string;
  /** A sort field, `-` first for descending. */
  sort: string;
}

export function processViewFromParams(params: URLSearchParams): ProcessView {
  return { q: params.get('q') ?? '', sort: validSort(params.get('sort'), PROCESS_SORTS, DEFAULT_PROCESS_SORT) };
}

/** `params` with the process table's view written; the default sort and an empty search are left out. */
export function withProcessView(params: URLSearchParams, view: ProcessView): URLSearchParams {
  return withParams(params, { ...view }, { sort: DEFAULT_PROCESS_SORT });
}
export const PAGE_SIZE = 20;

function sortValue(row: ProcessRow, field: ProcessSort): string | number | null {
  switch (field) {
    case 'process':
      return row.process.toLowerCase();
    case 'department':
      return row.department?.toLowerCase() ?? null;
    case 'runs':
      return row.runs;
    case 'hours':
      return row.hours_saved.realised.value;
    case 'cost':
      return row.cost_saved.realised.value;
    case 'estimated_cost':
      return row.cost_saved.estimated.value;
    case 'licence':
      return row.licence_cost.value;
    case 'roi':
      return row.roi.realised.value;
  }
}

/** Rows sorted by `sort` (a field, `-` first for descending); missing values last either way, then by name. */
export function sortProcesses(rows: readonly ProcessRow[], sort: string): ProcessRow[] {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as ProcessSort;
  return [...rows].sort((a, b) => {
    const [x, y] = [sortValue(a, field), sortValue(b, field)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const order = x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return a.process.localeCompare(b.process);
  });
}

/** Rows whose process, department or bots contain `q` (any case). */
export function searchProcesses(rows: readonly ProcessRow[], q: string): ProcessRow[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.process, row.department ?? '', ...row.bots].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** How many pages of `PAGE_SIZE` rows `count` rows make (at least 1). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** The rows of page `page` (1-based, kept within the pages). */
export function pageRows<T>(rows: readonly T[], page: number): T[] {
  const last = pageCount(rows.length);
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE);
}

/** The process table as CSV: every figure of every row, money in the company's currency. */
export function processCsv(rows: readonly ProcessRow[], currency: Currency): string {
  const money = (label: string) => `${label} (${currency.code})`;
  const header = [
    'Process',
    'Department',
    'Stage',
    'In Process Vault',
    'Bots',
    'Runs',
    'Successful runs',
    'Items',
    'Handling minutes',
    money('Hourly cost'),
    'Hours saved (estimated)',
    'Hours saved (realised)',
    money('Cost saved (estimated)'),
    money('Cost saved (realised)'),
    'FTE (estimated)',
    'FTE (realised)',
    money('Licence cost'),
    'ROI estimated (%)',
    'ROI realised (%)',
    'Benefit realised (%)',
  ];
  const lines = rows.map((row) => [
    row.process,
    row.department ?? '',
    row.stage ?? '',
    row.in_catalogue ? 'Yes' : 'No',
    row.bots.join('; '),
    row.runs,
    row.successful_runs,
    row.items,
    row.handling_minutes,
    row.hourly_cost,
    row.hours_saved.estimated.value,
    row.hours_saved.realised.value,
    row.cost_saved.estimated.value,
    row.cost_saved.realised.value,
    row.fte.estimated.value,
    row.fte.realised.value,
    row.licence_cost.value,
    row.roi.estimated.value,
    row.roi.realised.value,
    row.realisation.value,
  ]);
  return toCsv(header, lines);
}
