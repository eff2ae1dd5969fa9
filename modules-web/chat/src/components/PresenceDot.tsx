import { Box } from '@mantine/core';

import { PRESENCE_COLORS, PRESENCE_LABELS, statusOf } from '../presence';
import { useChat } from './chatContext';

/** A green, yellow or grey dot by a name: online, away, offline. */
export function PresenceDot({ userId, size = 8 }: { userId: string; size?: number }) {
  const { presence } = useChat();
  const status = statusOf(presence, userId);
  return (
    <Box
      component="span"
      role="img"
      aria-label={PRESENCE_LABELS[status]}
      title={PRESENCE_LABELS[status]}
      data-status={status}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: `var(--mantine-color-${PRESENCE_COLORS[status]}-6)`,
      }}
    />
  );
}
