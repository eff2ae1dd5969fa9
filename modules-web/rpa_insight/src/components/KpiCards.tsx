import { Paper, SimpleGrid, Text } from '@mantine/core';

import type { Kpi } from '../figures';
import classes from '../RPAInsightPage.module.css';

interface KpiCardsProps {
  kpis: readonly Kpi[];
  /** The list's accessible name. */
  label: string;
  cols?: { base: number; sm: number; lg: number };
}

/** Figures as cards: `data-testid="kpi-<id>"` on each, `kpi-<id>-value` on its figure. */
export function KpiCards({ kpis, label, cols = { base: 2, sm: 4, lg: 8 } }: KpiCardsProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm" component="ul" className={classes.kpis} aria-label={label}>
      {kpis.map((kpi) => (
        <Paper key={kpi.id} withBorder p="sm" component="li" className={classes.kpi} data-testid={`kpi-${kpi.id}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {kpi.label}
          </Text>
          <Text fz="xl" fw={700} c={kpi.color} data-testid={`kpi-${kpi.id}-value`}>
            {kpi.value}
          </Text>
          <Text size="xs" c="dimmed">
            {kpi.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
