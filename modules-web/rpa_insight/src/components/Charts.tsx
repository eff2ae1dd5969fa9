// The charts (@mantine/charts and recharts, with their stylesheet) are the shell's shared singletons,
// loaded on their first use: this file is its own chunk, loaded after the figures.
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import type { JSX } from 'react';
import { Stack, Text } from '@mantine/core';

import { formatNumber } from '@common/lib/format';
import {
  describeTotals,
  durationTrend,
  exceptionSlices,
  formatSeconds,
  queueVolume,
  runsPerDay,
  type DurationRow,
} from '../figures';
import type { Overview } from '../types';

/** Most points a line shows dots for; beyond, dots would blur into the line. */
const MAX_DOTS = 40;

/** The four outcomes of a day as stacked bars: done well, failed, given up, still open. */
type Outcomes = readonly [string, string, string, string];
const OUTCOME_COLORS = ['teal.6', 'red.6', 'gray.5', 'blue.5'] as const;

interface StackedBarsProps<Row extends object> {
  /** What the chart counts, first in its accessible summary. */
  title: string;
  rows: readonly Row[];
  /** The series in their colours' order; `summary` in the order the summary says them. */
  series: Outcomes;
  summary: readonly (keyof Row & string)[];
  height: number;
}

/** A bar per day, its outcomes stacked, with a summary of the totals for screen readers. */
function StackedBars<Row extends object>({ title, rows, series, summary, height }: StackedBarsProps<Row>) {
  return (
    <div role="img" aria-label={describeTotals(title, rows, summary)}>
      <BarChart
        h={height}
        data={rows as Record<string, unknown>[]}
        dataKey="label"
        type="stacked"
        series={series.map((name, index) => ({ name, color: OUTCOME_COLORS[index] }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ allowDecimals: false }}
        maxBarWidth={28}
      />
    </div>
  );
}

function RunsPerDay({ overview }: { overview: Overview }) {
  return (
    <StackedBars
      title="Runs per day"
      rows={runsPerDay(overview.per_day)}
      series={['Successful', 'Failed', 'Stopped', 'Running']}
      summary={['Successful', 'Failed', 'Stopped', 'Running']}
      height={260}
    />
  );
}

/** A readable summary of the trend: the last week with finished runs. */
function describeTrend(rows: readonly DurationRow[]): string {
  const last = [...rows].reverse().find((row) => row.p50 !== null);
  if (!last) return 'Duration per week: no finished run';
  const figures = `median ${formatSeconds(last.p50)}, p90 ${formatSeconds(last.p90)}, p95 ${formatSeconds(last.p95)}`;
  return `Duration per week, week of ${last.label}: ${figures}`;
}

function DurationTrend({ overview }: { overview: Overview }) {
  const rows = durationTrend(overview.duration_weeks);
  return (
    <div role="img" aria-label={describeTrend(rows)}>
      <LineChart
        h={260}
        data={rows}
        dataKey="label"
        series={[
          { name: 'p50', label: 'Median (p50)', color: 'blue.6' },
          { name: 'p90', label: 'p90', color: 'orange.6' },
          { name: 'p95', label: 'p95', color: 'red.6' },
          { name: 'Average', color: 'gray.6', strokeDasharray: '5 5' },
        ]}
        curveType="linear"
        connectNulls
        withDots={rows.length <= MAX_DOTS}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => formatSeconds(value)}
        yAxisProps={{ width: 72 }}
      />
    </div>
  );
}

function ExceptionSplit({ overview }: { overview: Overview }) {
  const slices = exceptionSlices(overview.exceptions);
  const failed = slices.reduce((total, slice) => total + slice.value, 0);
  if (failed === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        No run failed in the range.
      </Text>
    );
  }
  const summary = slices.map((slice) => `${slice.name} ${slice.value}`).join(', ');
  return (
    <Stack align="center" gap="xs">
      <div role="img" aria-label={`Exceptions: ${summary}`}>
        <DonutChart data={slices} chartLabel={formatNumber(failed)} size={160} thickness={24} withTooltip />
      </div>
      <Text size="xs" c="dimmed" ta="center">
        {slices.map((slice) => `${slice.name}: ${formatNumber(slice.value)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

function QueueVolume({ overview }: { overview: Overview }) {
  return (
    <StackedBars
      title="Queue items added per day"
      rows={queueVolume(overview.queues.per_day)}
      series={['Successful', 'Failed', 'Abandoned', 'Open']}
      summary={['Open', 'Successful', 'Failed', 'Abandoned']}
      height={240}
    />
  );
}

export type ChartKind = 'runs-per-day' | 'duration' | 'exceptions' | 'queue-volume';

const CHARTS: Readonly<Record<ChartKind, (props: { overview: Overview }) => JSX.Element>> = {
  'runs-per-day': RunsPerDay,
  duration: DurationTrend,
  exceptions: ExceptionSplit,
  'queue-volume': QueueVolume,
};

/** One chart of the page (the page frames each in its panel). */
export default function Chart({ overview, kind }: { overview: Overview; kind: ChartKind }) {
  const Component = CHARTS[kind];
  return <Component overview={overview} />;
}
