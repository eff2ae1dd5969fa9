/**
 * The rule form: which fields each kind asks for and how its threshold reads, the form's
 * values, the checks the browser makes before sending (those of `check` in
 * plugins/alerts/src/rules.rs, with its generated messages) and the draft sent.
 */

import { nameOf, type PeopleIndex } from '@common/domain/people';
import type { FormErrors, NumberValue } from '@common/lib/forms';
import { MESSAGES, type Kind, type Measure, type Rule, type RuleDraft, type Severity } from './generated';

export const NAME_MAX = 100;
export const SCOPE_MAX = { process: 200, bot: 100, queue: 100 } as const;
export const MAX_RECIPIENTS = 50;
export const WEBHOOK_MAX = 2048;
const WEEK_MINUTES = 7 * 24 * 60;
const MAX_WINDOW = 31 * 24 * 60;

export type Scope = keyof typeof SCOPE_MAX;

/** How a kind's threshold reads and the values it takes (the server's ranges). */
export interface ThresholdField {
  label: string;
  description?: string;
  min: number;
  max: number;
  /** Decimals allowed; 0 for whole numbers. */
  decimals: number;
  /** The message of a value out of range. */
  message: string;
  /** A new rule's value, and the value taken when the kind changes to this one. */
  initial: number;
}

/** What a kind asks for: its threshold (none for silent bots), its window, and its scope. */
export interface KindFields {
  threshold: ThresholdField | null;
  /** The window the kind looks back over; none when it does not use one. */
  window: { label: string; description: string } | null;
  /** The scope fields it filters on. */
  scopes: readonly Scope[];
  measure: boolean;
  minRuns: boolean;
  timeZone: boolean;
}

const MINUTES = { min: 0, max: WEEK_MINUTES, decimals: 0, message: MESSAGES.MINUTES_RANGE } as const;

export const KIND_FIELDS: Readonly<Record<Kind, KindFields>> = {
  failure_rate: {
    threshold: {
      label: 'Failure rate above (%)',
      description: 'Failed runs among the finished ones started in the window',
      min: 0,
      max: 100,
      decimals: 1,
      message: MESSAGES.PERCENT_RANGE,
      initial: 20,
    },
    window: { label: 'Runs started in the last (minutes)', description: 'The window the failure rate is taken over' },
    scopes: ['process', 'bot'],
    measure: false,
    minRuns: true,
    timeZone: false,
  },
  sla: {
    threshold: {
      label: 'Warn this many minutes before the deadline (0: only once past)',
      ...MINUTES,
      initial: 30,
    },
    window: null,
    scopes: ['process', 'bot', 'queue'],
    measure: false,
    minRuns: false,
    timeZone: false,
  },
  silent_bot: {
    threshold: null,
    window: {
      label: 'Silent for (minutes)',
      description: 'No run started in this window while the bot’s schedule says it runs',
    },
    scopes: ['bot'],
    measure: false,
    minRuns: false,
    timeZone: true,
  },
  stuck_items: {
    threshold: {
      label: 'Stuck for more than (minutes)',
      description: 'Items in progress, or new and untouched, for longer than this',
      ...MINUTES,
      initial: 60,
    },
    window: null,
    scopes: ['process', 'bot', 'queue'],
    measure: false,
    minRuns: false,
    timeZone: false,
  },
  slow_runs: {
    threshold: {
      label: 'Percentile of the last 30 days (e.g. 95)',
      description: 'Runs that take longer than this percentile of their durations fire',
      min: 50,
      max: 99.9,
      decimals: 1,
      message: MESSAGES.PERCENTILE_RANGE,
      initial: 95,
    },
    window: { label: 'Runs started in the last (minutes)', description: 'The runs compared with the percentile' },
    scopes: ['process', 'bot'],
    measure: false,
    minRuns: false,
    timeZone: false,
  },
  outcome: {
    threshold: {
      label: 'At least this many expected',
      description: 'Fewer than this in the window fires',
      min: 1,
      max: 1_000_000,
      decimals: 0,
      message: MESSAGES.COUNT_RANGE,
      initial: 1,
    },
    window: { label: 'Counted over the last (minutes)', description: 'The window the count is taken over' },
    scopes: ['process', 'bot', 'queue'],
    measure: true,
    minRuns: false,
    timeZone: false,
  },
};

export interface RuleFormValues {
  name: string;
  kind: Kind;
  severity: Severity;
  process: string;
  bot: string;
  queue: string;
  threshold: NumberValue;
  measure: Measure | null;
  min_runs: NumberValue;
  window_minutes: NumberValue;
  interval_minutes: NumberValue;
  quiet_minutes: NumberValue;
  time_zone: string | null;
  deliver_bell: boolean;
  deliver_mail: boolean;
  chat_channel: string | null;
  webhook_url: string;
  recipients: string[];
  enabled: boolean;
}

