/** People the remotes' unit tests share (not part of any remote: nothing a remote builds imports this). */

import type { Person } from './people';

export const ADA: Person = {
  user_id: 'u1',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  job_title: null,
};

export const GRACE: Person = {
  user_id: 'u2',
  email: 'grace@example.com',
  firstname: 'Grace',
  lastname: 'Hopper',
  job_title: 'Agent',
};
