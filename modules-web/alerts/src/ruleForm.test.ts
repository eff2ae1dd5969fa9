import { describe, expect, it } from 'vitest';

import { MESSAGES, type Kind } from './generated';
import {
  KIND_FIELDS,
  draftOf,
  emptyRule,
  fieldOfServerMessage,
  recipientOptions,
  ruleFormValues,
  rulePayload,
  scopeText,
  timeZoneOptions,
  validateRule,
  withKind,
  type RuleFormValues,
} from './ruleForm';
import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import { aRule } from './testFixtures';
import { KINDS } from './vocabulary';

function values(changes: Partial<RuleFormValues> = {}): RuleFormValues {
  return { ...emptyRule(), name: 'Invoices failing', ...changes };
}

/** The values of `kind` with `threshold`, otherwise valid. */
function withThreshold(kind: Kind, threshold: number | ''): RuleFormValues {
  return { ...values(), kind, threshold, process: 'Invoices', measure: 'runs' };
}

describe('the fields of each kind', () => {
  it('label the threshold by what the kind compares with; a silent bot has none', () => {
    expect(KIND_FIELDS.failure_rate.threshold?.label).toBe('Failure rate above (%)');
    expect(KIND_FIELDS.sla.threshold?.label).toBe('Warn this many minutes before the deadline (0: only once past)');
    expect(KIND_FIELDS.silent_bot.threshold).toBeNull();
    expect(KIND_FIELDS.stuck_items.threshold?.label).toBe('Stuck for more than (minutes)');
    expect(KIND_FIELDS.slow_runs.threshold?.label).toBe('Percentile of the last 30 days (e.g. 95)');
    expect(KIND_FIELDS.outcome.threshold?.label).toBe('At least this many expected');
  });

  it('ask for a measure only of outcomes, the least runs only of failure rates, a zone only of silent bots', () => {
    expect(KINDS.filter((kind) => KIND_FIELDS[kind].measure)).toEqual(['outcome']);
    expect(KINDS.filter((kind) => KIND_FIELDS[kind].minRuns)).toEqual(['failure_rate']);
    expect(KINDS.filter((kind) => KIND_FIELDS[kind].timeZone)).toEqual(['silent_bot']);
    expect(KIND_FIELDS.silent_bot.scopes).toEqual(['bot']);
  });

  it('start each threshold at a value its own check accepts', () => {
    for (const kind of KINDS) {
      expect(validateRule(withKind(values(), kind, null)).threshold, kind).toBeUndefined();
    }
  });
});

