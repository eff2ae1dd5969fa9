/** The fake host of the remote's component tests; imported by nothing the remote builds. */

import { TEST_USER, fakeServer, type FakeServer } from '@autoscope/web-sdk/testing';

import type { Person } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';

/** The signed-in user of the component tests, as the directory lists them. */
export const ANN: Person = {
  user_id: TEST_USER.id,
  email: TEST_USER.email,
  firstname: TEST_USER.firstname,
  lastname: TEST_USER.lastname,
  job_title: null,
};

/** What every part of the page reads besides its own list: the plugin's people. */
export function alertsServer(): FakeServer {
  return fakeServer().on('GET', '/api/m/alerts/people', [ADA, GRACE, ANN]);
}

/** A realtime push as the host's stream carries it. */
export function push(name: string, payload: unknown): string {
  return `event: alerts.${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}
