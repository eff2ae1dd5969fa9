/**
 * The process vocabulary the three process modules share with their plugins: stages,
 * health and complexity, with their labels and colours; the keys are the plugins' own.
 */

import { isOneOf } from '@common/lib/urlParams';

/** The stages up to production, in board order: each has a board column of its own. */
export const PROGRESS_STAGES = ['idea', 'assessment', 'analysis', 'development', 'testing', 'live'] as const;
/** The stages a process ends in; the board keeps both in its last column. */
export const END_STAGES = ['retired', 'rejected'] as const;
export const STAGES = [...PROGRESS_STAGES, ...END_STAGES] as const;
export type Stage = (typeof STAGES)[number];

/** A value's label and its Mantine colour. */
type Look = readonly [label: string, color: string];

/** Each stage's label and badge colour. */
const STAGE_LOOKS: Readonly<Record<Stage, Look>> = {
  idea: ['Idea', 'grape'],
  assessment: ['Assessment', 'violet'],
  analysis: ['Analysis', 'indigo'],
  development: ['Development', 'blue'],
  testing: ['Testing', 'cyan'],
  live: ['Live', 'teal'],
  retired: ['Retired', 'gray'],
  rejected: ['Rejected', 'red'],
};

export const HEALTHS = ['on_track', 'at_risk', 'delayed', 'on_hold'] as const;
export type Health = (typeof HEALTHS)[number];

const HEALTH_LOOKS: Readonly<Record<Health, Look>> = {
  on_track: ['On track', 'green'],
  at_risk: ['At risk', 'yellow'],
  delayed: ['Delayed', 'red'],
  on_hold: ['On hold', 'gray'],
};

export const COMPLEXITIES = ['low', 'medium', 'high'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

export const COMPLEXITY_LABELS: Readonly<Record<Complexity, string>> = { low: 'Low', medium: 'Medium', high: 'High' };

function part<K extends string>(looks: Readonly<Record<K, Look>>, index: 0 | 1): Readonly<Record<K, string>> {
  return Object.fromEntries(Object.entries<Look>(looks).map(([key, look]) => [key, look[index]])) as Record<K, string>;
}

export const STAGE_LABELS = part(STAGE_LOOKS, 0);
export const STAGE_COLORS = part(STAGE_LOOKS, 1);
export const HEALTH_LABELS = part(HEALTH_LOOKS, 0);
export const HEALTH_COLORS = part(HEALTH_LOOKS, 1);

export const isStage = (value: string | null | undefined): value is Stage => isOneOf(STAGES, value);
export const isHealth = (value: string | null | undefined): value is Health => isOneOf(HEALTHS, value);
export const isComplexity = (value: string | null | undefined): value is Complexity => isOneOf(COMPLEXITIES, value);

/** A stored stage as a label: — for none, the value itself when it is not one of ours. */
export function stageLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return isStage(value) ? STAGE_LABELS[value] : value;
}

export function healthLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return isHealth(value) ? HEALTH_LABELS[value] : value;
}

export function complexityLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return isComplexity(value) ? COMPLEXITY_LABELS[value] : value;
}

/** A badge colour; gray for a value that is not one of ours. */
export function stageColor(value: string | null | undefined): string {
  return isStage(value) ? STAGE_COLORS[value] : 'gray';
}

export function healthColor(value: string | null | undefined): string {
  return isHealth(value) ? HEALTH_COLORS[value] : 'gray';
}

function optionsOf<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Select options of each vocabulary, in its order. */
export const STAGE_OPTIONS = optionsOf(STAGES, STAGE_LABELS);
export const HEALTH_OPTIONS = optionsOf(HEALTHS, HEALTH_LABELS);
export const COMPLEXITY_OPTIONS = optionsOf(COMPLEXITIES, COMPLEXITY_LABELS);