describe('validateRule', () => {
  it('accepts a new rule with a name', () => {
    expect(validateRule(values())).toEqual({});
  });

  it('needs a name of at most 100 characters', () => {
    expect(validateRule(values({ name: '   ' })).name).toBe(MESSAGES.NAME_REQUIRED);
    expect(validateRule(values({ name: 'x'.repeat(101) })).name).toBe(MESSAGES.NAME_TOO_LONG);
    expect(validateRule(values({ name: ` ${'x'.repeat(100)} ` })).name).toBeUndefined();
  });

  it('checks each kind’s threshold with the server’s message', () => {
    expect(validateRule(withThreshold('failure_rate', 120)).threshold).toBe(MESSAGES.PERCENT_RANGE);
    expect(validateRule(withThreshold('failure_rate', '')).threshold).toBe(MESSAGES.PERCENT_RANGE);
    expect(validateRule(withThreshold('failure_rate', 12.5)).threshold).toBeUndefined();
    expect(validateRule(withThreshold('slow_runs', 40)).threshold).toBe(MESSAGES.PERCENTILE_RANGE);
    expect(validateRule(withThreshold('slow_runs', 99.9)).threshold).toBeUndefined();
    expect(validateRule(withThreshold('sla', 2.5)).threshold).toBe(MESSAGES.MINUTES_RANGE);
    expect(validateRule(withThreshold('sla', 0)).threshold).toBeUndefined();
    expect(validateRule(withThreshold('stuck_items', 10_081)).threshold).toBe(MESSAGES.MINUTES_RANGE);
    expect(validateRule(withThreshold('outcome', 0)).threshold).toBe(MESSAGES.COUNT_RANGE);
    expect(validateRule(withThreshold('outcome', 10)).threshold).toBeUndefined();
    expect(validateRule(withThreshold('silent_bot', '')).threshold).toBeUndefined();
  });

  it('needs a process and a measure for an outcome', () => {
    const errors = validateRule({ ...values(), kind: 'outcome', threshold: 10, process: ' ', measure: null });
    expect(errors.process).toBe(MESSAGES.PROCESS_REQUIRED);
    expect(errors.measure).toBe(MESSAGES.MEASURE_REQUIRED);
  });

  it('checks the least runs, window, interval and quiet window where the kind uses them', () => {
    expect(validateRule(values({ min_runs: 0 })).min_runs).toBe(MESSAGES.MIN_RUNS_RANGE);
    expect(validateRule({ ...withThreshold('sla', 0), min_runs: 0 }).min_runs).toBeUndefined();
    expect(validateRule(values({ window_minutes: 4 })).window_minutes).toBe(MESSAGES.WINDOW_RANGE);
    expect(validateRule(values({ window_minutes: 31 * 1440 + 1 })).window_minutes).toBe(MESSAGES.WINDOW_RANGE);
    expect(validateRule({ ...withThreshold('stuck_items', 60), window_minutes: 1 }).window_minutes).toBeUndefined();
    expect(validateRule(values({ interval_minutes: 0 })).interval_minutes).toBe(MESSAGES.INTERVAL_RANGE);
    expect(validateRule(values({ interval_minutes: 1441 })).interval_minutes).toBe(MESSAGES.INTERVAL_RANGE);
    expect(validateRule(values({ interval_minutes: '' })).interval_minutes).toBe(MESSAGES.INTERVAL_RANGE);
    expect(validateRule(values({ quiet_minutes: 7 * 1440 + 1 })).quiet_minutes).toBe(MESSAGES.QUIET_RANGE);
    expect(validateRule(values({ quiet_minutes: 0 })).quiet_minutes).toBeUndefined();
  });

  it('needs a delivery: the bell, e-mail, a Chat channel or a webhook', () => {
    expect(validateRule(values({ deliver_bell: false })).deliver_bell).toBe(MESSAGES.NO_DELIVERY);
    expect(validateRule(values({ deliver_bell: false, deliver_mail: true }))).toEqual({});
    expect(validateRule(values({ deliver_bell: false, chat_channel: 'c1' }))).toEqual({});
    expect(validateRule(values({ deliver_bell: false, webhook_url: 'https://hooks.example.com/a' }))).toEqual({});
  });

  it('takes a webhook at an http or https address only', () => {
    expect(validateRule(values({ webhook_url: 'ftp://files.example.com' })).webhook_url).toBe(MESSAGES.WEBHOOK_URL);
    expect(validateRule(values({ webhook_url: 'https://hooks.example.com/a b' })).webhook_url).toBe(
      MESSAGES.WEBHOOK_URL,
    );
    expect(validateRule(values({ webhook_url: ' http://127.0.0.1:9000/hook ' }))).toEqual({});
  });
});

