/** The parts of a dashboard page: columns of figures, key figure cards and framed sections. */

import { useDeferredValue, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, type SimpleGridProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageButton } from '@autoscope/web-sdk';

import classes from './Dashboard.module.css';
import { QueryError } from './QueryError';

/** The classes of a dashboard page (`page`, `figures`, `stale`, `filters`). */
export const dashboardClasses = classes;

/** A column of figures; while `stale` (the previous choice's figures as the new ones load) it is dimmed and busy. */
export function FigureStack({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div className={stale ? `${classes.figures} ${classes.stale}` : classes.figures} aria-busy={stale}>
      {children}
    </div>
  );
}

interface KpiGridProps {
  /** The list's accessible name. */
  label: string;
  cols: SimpleGridProps['cols'];
  children: ReactNode;
}

/** Key figures as a list of cards (`KpiCard`s) in a grid. */
export function KpiGrid({ label, cols, children }: KpiGridProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm" component="ul" className={classes.kpis} aria-label={label}>
      {children}
    </SimpleGrid>
  );
}

interface KpiCardProps {
  testId?: string;
  /** Added to the card's class. */
  className?: string;
  children: ReactNode;
}

/** One card of a `KpiGrid`. */
export function KpiCard({ testId, className, children }: KpiCardProps) {
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      className={className ? `${classes.kpi} ${className}` : classes.kpi}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}

/** A plain key figure: its label, value and what it counts. */
export interface Kpi {
  /** The card's key; with `testIds`, `data-testid="kpi-<id>"` and `kpi-<id>-value`. */
  id: string;
  label: string;
  value: string;
  /** What the figure counts. */
  hint: string;
  /** A colour when the figure needs attention. */
  color?: string;
}

interface KpiCardsProps extends Omit<KpiGridProps, 'children'> {
  kpis: readonly Kpi[];
  /** Each card and value carry `data-testid` (`kpi-<id>`, `kpi-<id>-value`). */
  testIds?: boolean;
}

/** Plain key figures as cards: the label, the value (coloured when it needs attention) and the hint. */
export function KpiCards({ kpis, testIds = false, ...grid }: KpiCardsProps) {
  return (
    <KpiGrid {...grid}>
      {kpis.map((kpi) => (
        <KpiCard key={kpi.id} testId={testIds ? `kpi-${kpi.id}` : undefined}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {kpi.label}
          </Text>
          <Text fz="xl" fw={700} c={kpi.color} data-testid={testIds ? `kpi-${kpi.id}-value` : undefined}>
            {kpi.value}
          </Text>
          <Text size="xs" c="dimmed">
            {kpi.hint}
          </Text>
        </KpiCard>
      ))}
    </KpiGrid>
  );
}

interface SectionProps {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  /** Under the heading: what the figures count. */
  hint?: string;
  /** Beside the heading (a switch, a select). */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A framed part of the dashboard with its heading. */
export function Section({ id, title, hint, aside, testId, children }: SectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} miw={0} h="100%" data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <div>
          <Title order={2} size="h5" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

interface DashboardLoadingProps {
  /** The key figures' grid, and how many cards and how high. */
  cols: SimpleGridProps['cols'];
  cards: number;
  cardHeight: number;
  /** The heights of the blocks under the cards (charts, tables). */
  blocks: readonly number[];
}

/** The figures' placeholder while the first answer loads. */
export function DashboardLoading({ cols, cards, cardHeight, blocks }: DashboardLoadingProps) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the figures">
      <SimpleGrid cols={cols} spacing="sm">
        {Array.from({ length: cards }, (_, index) => (
          <Skeleton key={index} height={cardHeight} />
        ))}
      </SimpleGrid>
      {blocks.map((height, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}

type Available<Data> = Extract<Data, { available: true }>;
type Unavailable<Data> = Extract<Data, { available: false }>;

interface DashboardBodyProps<Data extends { available: boolean }> {
  /** The figures' query: the plugin answers them, or that a module they come from is not available. */
  query: UseQueryResult<Data>;
  /** Why the range cannot be asked for: until a first answer, nothing shows (the filter says what is wrong). */
  problem: string | null;
  loading: ReactNode;
  /** The notice that a module the figures need is not available. */
  unavailable: (answer: Unavailable<Data>) => ReactNode;
  /** The figures; a failed refresh shows above them. */
  children: (answer: Available<Data>) => ReactNode;
}

/** A dashboard's figures as their query stands: loading, failed, not available, or shown. */
export function DashboardBody<Data extends { available: boolean }>({
  query,
  problem,
  loading,
  unavailable,
  children,
}: DashboardBodyProps<Data>) {
  // The figures render in the background, in slices the browser can interleave with input
  // and paint: a dashboard is thousands of nodes, too much for one task. Until the first
  // answer has rendered so, the placeholder stays; later answers replace the shown ones.
  const data = useDeferredValue(query.data);
  const retry = () => void query.refetch();
  if (problem !== null && !data) return null;
  if (query.isPending || (query.data !== undefined && data === undefined)) return loading;
  if (query.isError && !data) {
    return <QueryError title="The figures could not be loaded" error={query.error} onRetry={retry} />;
  }
  if (!data) return null;
  if (!data.available) {
    return (
      <Paper withBorder p="xl">
        {unavailable(data as Unavailable<Data>)}
      </Paper>
    );
  }
  return (
    <>
      {query.isError && <QueryError error={query.error} onRetry={retry} />}
      {children(data as Available<Data>)}
    </>
  );
}

/** The title bar's "Refresh": the figures asked again (`refresh`, by default the query's refetch); off while the range has a problem. */
export function refreshButton(
  query: { isFetching: boolean; refetch: () => unknown },
  problem: string | null,
  refresh: () => unknown = () => query.refetch(),
): PageButton {
  return {
    label: 'Refresh',
    icon: 'refresh',
    kind: 'secondary',
    disabled: problem !== null,
    loading: query.isFetching,
    onClick: () => void refresh(),
  };
}
