import { Badge, type BadgeProps } from '@mantine/core';

import type { Severity, Status } from '../generated';
import { SEVERITY_COLORS, SEVERITY_LABELS, STATUS_COLORS, STATUS_LABELS } from '../vocabulary';

export function SeverityBadge({ severity, ...props }: { severity: Severity } & BadgeProps) {
  return (
    <Badge variant="filled" color={SEVERITY_COLORS[severity]} {...props}>
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}

export function StatusBadge({ status, ...props }: { status: Status } & BadgeProps) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
