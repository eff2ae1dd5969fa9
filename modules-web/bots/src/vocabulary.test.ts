import { describe, expect, it } from 'vitest';

import type { BotStatus } from './types';
import { statusesByName, unregistered } from './vocabulary';

const status = (bot: string, id: string | null, state: BotStatus['status']): BotStatus => ({
  bot,
  id,
  status: state,
  running: 0,
  running_since: null,
  last_event_at: null,
});

describe('live statuses', () => {
  it('are found by bot name', () => {
    const byName = statusesByName([status('Alpha', 'a', 'running'), status('Ghost', null, 'idle')]);
    expect(byName.get('Alpha')?.status).toBe('running');
    expect(byName.get('alpha')).toBeUndefined();
    expect(statusesByName(undefined).size).toBe(0);
  });

  it('name the bots that ran outside the inventory', () => {
    expect(unregistered([status('Alpha', 'a', 'running'), status('Ghost', null, 'idle')])).toEqual(['Ghost']);
    expect(unregistered(undefined)).toEqual([]);
  });
});
