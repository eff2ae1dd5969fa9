/** What Database Integration's tests start from: a stored connection, UiPath's jobs table mapped, a sync. */

import type { Connection, Job } from '@autoscope/web-sdk';

import type { TableMap } from './generated';

export const CONNECTION: Connection = {
  id: 'c1',
  name: 'Orchestrator',
  engine: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'uipath',
  user: 'reader',
  password_set: true,
  tls: 'disable',
  time_zone: 'UTC',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

/** UiPath's `Jobs` as its preset maps it, short of the process. */
export const JOBS: TableMap = {
  target: 'runs',
  table: 'Jobs',
  key: ['Id'],
  cursor: 'CreationTime',
  overlap: 86_400,
  fields: {
    bot: { from: 'lookup', column: 'RobotId', table: 'Robots', key: 'Id', value: 'Name' },
    started_at: { from: 'column', column: 'StartTime', or: 'CreationTime' },
    status: { from: 'column', column: 'State' },
  },
  statuses: [
    { from: '0', to: 'skip' },
    { from: '4', to: 'failed' },
    { from: '5', to: 'successful' },
  ],
  exceptions: { by: 'fixed', default: 'system' },
};

/** A sync of the connection, running since `created_at` with no step done, with `changes`. */
export function job(changes: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    name: 'sync',
    key: 'c1',
    status: 'running',
    input: { connection_id: 'c1' },
    progress: null,
    steps: 0,
    error: null,
    started_by: 'u1',
    created_at: 1_000,
    updated_at: 1_000,
    finished_at: null,
    ...changes,
  };
}
