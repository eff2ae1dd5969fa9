/** The fake host of Team Master's component tests: the routes the page reads. */

import { fakeServer, type FakeServer } from '@autoscope/web-sdk/testing';

import type { HistoryEntry, Members } from './api';
import { INVITATIONS, NOW, membersAnswer, rolesAnswer } from './testFixtures';

export const HISTORY: HistoryEntry[] = [
  {
    event: 'member.joined',
    message: 'bob@acme.test accepted the invitation as User',
    at: NOW - 20 * 86_400,
    from: '203.0.113.7',
  },
  {
    event: 'member.changed',
    message: 'ann@acme.test gave bob@acme.test the role User',
    at: NOW - 86_400,
    from: null,
  },
];

export function teamServer(members: Members = membersAnswer()): FakeServer {
  return fakeServer()
    .on('GET', '/api/m/team/members', members)
    .on('GET', '/api/m/team/roles', rolesAnswer())
    .on('GET', '/api/m/team/invitations', INVITATIONS)
    .on('GET', '/api/m/team/members/:id/history', HISTORY);
}
