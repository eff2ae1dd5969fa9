import { describe, expect, it } from 'vitest';

import {
  MAX_SLA_MINUTES,
  SLA_MESSAGES,
  breachedTargets,
  dueState,
  formatDuration,
  formatMinutes,
  policiesPayload,
  policyProblem,
  policyProblems,
  policyRows,
} from './sla';
import { TICKET } from './testFixtures';

const CREATED = TICKET.created_at;

describe('durations', () => {
  it('writes days and hours, hours and minutes, or minutes', () => {
    expect(formatDuration(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h');
    expect(formatDuration(3 * 86400)).toBe('3 d');
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(45 * 60 + 30)).toBe('45 min');
    expect(formatDuration(59)).toBe('under a minute');
    expect(formatDuration(-5)).toBe('under a minute');
  });

  it('writes SLA targets given in minutes', () => {
    expect([formatMinutes(15), formatMinutes(240), formatMinutes(1440), formatMinutes(4320)]).toEqual([
      '15 min',
      '4 h',
      '1 d',
      '3 d',
    ]);
  });
});

describe('where a target stands', () => {
  it('counts down to the stored due time', () => {
    expect(dueState(TICKET, 'response', CREATED + 60)).toEqual({
      tone: 'running',
      label: 'due in 3 h 59 min',
      due: TICKET.response_due,
      breached: false,
    });
  });

  it('says soon in the last hour and overdue after it, before the plugin flags it', () => {
    const due = TICKET.response_due ?? 0;
    expect(dueState(TICKET, 'response', due - 600)).toMatchObject({ tone: 'soon', label: 'due in 10 min' });
    expect(dueState(TICKET, 'response', due + 300)).toMatchObject({
      tone: 'overdue',
      label: 'overdue by 5 min',
      breached: false,
    });
  });

  it("shows the plugin's breach flag", () => {
    const breached = { ...TICKET, response_breached: true };
    expect(dueState(breached, 'response', (TICKET.response_due ?? 0) + 60)).toMatchObject({
      tone: 'breached',
      breached: true,
    });
    expect(breachedTargets(breached)).toEqual(['response']);
    expect(breachedTargets({ ...breached, resolution_breached: true })).toEqual(['response', 'resolution']);
    expect(breachedTargets(TICKET)).toEqual([]);
  });

  it('is paused while the ticket waits', () => {
    const waiting = { ...TICKET, status: 'waiting' as const, waiting_since: CREATED + 100 };
    expect(dueState(waiting, 'resolution', CREATED + 90000)).toMatchObject({ tone: 'paused', label: 'paused' });
  });

  it('says how long it took once met, from the stored seconds (paused time left out)', () => {
    const answered = { ...TICKET, first_response_at: CREATED + 3600, response_seconds: 1800 };
    expect(dueState(answered, 'response', CREATED + 99999)).toMatchObject({
      tone: 'met',
      label: 'responded in 30 min',
    });
    const late = { ...TICKET, status: 'resolved' as const, resolved_at: CREATED + 90000, resolution_breached: true };
    expect(dueState(late, 'resolution', CREATED + 99999)).toMatchObject({
      tone: 'breached',
      label: 'resolved in 1 d 1 h',
    });
  });

  it('runs no clock on a ticket closed without the target met, or without a due time', () => {
    const closed = { ...TICKET, status: 'closed' as const };
    expect(dueState(closed, 'response', CREATED)).toMatchObject({ tone: 'none', label: '—' });
    expect(dueState({ ...TICKET, response_due: null }, 'response', CREATED)).toMatchObject({ tone: 'none' });
  });
});

describe('the SLA policy form', () => {
  const row = (response: number | '', resolution: number | '') => ({
    priority: 'High',
    response_minutes: response,
    resolution_minutes: resolution,
  });

  it("refuses what the plugin refuses, with the plugin's messages", () => {
    expect(policyProblem(row('', 60))).toBe(SLA_MESSAGES.minutes);
    expect(policyProblem(row(0, 60))).toBe(SLA_MESSAGES.minutes);
    expect(policyProblem(row(1.5, 60))).toBe(SLA_MESSAGES.minutes);
    expect(policyProblem(row(60, MAX_SLA_MINUTES + 1))).toBe(SLA_MESSAGES.minutes);
    expect(policyProblem(row(60, 59))).toBe(SLA_MESSAGES.order);
  });

  it('takes equal targets and the bounds', () => {
    expect(policyProblem(row(60, 60))).toBeNull();
    expect(policyProblem(row(1, MAX_SLA_MINUTES))).toBeNull();
  });

  it('collects the problems by priority', () => {
    expect(policyProblems([row(60, 480), { ...row(30, 10), priority: 'Low' }])).toEqual({ Low: SLA_MESSAGES.order });
  });

  it("orders the rows as the masters' priorities, others last, and sends numbers", () => {
    const rows = policyRows(
      [
        { priority: 'Low', response_minutes: 480, resolution_minutes: 4320 },
        { priority: 'Urgent', response_minutes: 5, resolution_minutes: 60 },
        { priority: 'Critical', response_minutes: 15, resolution_minutes: 240 },
      ],
      ['Critical', 'High', 'Medium', 'Low'],
    );
    expect(rows.map((entry) => entry.priority)).toEqual(['Critical', 'Low', 'Urgent']);
    expect(policiesPayload(rows)[0]).toEqual({ priority: 'Critical', response_minutes: 15, resolution_minutes: 240 });
  });
});
