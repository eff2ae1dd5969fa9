/** Ranked processes for the unit tests (not part of the remote: nothing it builds imports this). */

import type { RankedProcess } from './api';

export function aRanked(changes: Partial<RankedProcess> = {}): RankedProcess {
  return {
    rank: 1,
    id: 'p1',
    name: 'Invoice matching',
    department: 'Finance',
    stage: 'analysis',
    health: 'on_track',
    benefit_hours: 1404,
    benefit_money: 56160,
    benefit_fte: 0.78,
    ease: 71,
    potential: 72,
    value: 100,
    score: 83.7,
    bucket: 'quick_win',
    ...changes,
  };
}
