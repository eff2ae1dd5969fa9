import type { ReactNode } from 'react';
import { Group, Progress, SimpleGrid, Skeleton, Stack, Text, type SimpleGridProps } from '@mantine/core';

import { formatNumber } from '@common/lib/format';

interface WidgetBodyProps {
  testId: string;
  children: ReactNode;
}

/**
 * A module's summary on the dashboard. The shell frames each widget in a card titled with
 * the page's name, which links to the page, so the widget draws only what it sums up.
 */
export function WidgetBody({ testId, children }: WidgetBodyProps) {
  return <div data-testid={testId}>{children}</div>;
}

/** A headline figure; `color` draws attention to it (breaches). */
export interface WidgetFigure {
  label: string;
  /** A count, or a figure already written in its unit (money). */
  value: number | string;
  color?: string;
}

/** The headline figures side by side, each a label over its value. */
export function WidgetFigures({ figures, cols }: { figures: readonly WidgetFigure[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="xs">
      {figures.map(({ label, value, color }) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz="lg" c={color}>
            {typeof value === 'number' ? formatNumber(value) : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** One part of a whole: its label, colour and count. */
export interface WidgetShare {
  key: string;
  label: string;
  color: string;
  count: number;
}

interface WidgetSharesProps {
  /** What the bars show, for screen readers (`Processes by stage`). */
  label: string;
  shares: readonly WidgetShare[];
  /** The whole the bars are shares of. */
  total: number;
  /** The width of the labels' column, so the bars line up. */
  labelWidth: number;
}

/** The parts of a whole as bars, one a row: label, bar (named `<label>: <count>`), count. */
export function WidgetShares({ label, shares, total, labelWidth }: WidgetSharesProps) {
  return (
    <Stack gap={6} aria-label={label}>
      {shares.map((share) => (
        <Group key={share.key} gap="xs" wrap="nowrap">
          <Text size="xs" w={labelWidth}>
            {share.label}
          </Text>
          <Progress
            value={total ? (share.count / total) * 100 : 0}
            color={share.color}
            size="sm"
            style={{ flex: 1 }}
            aria-label={`${share.label}: ${share.count}`}
          />
          <Text size="xs" w={36} ta="right">
            {formatNumber(share.count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The card's body while its figures load: the figures' row, then a line a bar. */
export function WidgetLoading({ bars }: { bars: number }) {
  return (
    <Stack gap="xs" aria-busy="true">
      <Skeleton height={40} />
      {Array.from({ length: bars }, (_, bar) => (
        <Skeleton key={bar} height={12} />
      ))}
    </Stack>
  );
}
