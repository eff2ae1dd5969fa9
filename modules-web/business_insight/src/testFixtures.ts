/** Overviews as the plugin answers them, for the tests (imported by nothing the remote builds). */

import type { Benefits, Figure, Overview, ProcessRow, Unit } from './types';

export function figure(value: number | null, unit: Unit, formula = 'x'): Figure {
  return { value, unit, formula, inputs: [] };
}

/** Benefits with every figure 0 (ROI and realisation without a value), and what `values` sets. */
export function benefits(
  values: Partial<
    Record<'hours' | 'hoursEstimated' | 'cost' | 'costEstimated' | 'licence' | 'roi', number | null>
  > = {},
  runs = 0,
): Benefits {
  return {
    runs,
    successful_runs: runs,
    items: runs * 10,
    hours_saved: {
      estimated: figure(values.hoursEstimated ?? 0, 'hours'),
      realised: figure(values.hours ?? 0, 'hours'),
    },
    cost_saved: { estimated: figure(values.costEstimated ?? 0, 'money'), realised: figure(values.cost ?? 0, 'money') },
    fte: { estimated: figure(0, 'fte'), realised: figure(0, 'fte') },
    licence_cost: figure(values.licence ?? 0, 'money'),
    roi: { estimated: figure(null, 'percent'), realised: figure(values.roi ?? null, 'percent') },
    realisation: figure(null, 'percent'),
  };
}

export function processRow(
  process: string,
  department: string | null,
  values: Parameters<typeof benefits>[0],
  runs = 0,
): ProcessRow {
  return {
    process,
    department,
    stage: department ? 'live' : null,
    in_catalogue: department !== null,
    handling_minutes: 6,
    hourly_cost: 40,
    bots: department ? ['Bot A'] : [],
    ...benefits(values, runs),
  };
}

const YEAR_2025 = { from: '2025-01-01', to: '2025-12-31', start: 1_735_689_600, end: 1_767_225_600, days: 365 };

/** 2025 with Invoices (Finance), Payroll (HR) and Ghost (not catalogued), run data all year and beyond. */
export function overview(): Overview {
  return {
    available: true,
    range: YEAR_2025,
    data: YEAR_2025,
    years: 1,
    run_data: { from: '2024-11-02', to: '2026-01-10', start: 1_730_505_600, end: 1_768_089_600, days: 435 },
    filters: { department: null, process: null },
    currency: { code: 'EUR', symbol: '€' },
    choices: {
      departments: ['Finance', 'HR'],
      processes: [
        { name: 'Invoices', department: 'Finance' },
        { name: 'Payroll', department: 'HR' },
      ],
    },
    totals: benefits(
      { hours: 62, hoursEstimated: 1440, cost: 2460, costEstimated: 54000, licence: 11680, roi: -78.94 },
      7,
    ),
    by_month: [
      {
        month: '2025-01',
        days: 31,
        data_days: 31,
        ...benefits({ hours: 50, hoursEstimated: 122.3, cost: 2000, costEstimated: 4586.3, licence: 992 }, 4),
      },
      {
        month: '2025-02',
        days: 28,
        data_days: 28,
        ...benefits({ hoursEstimated: 110.47, costEstimated: 4142.47, licence: 896 }, 1),
      },
    ],
    by_department: [
      {
        department: 'Finance',
        processes: 1,
        live_processes: 1,
        ...benefits({ hours: 60, cost: 2400, costEstimated: 48000 }),
      },
      { department: null, processes: 1, live_processes: 0, ...benefits() },
    ],
    by_process: [
      processRow('Invoices', 'Finance', { hours: 60, cost: 2400, costEstimated: 48000, licence: 7300, roi: -67.12 }, 5),
      processRow('Payroll', 'HR', { hours: 2, cost: 60, licence: 3650, roi: -98.36 }, 1),
      processRow('Ghost', null, {}, 1),
    ],
  };
}
