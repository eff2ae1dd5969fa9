/** How history entries read: the action's title and each change as "Field: before → after". */

import type { Currency } from '@autoscope/web-sdk';

import { formatMoney, humanize } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { complexityLabel, healthLabel, stageLabel } from '@common/domain/vocabulary';
import { MONEY_FIELDS, displayValue } from './format';
import type { Change, HistoryAction } from './types';

export const ACTION_TITLES: Readonly<Record<HistoryAction, string>> = {
  created: 'Created',
  updated: 'Updated',
  stage: 'Stage changed',
  assessed: 'Assessed',
  document: 'Document',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  department: 'Department',
  owner_id: 'Owner',
  applications: 'Applications',
  stage: 'Stage',
  health: 'Health',
  monthly_volume: 'Monthly volume',
  handling_minutes: 'Handling time (minutes)',
  hourly_cost: 'Hourly cost',
  exception_rate: 'Exception rate (%)',
  automation_pct: 'Automation (%)',
  complexity: 'Complexity',
  bots: 'Bots',
  ftes: 'FTEs',
  rule_based: 'Rule based',
  input_type: 'Input type',
  input_structure: 'Input structure',
  stability: 'Stability',
  documentation: 'Documentation',
  potential: 'Potential (%)',
  ease: 'Ease',
  benefit_hours: 'Benefit hours',
  benefit_money: 'Benefit money',
  benefit_fte: 'Benefit FTE',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? humanize(field);
}

/** A changed value as people read it: labels for vocabulary, names for user ids, money in the currency. */
function changeValue(field: string, value: unknown, people: PeopleIndex, currency: Currency): string {
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value, currency);
  if (typeof value === 'string' && value !== '') {
    if (field === 'stage') return stageLabel(value);
    if (field === 'health') return healthLabel(value);
    if (field === 'complexity') return complexityLabel(value);
    if (field === 'owner_id') return nameOf(people, value) ?? '—';
  }
  return displayValue(value);
}

export function describeChange(change: Change, people: PeopleIndex, currency: Currency): string {
  // A document entry names the file added (`to`) or removed (`from`).
  if (change.field === 'document') {
    return change.to != null ? `Added ${displayValue(change.to)}` : `Removed ${displayValue(change.from)}`;
  }
  const from = changeValue(change.field, change.from, people, currency);
  const to = changeValue(change.field, change.to, people, currency);
  return `${fieldLabel(change.field)}: ${from} → ${to}`;
}

/** The note worth showing: not the plugin's own bookkeeping of events. */
export function visibleNote(note: string | null): string | null {
  return note && !note.startsWith('event:') ? note : null;
}
