/** Alerts' records for the remote's tests (not part of the remote: nothing it builds imports this). */

import { ADA } from '@common/domain/testFixtures';
import type { Activity, Checked, Incident, Rule, Signature } from './generated';
import { emptyRule, rulePayload } from './ruleForm';

/** Unix seconds the fixtures' times are near. */
export const NOW = 1_800_000_000;

export function anIncident(changes: Partial<Incident> = {}): Incident {
  return {
    id: 'i1',
    version: 1,
    rule_id: 'r1',
    rule_name: 'Invoices failing',
    kind: 'failure_rate',
    severity: 'critical',
    status: 'open',
    opened_at: NOW - 600,
    closed_at: null,
    last_fired_at: NOW - 60,
    value: 40,
    summary: '4 of 10 finished runs failed (40%) in the last hour; the limit is 20%',
    acknowledged_by: null,
    acknowledged_at: null,
    assignee_id: null,
    ...changes,
  };
}

export function anActivity(changes: Partial<Activity> = {}): Activity {
  return {
    id: 'a1',
    incident_id: 'i1',
    action: 'opened',
    user_id: null,
    note: '4 of 10 finished runs failed (40%) in the last hour; the limit is 20%',
    created_at: NOW - 600,
    ...changes,
  };
}

export function aRule(changes: Partial<Rule> = {}): Rule {
  return {
    id: 'r1',
    version: 3,
    next_run_at: NOW + 240,
    last_run_at: NOW - 60,
    created_by: ADA.user_id,
    webhook_secret: null,
    ...rulePayload({ ...emptyRule(), name: 'Invoices failing', process: 'Invoices', severity: 'critical' }),
    ...changes,
  };
}

export function aChecked(rule: Rule, firing: boolean, summary: string): Checked {
  return { rule, evaluation: { firing, value: firing ? 40 : 0, summary }, error: null, incident: null };
}

export function aSignature(changes: Partial<Signature> = {}): Signature {
  return {
    id: 's1',
    version: 1,
    fingerprint: 'f1',
    process: 'Invoices',
    message: 'Timeout after <n> seconds waiting for <path>',
    bot: 'BOT-1',
    count: 12,
    first_seen: NOW - 3 * 86_400,
    last_seen: NOW - 3600,
    samples: [
      {
        external_id: 'run-981',
        bot: 'BOT-1',
        started_at: NOW - 3600,
        reason: 'Timeout after 30 seconds waiting for C:\\inbox\\a.pdf',
      },
    ],
    quiet_offered: false,
    ...changes,
  };
}
