/**
 * The process and assessment forms: their values, the checks the browser makes before
 * sending (the plugin's own messages, word for word) and the payloads sent.
 */

import type { FormErrors } from '@common/lib/forms';
import type { Complexity, Health, Stage } from '@common/domain/vocabulary';
import { MESSAGES as PLUGIN_MESSAGES } from './generated';
import type { Process } from './types';

/** The five quick-assessment questions; each answer 1–5, 5 = most automatable. */
export const ASSESSMENT_QUESTIONS = [
  { key: 'rule_based', label: 'Rule based', hint: '1 = mostly judgement, 5 = fully rule based' },
  { key: 'input_type', label: 'Input type', hint: '1 = paper or voice, 5 = fully digital' },
  { key: 'input_structure', label: 'Input structure', hint: '1 = free text, 5 = fully structured' },
  { key: 'stability', label: 'Stability', hint: '1 = changes often, 5 = stable for a year or more' },
  { key: 'documentation', label: 'Documentation', hint: '1 = none, 5 = complete and current' },
] as const;
export type AssessmentKey = (typeof ASSESSMENT_QUESTIONS)[number]['key'];

/** The plugin's validation messages (plugins/vault/src/validate.rs, generated). */
export const MESSAGES = {
  nameRequired: PLUGIN_MESSAGES.NAME_REQUIRED,
  nameTooLong: PLUGIN_MESSAGES.NAME_TOO_LONG,
  unknownStage: PLUGIN_MESSAGES.UNKNOWN_STAGE,
  unknownHealth: PLUGIN_MESSAGES.UNKNOWN_HEALTH,
  unknownComplexity: PLUGIN_MESSAGES.UNKNOWN_COMPLEXITY,
  monthlyVolume: PLUGIN_MESSAGES.MONTHLY_VOLUME,
  handlingMinutes: PLUGIN_MESSAGES.HANDLING_MINUTES,
  hourlyCost: PLUGIN_MESSAGES.HOURLY_COST,
  exceptionRate: PLUGIN_MESSAGES.EXCEPTION_RATE,
  automationPct: PLUGIN_MESSAGES.AUTOMATION,
  ftes: PLUGIN_MESSAGES.FTES,
  descriptionTooLong: PLUGIN_MESSAGES.DESCRIPTION_TOO_LONG,
  departmentTooLong: PLUGIN_MESSAGES.DEPARTMENT_TOO_LONG,
  assessmentAnswer: PLUGIN_MESSAGES.ANSWER,
  ownerUnknown: PLUGIN_MESSAGES.OWNER,
} as const;

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 4000;

/** A number input's value: a number, or '' while empty. */
export type NumberValue = number | '';

