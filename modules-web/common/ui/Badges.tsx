import { Badge, type BadgeProps } from '@mantine/core';

import { healthColor, healthLabel, stageColor, stageLabel } from '@common/domain/vocabulary';

export function StageBadge({ stage, ...props }: { stage: string } & BadgeProps) {
  return (
    <Badge variant="light" color={stageColor(stage)} {...props}>
      {stageLabel(stage)}
    </Badge>
  );
}

export function HealthBadge({ health, ...props }: { health: string } & BadgeProps) {
  return (
    <Badge variant="dot" color={healthColor(health)} {...props}>
      {healthLabel(health)}
    </Badge>
  );
}
