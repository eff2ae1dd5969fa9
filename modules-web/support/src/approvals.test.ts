import { describe, expect, it } from 'vitest';

import { approvalProgress, approverOptions, canRequestApproval, sortedApprovals } from './approvals';
import { TICKET } from './testFixtures';
import type { Approval } from './types';

const approval = (person_id: string, status: Approval['status'], decided_at: number | null = null): Approval => ({
  person_id,
  status,
  decided_at,
  expires_at: 5000,
});

describe('asking for approval', () => {
  it('is for the requester, the assignee and company administrators', () => {
    expect(canRequestApproval(TICKET, 'u1', false)).toBe(true);
    expect(canRequestApproval(TICKET, 'u2', false)).toBe(true);
    expect(canRequestApproval(TICKET, 'u3', false)).toBe(false);
    expect(canRequestApproval(TICKET, 'u3', true)).toBe(true);
    expect(canRequestApproval(TICKET, null, false)).toBe(false);
  });

  it('offers everyone whose answer is not awaited', () => {
    const options = [
      { value: 'u1', label: 'Ada' },
      { value: 'u2', label: 'Grace' },
      { value: 'u3', label: 'Alan' },
    ];
    const asked = [approval('u1', 'pending'), approval('u2', 'declined', 10)];
    expect(approverOptions(options, asked).map((option) => option.value)).toEqual(['u2', 'u3']);
  });
});

describe('reading approvals', () => {
  it('counts the approved of those asked, expired requests aside', () => {
    expect(approvalProgress([])).toBeNull();
    const asked = [approval('u1', 'approved', 1), approval('u2', 'pending'), approval('u3', 'expired')];
    expect(approvalProgress(asked)).toBe('1 of 2 approved');
  });

  it('lists open requests first, then the newest decisions', () => {
    const sorted = sortedApprovals([
      approval('a', 'approved', 10),
      approval('b', 'pending'),
      approval('c', 'declined', 20),
    ]);
    expect(sorted.map((entry) => entry.person_id)).toEqual(['b', 'c', 'a']);
  });
});