/** Mantine's NumberInput gives '' while empty and a string mid-typing ("1."); forms keep numbers. */
export function toNumberValue(value: number | string): NumberValue {
  if (value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? '' : number;
}

export interface ProcessFormValues {
  name: string;
  description: string;
  department: string | null;
  owner_id: string | null;
  applications: string[];
  stage: Stage;
  health: Health;
  monthly_volume: NumberValue;
  handling_minutes: NumberValue;
  hourly_cost: NumberValue;
  exception_rate: NumberValue;
  automation_pct: NumberValue;
  complexity: Complexity;
  bots: string[];
  ftes: NumberValue;
}

export const EMPTY_PROCESS: ProcessFormValues = {
  name: '',
  description: '',
  department: null,
  owner_id: null,
  applications: [],
  stage: 'idea',
  health: 'on_track',
  monthly_volume: 0,
  handling_minutes: 0,
  hourly_cost: 0,
  exception_rate: 0,
  automation_pct: 0,
  complexity: 'medium',
  bots: [],
  ftes: 0,
};

export function processFormValues(process: Process): ProcessFormValues {
  return {
    name: process.name,
    description: process.description ?? '',
    department: process.department || null,
    owner_id: process.owner_id || null,
    applications: process.applications ?? [],
    stage: process.stage,
    health: process.health,
    monthly_volume: process.monthly_volume,
    handling_minutes: process.handling_minutes,
    hourly_cost: process.hourly_cost,
    exception_rate: process.exception_rate,
    automation_pct: process.automation_pct,
    complexity: process.complexity,
    bots: process.bots ?? [],
    ftes: process.ftes,
  };
}

/** An empty number input counts as the field's default, 0. */
const numberOf = (value: NumberValue): number => (value === '' ? 0 : value);

const inRange = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/** The name checks, shared by the process form and the idea form. */
export function nameError(name: string): string | undefined {
  if (!name.trim()) return MESSAGES.nameRequired;
  if (name.trim().length > NAME_MAX) return MESSAGES.nameTooLong;
  return undefined;
}

export function validateProcess(values: ProcessFormValues): FormErrors<ProcessFormValues> {
  const errors: FormErrors<ProcessFormValues> = {};
  const name = nameError(values.name);
  if (name) errors.name = name;
  const volume = numberOf(values.monthly_volume);
  if (!Number.isInteger(volume) || volume < 0) errors.monthly_volume = MESSAGES.monthlyVolume;
  if (!inRange(numberOf(values.handling_minutes), 0, Infinity)) errors.handling_minutes = MESSAGES.handlingMinutes;
  if (!inRange(numberOf(values.hourly_cost), 0, Infinity)) errors.hourly_cost = MESSAGES.hourlyCost;
  if (!inRange(numberOf(values.exception_rate), 0, 100)) errors.exception_rate = MESSAGES.exceptionRate;
  if (!inRange(numberOf(values.automation_pct), 0, 100)) errors.automation_pct = MESSAGES.automationPct;
  if (!inRange(numberOf(values.ftes), 0, Infinity)) errors.ftes = MESSAGES.ftes;
  if (values.description.trim().length > DESCRIPTION_MAX) errors.description = MESSAGES.descriptionTooLong;
  return errors;
}

export type ProcessPayload = Omit<ProcessFormValues, 'department' | 'owner_id' | NumberFields> & {
  department: string;
  owner_id: string | null;
} & Record<NumberFields, number>;

type NumberFields =
  'monthly_volume' | 'handling_minutes' | 'hourly_cost' | 'exception_rate' | 'automation_pct' | 'ftes';

/** What `POST /processes` receives. */
export function processPayload(values: ProcessFormValues): ProcessPayload {
  return {
    ...values,
    name: values.name.trim(),
    description: values.description.trim(),
    department: values.department ?? '',
    monthly_volume: numberOf(values.monthly_volume),
    handling_minutes: numberOf(values.handling_minutes),
    hourly_cost: numberOf(values.hourly_cost),
    exception_rate: numberOf(values.exception_rate),
    automation_pct: numberOf(values.automation_pct),
    ftes: numberOf(values.ftes),
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return (a ?? '') === (b ?? '');
}

/** The fields of a `PATCH` that differ from the stored record, so the history names only them. */
export function changedFields(process: Process, values: ProcessFormValues): Partial<ProcessPayload> {
  const before = processPayload(processFormValues(process));
  const after = processPayload(values);
  const changes: Partial<Record<keyof ProcessPayload, unknown>> = {};
  for (const key of Object.keys(after) as (keyof ProcessPayload)[]) {
    if (!sameValue(before[key], after[key])) changes[key] = after[key];
  }
  return changes as Partial<ProcessPayload>;
}

/** The field a server message belongs to, so it shows under that field. */
const SERVER_MESSAGE_FIELDS: Readonly<Record<string, keyof ProcessFormValues>> = {
  [MESSAGES.nameRequired]: 'name',
  [MESSAGES.nameTooLong]: 'name',
  [MESSAGES.unknownStage]: 'stage',
  [MESSAGES.unknownHealth]: 'health',
  [MESSAGES.unknownComplexity]: 'complexity',
  [MESSAGES.monthlyVolume]: 'monthly_volume',
  [MESSAGES.handlingMinutes]: 'handling_minutes',
  [MESSAGES.hourlyCost]: 'hourly_cost',
  [MESSAGES.exceptionRate]: 'exception_rate',
  [MESSAGES.automationPct]: 'automation_pct',
  [MESSAGES.ftes]: 'ftes',
  [MESSAGES.descriptionTooLong]: 'description',
  [MESSAGES.departmentTooLong]: 'department',
  [MESSAGES.ownerUnknown]: 'owner_id',
};

export function fieldOfServerMessage(message: string): keyof ProcessFormValues | undefined {
  return SERVER_MESSAGE_FIELDS[message];
}

/** The quick assessment (answers 1–5, null while unanswered) and the detailed figures. */
export type AssessmentFormValues = Record<AssessmentKey, number | null> & {
  monthly_volume: NumberValue;
  handling_minutes: NumberValue;
  ftes: NumberValue;
  applications: string[];
};

export function assessmentFormValues(process: Process): AssessmentFormValues {
  return {
    rule_based: process.rule_based,
    input_type: process.input_type,
    input_structure: process.input_structure,
    stability: process.stability,
    documentation: process.documentation,
    monthly_volume: process.monthly_volume,
    handling_minutes: process.handling_minutes,
    ftes: process.ftes,
    applications: process.applications ?? [],
  };
}

export function validateAssessment(values: AssessmentFormValues): FormErrors<AssessmentFormValues> {
  const errors: FormErrors<AssessmentFormValues> = {};
  for (const { key } of ASSESSMENT_QUESTIONS) {
    const answer = values[key];
    if (answer == null || !Number.isInteger(answer) || answer < 1 || answer > 5)
      errors[key] = MESSAGES.assessmentAnswer;
  }
  const volume = numberOf(values.monthly_volume);
  if (!Number.isInteger(volume) || volume < 0) errors.monthly_volume = MESSAGES.monthlyVolume;
  if (!inRange(numberOf(values.handling_minutes), 0, Infinity)) errors.handling_minutes = MESSAGES.handlingMinutes;
  if (!inRange(numberOf(values.ftes), 0, Infinity)) errors.ftes = MESSAGES.ftes;
  return errors;
}

/** What `PUT /processes/{id}/assessment` receives (with the record's version). */
export function assessmentPayload(values: AssessmentFormValues, version: number) {
  return {
    version,
    rule_based: values.rule_based,
    input_type: values.input_type,
    input_structure: values.input_structure,
    stability: values.stability,
    documentation: values.documentation,
    monthly_volume: numberOf(values.monthly_volume),
    handling_minutes: numberOf(values.handling_minutes),
    ftes: numberOf(values.ftes),
    applications: values.applications,
  };
}
