/** Records the tests share (imported by nothing the remote builds). */

import type { Bot, Calculation, Figure } from './types';

export const BOT: Bot = {
  id: 'b1',
  version: 3,
  created_at: 1_772_409_600,
  updated_at: 1_772_496_000,
  name: 'Invoice bot',
  type: 'unattended',
  machine: 'VM-01',
  vendor: 'UiPath',
  owner_id: 'u1',
  licence_cost: 7300,
  processes: ['Invoice posting', 'Payroll check'],
  schedule: 'Mon-Fri 06:00-18:00',
  notes: null,
};

const figure = (value: number | null): Figure => ({ value, formula: 'f', inputs: [] });

export const CALCULATION: Calculation = {
  range: { from: '2026-03-02', to: '2026-03-04', start: 1_772_409_600, end: 1_772_668_800, days: 3 },
  currency: { code: 'EUR', symbol: '€' },
  vault_available: true,
  bots: [
    {
      bot: 'Alpha',
      id: 'a',
      licence_cost: 7300,
      items: 640,
      cost: 60,
      hours: 70,
      savings: 3400,
      net_benefit: 3340,
      payback_months: 0.2,
      processes: [
        {
          process: 'Invoice posting',
          items: 600,
          handling_minutes: 6,
          hourly_cost: 50,
          hours: 60,
          money: 3000,
          known: true,
        },
        { process: 'Mystery', items: 10, handling_minutes: null, hourly_cost: null, hours: 0, money: 0, known: false },
      ],
      figures: {
        cost: figure(60),
        hours: figure(70),
        savings: figure(3400),
        net_benefit: figure(3340),
        payback_months: figure(0.2),
      },
    },
    {
      bot: '=Ghost',
      id: null,
      licence_cost: 0,
      items: 10,
      cost: 0,
      hours: 1,
      savings: 50,
      net_benefit: 50,
      payback_months: null,
      processes: [],
      figures: {
        cost: figure(0),
        hours: figure(1),
        savings: figure(50),
        net_benefit: figure(50),
        payback_months: figure(null),
      },
    },
  ],
  totals: {
    licence_cost: 7300,
    items: 650,
    cost: 60,
    hours: 71,
    savings: 3450,
    net_benefit: 3390,
    payback_months: 0.2,
    figures: {
      cost: figure(60),
      hours: figure(71),
      savings: figure(3450),
      net_benefit: figure(3390),
      payback_months: figure(0.2),
    },
  },
};
