/** Bot Profile's vocabulary: live statuses, run statuses, bot types, with labels and colours. */

import type { BotState, BotStatus, BotType, RunStatus } from './types';

export const STATE_LABELS: Readonly<Record<BotState, string>> = {
  running: 'Running',
  idle: 'Idle',
  offline: 'Offline',
  new: 'New, not connected',
};
export const STATE_COLORS: Readonly<Record<BotState, string>> = {
  running: 'green',
  idle: 'blue',
  offline: 'gray',
  new: 'yellow',
};
export const STATE_HINTS: Readonly<Record<BotState, string>> = {
  running: 'A run is going on (started in the last 24 hours)',
  idle: 'A run started or ended in the last hour',
  offline: 'No run event in the last hour',
  new: 'No run of this bot has arrived yet: send its runs with an API key',
};

export const RUN_LABELS: Readonly<Record<RunStatus, string>> = {
  running: 'Running',
  successful: 'Successful',
  failed: 'Failed',
  stopped: 'Stopped',
};
export const RUN_COLORS: Readonly<Record<RunStatus, string>> = {
  running: 'blue',
  successful: 'green',
  failed: 'red',
  stopped: 'orange',
};

export const TYPE_LABELS: Readonly<Record<BotType, string>> = { unattended: 'Unattended', attended: 'Attended' };
export const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as BotType[]).map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

/** Live statuses by bot name, for the inventory's rows. */
export function statusesByName(bots: readonly BotStatus[] | undefined): ReadonlyMap<string, BotStatus> {
  return new Map((bots ?? []).map((status) => [status.bot, status]));
}

/** Bots that ran without being in the inventory: the orchestrator knows them, the inventory does not. */
export function unregistered(bots: readonly BotStatus[] | undefined): string[] {
  return (bots ?? []).filter((status) => status.id === null).map((status) => status.bot);
}