/** The defaults of plugins/alerts/module.toml. */
const DEFAULTS = { min_runs: 1, window_minutes: 60, interval_minutes: 5, quiet_minutes: 60 } as const;

export function emptyRule(kind: Kind = 'failure_rate'): RuleFormValues {
  return {
    name: '',
    kind,
    severity: 'warning',
    process: '',
    bot: '',
    queue: '',
    threshold: KIND_FIELDS[kind].threshold?.initial ?? 0,
    measure: null,
    ...DEFAULTS,
    time_zone: null,
    deliver_bell: true,
    deliver_mail: false,
    chat_channel: null,
    webhook_url: '',
    recipients: [],
    enabled: true,
  };
}

export function ruleFormValues(rule: Rule): RuleFormValues {
  return {
    name: rule.name,
    kind: rule.kind,
    severity: rule.severity,
    process: rule.process ?? '',
    bot: rule.bot ?? '',
    queue: rule.queue ?? '',
    threshold: rule.threshold,
    measure: rule.measure,
    min_runs: rule.min_runs,
    window_minutes: rule.window_minutes,
    interval_minutes: rule.interval_minutes,
    quiet_minutes: rule.quiet_minutes,
    time_zone: rule.time_zone,
    deliver_bell: rule.deliver_bell,
    deliver_mail: rule.deliver_mail,
    chat_channel: rule.chat_channel,
    webhook_url: rule.webhook_url ?? '',
    recipients: rule.recipients ?? [],
    enabled: rule.enabled,
  };
}

/**
 * The values with another kind: its threshold starts at the kind's usual value, and a silent-bot
 * rule without a zone takes `zone` (the person's).
 */
export function withKind(values: RuleFormValues, kind: Kind, zone: string | null): RuleFormValues {
  if (kind === values.kind) return values;
  const fields = KIND_FIELDS[kind];
  return {
    ...values,
    kind,
    threshold: fields.threshold?.initial ?? 0,
    time_zone: fields.timeZone ? (values.time_zone ?? zone) : values.time_zone,
  };
}

/** A whole number within [min, max]. */
function wholeWithin(value: NumberValue, min: number, max: number): value is number {
  return value !== '' && Number.isInteger(value) && value >= min && value <= max;
}

function thresholdFits(field: ThresholdField, value: NumberValue): boolean {
  if (value === '' || !Number.isFinite(value)) return false;
  if (field.decimals === 0 && !Number.isInteger(value)) return false;
  return value >= field.min && value <= field.max;
}

/** The form's fields that are wrong, each with the server's message (`check` finds the first of them). */
export function validateRule(values: RuleFormValues): FormErrors<RuleFormValues> {
  const fields = KIND_FIELDS[values.kind];
  const errors: FormErrors<RuleFormValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = MESSAGES.NAME_REQUIRED;
  else if ([...name].length > NAME_MAX) errors.name = MESSAGES.NAME_TOO_LONG;
  if (fields.threshold && !thresholdFits(fields.threshold, values.threshold)) {
    errors.threshold = fields.threshold.message;
  }
  if (values.kind === 'outcome') {
    if (!values.process.trim()) errors.process = MESSAGES.PROCESS_REQUIRED;
    if (!values.measure) errors.measure = MESSAGES.MEASURE_REQUIRED;
  }
  if (fields.minRuns && !wholeWithin(values.min_runs, 1, 100_000)) errors.min_runs = MESSAGES.MIN_RUNS_RANGE;
  if (fields.window && !wholeWithin(values.window_minutes, 5, MAX_WINDOW)) {
    errors.window_minutes = MESSAGES.WINDOW_RANGE;
  }
  if (!wholeWithin(values.interval_minutes, 1, 1440)) errors.interval_minutes = MESSAGES.INTERVAL_RANGE;
  if (!wholeWithin(values.quiet_minutes, 0, WEEK_MINUTES)) errors.quiet_minutes = MESSAGES.QUIET_RANGE;
  const webhook = values.webhook_url.trim();
  if (webhook && (!/^https?:\/\/\S+$/i.test(webhook) || [...webhook].length > WEBHOOK_MAX)) {
    errors.webhook_url = MESSAGES.WEBHOOK_URL;
  }
  if (!values.deliver_bell && !values.deliver_mail && !values.chat_channel && !webhook) {
    errors.deliver_bell = MESSAGES.NO_DELIVERY;
  }
  return errors;
}

