/**
 * The bot form: its values, the checks the browser makes before sending (the plugin's own
 * messages, generated from plugins/bots/src/validate.rs) and the payloads sent.
 */

import type { FormErrors } from '@common/lib/forms';
import { MESSAGES as PLUGIN_MESSAGES } from './generated';
import type { Bot, BotType, Vendor } from './types';

export const MESSAGES = {
  nameRequired: PLUGIN_MESSAGES.NAME_REQUIRED,
  nameTooLong: PLUGIN_MESSAGES.NAME_TOO_LONG,
  nameTaken: PLUGIN_MESSAGES.NAME_TAKEN,
  renameWithRuns: PLUGIN_MESSAGES.RENAME_WITH_RUNS,
  machineTooLong: PLUGIN_MESSAGES.MACHINE_TOO_LONG,
  owner: PLUGIN_MESSAGES.OWNER,
  licenceCost: PLUGIN_MESSAGES.LICENCE_COST,
  processes: PLUGIN_MESSAGES.PROCESSES,
  tooManyProcesses: PLUGIN_MESSAGES.TOO_MANY_PROCESSES,
  scheduleTooLong: PLUGIN_MESSAGES.SCHEDULE_TOO_LONG,
  notesTooLong: PLUGIN_MESSAGES.NOTES_TOO_LONG,
} as const;

export const NAME_MAX = 100;
export const MACHINE_MAX = 100;
export const SCHEDULE_MAX = 200;
export const NOTES_MAX = 2000;
const PROCESS_MAX = 200;
const PROCESSES_MAX = 100;

/** A number input's value: a number, or '' while empty. */
export type NumberValue = number | '';

/** Mantine's NumberInput gives '' while empty and a string mid-typing ("1."); the form keeps numbers. */
export function toNumberValue(value: number | string): NumberValue {
  if (value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? '' : number;
}

export interface BotFormValues {
  name: string;
  type: BotType;
  machine: string;
  vendor: Vendor;
  owner_id: string | null;
  licence_cost: NumberValue;
  processes: string[];
  schedule: string;
  notes: string;
}

export const EMPTY_BOT: BotFormValues = {
  name: '',
  type: 'unattended',
  machine: '',
  vendor: 'Other',
  owner_id: null,
  licence_cost: 0,
  processes: [],
  schedule: '',
  notes: '',
};

export function botFormValues(bot: Bot): BotFormValues {
  return {
    name: bot.name,
    type: bot.type,
    machine: bot.machine ?? '',
    vendor: bot.vendor,
    owner_id: bot.owner_id || null,
    licence_cost: bot.licence_cost,
    processes: bot.processes ?? [],
    schedule: bot.schedule ?? '',
    notes: bot.notes ?? '',
  };
}

const longer = (text: string, max: number) => [...text.trim()].length > max;

export function validateBot(values: BotFormValues): FormErrors<BotFormValues> {
  const errors: FormErrors<BotFormValues> = {};
  if (!values.name.trim()) errors.name = MESSAGES.nameRequired;
  else if (longer(values.name, NAME_MAX)) errors.name = MESSAGES.nameTooLong;
  if (longer(values.machine, MACHINE_MAX)) errors.machine = MESSAGES.machineTooLong;
  const cost = values.licence_cost === '' ? 0 : values.licence_cost;
  if (!Number.isFinite(cost) || cost < 0) errors.licence_cost = MESSAGES.licenceCost;
  if (values.processes.some((name) => longer(name, PROCESS_MAX))) errors.processes = MESSAGES.processes;
  else if (new Set(values.processes.map((name) => name.trim()).filter(Boolean)).size > PROCESSES_MAX) {
    errors.processes = MESSAGES.tooManyProcesses;
  }
  if (longer(values.schedule, SCHEDULE_MAX)) errors.schedule = MESSAGES.scheduleTooLong;
  if (longer(values.notes, NOTES_MAX)) errors.notes = MESSAGES.notesTooLong;
  return errors;
}

/** What `POST /bots` and `PATCH /bots/{id}` take: the record's own fields (blank text sent as null), always a list of processes. */
export type BotPayload = Omit<Bot, 'id' | 'version' | 'created_at' | 'updated_at' | 'processes'> & {
  processes: string[];
};

const orNull = (text: string) => text.trim() || null;

export function botPayload(values: BotFormValues): BotPayload {
  return {
    name: values.name.trim(),
    type: values.type,
    machine: orNull(values.machine),
    vendor: values.vendor,
    owner_id: values.owner_id,
    licence_cost: values.licence_cost === '' ? 0 : values.licence_cost,
    processes: values.processes.map((name) => name.trim()).filter(Boolean),
    schedule: orNull(values.schedule),
    notes: orNull(values.notes),
  };
}

/** The fields of the form that differ from the stored bot, as the payload sends them. */
export function changedFields(bot: Bot, values: BotFormValues): Partial<BotPayload> {
  const next = botPayload(values);
  const stored = botPayload(botFormValues(bot));
  const changes: Partial<BotPayload> = {};
  for (const key of Object.keys(next) as (keyof BotPayload)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(stored[key])) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/** The form field a server message is about, so it shows under that field. */
export function fieldOfServerMessage(message: string): keyof BotFormValues | undefined {
  switch (message) {
    case MESSAGES.nameRequired:
    case MESSAGES.nameTooLong:
    case MESSAGES.nameTaken:
    case MESSAGES.renameWithRuns:
      return 'name';
    case MESSAGES.machineTooLong:
      return 'machine';
    case MESSAGES.owner:
      return 'owner_id';
    case MESSAGES.licenceCost:
      return 'licence_cost';
    case MESSAGES.processes:
    case MESSAGES.tooManyProcesses:
      return 'processes';
    case MESSAGES.scheduleTooLong:
      return 'schedule';
    case MESSAGES.notesTooLong:
      return 'notes';
    default:
      return undefined;
  }
}
