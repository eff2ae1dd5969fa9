/** The CSV exports: the inventory (with live status and owners' names) and the calculation. */

import { toCsv } from '@common/lib/csv';
import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import type { Bot, BotStatus, Calculation, Currency } from './types';
import { STATE_LABELS, TYPE_LABELS } from './vocabulary';

/** The inventory's columns, money under a header that names the currency. */
const botHeader = (currency: Currency) => [
  'Name',
  'Status',
  'Last run event',
  'Type',
  'Vendor',
  'Machine',
  'Owner',
  `Licence cost per year (${currency.code})`,
  'Processes',
  'Schedule',
  'Notes',
];

export function botsCsv(
  bots: readonly Bot[],
  statuses: ReadonlyMap<string, BotStatus>,
  people: PeopleIndex,
  currency: Currency,
): string {
  return toCsv(
    botHeader(currency),
    bots.map((bot) => {
      const status = statuses.get(bot.name);
      return [
        bot.name,
        status ? STATE_LABELS[status.status] : '',
        formatDateTime(status?.last_event_at),
        TYPE_LABELS[bot.type] ?? bot.type,
        bot.vendor,
        bot.machine,
        nameOf(people, bot.owner_id),
        bot.licence_cost,
        (bot.processes ?? []).join('; '),
        bot.schedule,
        bot.notes,
      ];
    }),
  );
}

export function calculationCsv(calculation: Calculation): string {
  const code = calculation.currency.code;
  return toCsv(
    [
      'Bot',
      'In inventory',
      `Licence cost per year (${code})`,
      'Items',
      `Cost (${code})`,
      'Hours saved',
      `Savings (${code})`,
      `Net benefit (${code})`,
      'Payback (months)',
    ],
    calculation.bots.map((bot) => [
      bot.bot,
      bot.id ? 'yes' : 'no',
      bot.licence_cost,
      bot.items,
      bot.cost,
      bot.hours,
      bot.savings,
      bot.net_benefit,
      bot.payback_months,
    ]),
  );
}
