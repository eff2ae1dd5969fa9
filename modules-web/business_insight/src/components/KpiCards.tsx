import { Group, Text } from '@mantine/core';

import { KpiCard, KpiGrid } from '@common/ui/Dashboard';
import type { Kpi, OpenFigure } from '../figures';
import type { Currency } from '../types';
import classes from '../BusinessInsightPage.module.css';
import { FigureButton, FormulaIcon } from './FigureButton';

interface KpiCardsProps {
  kpis: readonly Kpi[];
  currency: Currency;
  onOpen: (figure: OpenFigure) => void;
}

/** The headline figures of the range: realised, the estimate beside it, each opening its formula. */
export function KpiCards({ kpis, currency, onOpen }: KpiCardsProps) {
  return (
    <KpiGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} label="Key figures">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.key} className={classes.kpi} testId={`kpi-${kpi.key}`}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {kpi.label}
            </Text>
            <FormulaIcon shown={kpi.main} onOpen={onOpen} testId={`kpi-${kpi.key}-formula`} />
          </Group>
          <FigureButton
            shown={kpi.main}
            currency={currency}
            onOpen={onOpen}
            size="xl"
            fw={700}
            testId={`kpi-${kpi.key}-value`}
          />
          {kpi.estimated && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Estimated
              </Text>
              <FigureButton
                shown={kpi.estimated}
                currency={currency}
                onOpen={onOpen}
                size="xs"
                testId={`kpi-${kpi.key}-estimated`}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {kpi.hint}
          </Text>
        </KpiCard>
      ))}
    </KpiGrid>
  );
}