const orNull = (text: string) => text.trim() || null;

/**
 * What `POST /rules` (and `PUT /rules/{id}` with the version) takes. Fields the kind does not use
 * are left out (scopes, measure, zone) or sent as they were when valid, else as the defaults.
 */
export function rulePayload(values: RuleFormValues): RuleDraft {
  const fields = KIND_FIELDS[values.kind];
  const scope = (name: Scope) => (fields.scopes.includes(name) ? orNull(values[name]) : null);
  const kept = (value: NumberValue, min: number, max: number, fallback: number) =>
    wholeWithin(value, min, max) ? value : fallback;
  return {
    name: values.name.trim(),
    kind: values.kind,
    severity: values.severity,
    process: scope('process'),
    bot: scope('bot'),
    queue: scope('queue'),
    threshold: fields.threshold ? Number(values.threshold) : 0,
    measure: fields.measure ? values.measure : null,
    min_runs: fields.minRuns ? Number(values.min_runs) : kept(values.min_runs, 1, 100_000, DEFAULTS.min_runs),
    window_minutes: fields.window
      ? Number(values.window_minutes)
      : kept(values.window_minutes, 5, MAX_WINDOW, DEFAULTS.window_minutes),
    interval_minutes: Number(values.interval_minutes),
    quiet_minutes: Number(values.quiet_minutes),
    time_zone: fields.timeZone ? values.time_zone : null,
    deliver_bell: values.deliver_bell,
    deliver_mail: values.deliver_mail,
    chat_channel: values.chat_channel,
    webhook_url: orNull(values.webhook_url),
    recipients: [...new Set(values.recipients)],
    enabled: values.enabled,
  };
}

/**
 * The field of the form a server message is about, when the kind shows that field (else the
 * message shows above the buttons).
 */
export function fieldOfServerMessage(message: string, kind: Kind): keyof RuleFormValues | undefined {
  const fields = KIND_FIELDS[kind];
  switch (message) {
    case MESSAGES.NAME_REQUIRED:
    case MESSAGES.NAME_TOO_LONG:
      return 'name';
    case MESSAGES.PROCESS_REQUIRED:
      return fields.scopes.includes('process') ? 'process' : undefined;
    case MESSAGES.MEASURE_REQUIRED:
      return fields.measure ? 'measure' : undefined;
    case MESSAGES.PERCENT_RANGE:
    case MESSAGES.PERCENTILE_RANGE:
    case MESSAGES.MINUTES_RANGE:
    case MESSAGES.COUNT_RANGE:
      return fields.threshold ? 'threshold' : undefined;
    case MESSAGES.MIN_RUNS_RANGE:
      return fields.minRuns ? 'min_runs' : undefined;
    case MESSAGES.WINDOW_RANGE:
      return fields.window ? 'window_minutes' : undefined;
    case MESSAGES.INTERVAL_RANGE:
      return 'interval_minutes';
    case MESSAGES.QUIET_RANGE:
      return 'quiet_minutes';
    case MESSAGES.NO_DELIVERY:
      return 'deliver_bell';
    case MESSAGES.CHANNEL_UNKNOWN:
    case MESSAGES.CHAT_MISSING:
      return 'chat_channel';
    case MESSAGES.WEBHOOK_URL:
      return 'webhook_url';
    default:
      return undefined;
  }
}

/** The IANA zones the browser knows (the plugin knows the same database), UTC first. */
export function timeZoneOptions(known: readonly string[]): string[] {
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** What a rule watches, for its row: `Process Invoices · Bot BOT-1`, or everything. */
export function scopeText(rule: Pick<RuleDraft, 'process' | 'bot' | 'queue'>): string {
  const parts = [
    rule.process && `Process ${rule.process}`,
    rule.bot && `Bot ${rule.bot}`,
    rule.queue && `Queue ${rule.queue}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every process and bot';
}

/** A stored rule's draft: what `PUT /rules/{id}` takes besides the version. */
export function draftOf(rule: Rule): RuleDraft {
  const {
    id: _id,
    version: _version,
    next_run_at: _next,
    last_run_at: _last,
    created_by: _by,
    webhook_secret: _secret,
    ...draft
  } = rule;
  return draft;
}

/**
 * The recipients to choose from: the company's people, and the chosen ones it no longer lists
 * (shown as former users, to be removed: the server takes members only).
 */
export function recipientOptions(
  options: readonly { value: string; label: string }[],
  chosen: readonly string[],
  people: PeopleIndex,
): { value: string; label: string }[] {
  const listed = new Set(options.map((option) => option.value));
  const gone = chosen.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: nameOf(people, id) ?? id }));
  return [...options, ...gone];
}
