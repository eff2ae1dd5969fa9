import { describe, expect, it } from 'vitest';

import {
  KIND_LABELS,
  KIND_OPTIONS,
  SEVERITY_COLORS,
  SEVERITY_OPTIONS,
  incidentValue,
  isKind,
  isMeasure,
  isSeverity,
} from './vocabulary';

describe('vocabulary', () => {
  it('names each kind in words', () => {
    expect(KIND_OPTIONS.map((option) => option.label)).toEqual([
      'Failure rate above a limit',
      'Queue items at risk of or past their SLA',
      'Bot silent during its schedule',
      'Queue items stuck',
      'Runs much slower than usual',
      'Too few runs or items',
    ]);
    expect(KIND_LABELS.sla).toBe('Queue items at risk of or past their SLA');
  });

  it('colours severities: critical red, warning orange, info blue; the gravest first', () => {
    expect(SEVERITY_COLORS).toEqual({ critical: 'red', warning: 'orange', info: 'blue' });
    expect(SEVERITY_OPTIONS.map((option) => option.label)).toEqual(['Critical', 'Warning', 'Info']);
  });

  it('tells the plugin’s keys from others', () => {
    expect([isKind('outcome'), isKind('Outcome'), isKind(null)]).toEqual([true, false, false]);
    expect([isSeverity('info'), isSeverity('fatal')]).toEqual([true, false]);
    expect([isMeasure('successful_items'), isMeasure('')]).toEqual([true, false]);
  });

  it('reads an incident’s figure as its kind means it', () => {
    expect(incidentValue('failure_rate', 40)).toBe('40 % failed');
    expect(incidentValue('stuck_items', 3)).toBe('3 stuck items');
    expect(incidentValue('silent_bot', 1)).toBe('1 silent bot');
    expect(incidentValue('outcome', 12)).toBe('12 counted');
    expect(incidentValue('sla', null)).toBe('—');
  });
});
