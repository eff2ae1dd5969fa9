/** Records for the unit tests (not part of the remote: nothing it builds imports this). */

import type { Process } from './types';

/** A stored process with every field set; `changes` replace some. */
export function aProcess(changes: Partial<Process> = {}): Process {
  return {
    id: 'p1',
    version: 3,
    created_at: Date.UTC(2026, 0, 10, 12) / 1000,
    updated_at: Date.UTC(2026, 1, 20, 12) / 1000,
    name: 'Invoice matching',
    description: 'Match invoices to orders',
    department: 'Finance',
    owner_id: 'u1',
    applications: ['SAP', 'Outlook'],
    stage: 'analysis',
    health: 'at_risk',
    monthly_volume: 1200,
    handling_minutes: 6.5,
    hourly_cost: 40,
    exception_rate: 10,
    automation_pct: 0,
    complexity: 'medium',
    bots: [],
    submitted_by: null,
    ftes: 2,
    rule_based: 4,
    input_type: 5,
    input_structure: 3,
    stability: 4,
    documentation: 2,
    potential: 72,
    ease: 71,
    benefit_hours: 1404,
    benefit_money: 56160,
    benefit_fte: 0.78,
    ...changes,
  };
}
