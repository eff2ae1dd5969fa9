import { Badge } from '@mantine/core';

import { STATUS_COLORS, statusLabel } from '../figures';
import type { RunStatus } from '../types';

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
