/** The fake host of the remote's component tests; imported by nothing the remote builds. */

import type { FakeServer } from '@autoscope/web-sdk/testing';

import { ADA, GRACE } from '@common/domain/testFixtures';
import { hostWithMasters } from '@common/lib/testHost';

/** What the ticket form's pickers read: the host's masters, the plugin's people, processes and bots. */
export function supportServer(): FakeServer {
  return hostWithMasters({
    ticket_category: ['Infrastructure', 'Access'],
    ticket_priority: ['Urgent', 'High', 'Medium', 'Low'],
  })
    .on('GET', '/api/m/support/people', [ADA, GRACE])
    .on('GET', '/api/m/support/processes', [{ id: 'p1', name: 'Invoice matching' }])
    .on('GET', '/api/m/support/bots', [
      { id: 'b1', name: 'Claims bot' },
      { id: 'b2', name: 'Invoice bot' },
    ]);
}