describe('rulePayload', () => {
  it('sends the draft cleaned: names trimmed, blank scopes as none', () => {
    const draft = rulePayload(values({ name: ' Invoices failing ', process: ' Invoices ', bot: ' ', threshold: 12.5 }));
    expect(draft).toEqual({
      name: 'Invoices failing',
      kind: 'failure_rate',
      severity: 'warning',
      process: 'Invoices',
      bot: null,
      queue: null,
      threshold: 12.5,
      measure: null,
      min_runs: 1,
      window_minutes: 60,
      interval_minutes: 5,
      quiet_minutes: 60,
      time_zone: null,
      deliver_bell: true,
      deliver_mail: false,
      chat_channel: null,
      webhook_url: null,
      recipients: [],
      enabled: true,
    });
  });

  it('leaves out what the kind does not use, and keeps hidden numbers valid', () => {
    const silent = rulePayload({
      ...values({ process: 'Invoices', queue: 'Inbox', bot: 'BOT-1', min_runs: 0, measure: 'runs' }),
      kind: 'silent_bot',
      threshold: 20,
      time_zone: 'Europe/Paris',
    });
    expect(silent).toMatchObject({
      process: null,
      queue: null,
      bot: 'BOT-1',
      threshold: 0,
      measure: null,
      min_runs: 1,
      time_zone: 'Europe/Paris',
    });
    const sla = rulePayload({ ...withThreshold('sla', 30), window_minutes: 2, time_zone: 'Europe/Paris' });
    expect(sla).toMatchObject({ window_minutes: 60, time_zone: null, measure: null, queue: null });
    expect(rulePayload({ ...withThreshold('outcome', 10), queue: 'Inbox' })).toMatchObject({
      measure: 'runs',
      queue: 'Inbox',
      threshold: 10,
    });
  });

  it('reads a stored rule back into the same draft', () => {
    const rule = aRule({ bot: 'BOT-1', recipients: ['u1'] });
    expect(rulePayload(ruleFormValues(rule))).toEqual(draftOf(rule));
    expect(draftOf(rule)).not.toHaveProperty('version');
  });
});

describe('withKind', () => {
  it('starts the threshold at the kind’s usual value and a silent bot in the person’s zone', () => {
    expect(withKind(values(), 'slow_runs', 'Europe/Paris')).toMatchObject({ kind: 'slow_runs', threshold: 95 });
    expect(withKind(values(), 'silent_bot', 'Europe/Paris')).toMatchObject({ threshold: 0, time_zone: 'Europe/Paris' });
    expect(withKind(values({ time_zone: 'Asia/Tokyo' }), 'silent_bot', 'Europe/Paris').time_zone).toBe('Asia/Tokyo');
    const same = values({ threshold: 33 });
    expect(withKind(same, 'failure_rate', null)).toBe(same);
  });
});

describe('fieldOfServerMessage', () => {
  it('puts a message under the field it is about, while the kind shows that field', () => {
    expect(fieldOfServerMessage(MESSAGES.NAME_TOO_LONG, 'sla')).toBe('name');
    expect(fieldOfServerMessage(MESSAGES.PERCENT_RANGE, 'failure_rate')).toBe('threshold');
    expect(fieldOfServerMessage(MESSAGES.MINUTES_RANGE, 'silent_bot')).toBeUndefined();
    expect(fieldOfServerMessage(MESSAGES.MIN_RUNS_RANGE, 'failure_rate')).toBe('min_runs');
    expect(fieldOfServerMessage(MESSAGES.MIN_RUNS_RANGE, 'sla')).toBeUndefined();
    expect(fieldOfServerMessage(MESSAGES.PROCESS_REQUIRED, 'outcome')).toBe('process');
    expect(fieldOfServerMessage(MESSAGES.NO_DELIVERY, 'sla')).toBe('deliver_bell');
    expect(fieldOfServerMessage('Choose a time zone from the list', 'silent_bot')).toBeUndefined();
  });
});

describe('scopeText and zones', () => {
  it('says what a rule watches', () => {
    expect(scopeText({ process: 'Invoices', bot: 'BOT-1', queue: null })).toBe('Process Invoices · Bot BOT-1');
    expect(scopeText({ process: null, bot: null, queue: 'Inbox' })).toBe('Queue Inbox');
    expect(scopeText({ process: null, bot: null, queue: null })).toBe('Every process and bot');
  });

  it('offers UTC first, once', () => {
    expect(timeZoneOptions(['Europe/Paris', 'UTC', 'Asia/Tokyo'])).toEqual(['UTC', 'Europe/Paris', 'Asia/Tokyo']);
  });
});

describe('recipientOptions', () => {
  it('keeps a chosen recipient who left the company, as a former user', () => {
    const options = [{ value: ADA.user_id, label: 'Ada Lovelace' }];
    expect(recipientOptions(options, [ADA.user_id, 'gone'], indexPeople([ADA, GRACE]))).toEqual([
      { value: ADA.user_id, label: 'Ada Lovelace' },
      { value: 'gone', label: 'Former user' },
    ]);
    expect(recipientOptions(options, [ADA.user_id], indexPeople([ADA]))).toEqual(options);
  });
});
