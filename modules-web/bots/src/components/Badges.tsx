import { Badge, Tooltip, type BadgeProps } from '@mantine/core';

import type { BotState, RunStatus } from '../types';
import { RUN_COLORS, RUN_LABELS, STATE_COLORS, STATE_HINTS, STATE_LABELS } from '../vocabulary';

/** A bot's live status, with what it means on hover. */
export function StateBadge({ state, ...props }: { state: BotState } & BadgeProps) {
  return (
    <Tooltip label={STATE_HINTS[state]} withArrow>
      <Badge variant="dot" color={STATE_COLORS[state]} {...props}>
        {STATE_LABELS[state]}
      </Badge>
    </Tooltip>
  );
}

export function RunBadge({ status, ...props }: { status: RunStatus } & BadgeProps) {
  return (
    <Badge variant="light" color={RUN_COLORS[status] ?? 'gray'} {...props}>
      {RUN_LABELS[status] ?? status}
    </Badge>
  );
}
