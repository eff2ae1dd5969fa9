// The charts, drawn on a canvas (@common/ui/CanvasChart, with Chart.js): this file is its own
// chunk, loaded after the figures.
import { useMemo, type JSX } from 'react';
import { Stack, Text } from '@mantine/core';

import { formatNumber } from '@common/lib/format';
import { baseOptions, CanvasChart, categoryAxis, DonutChart, useChartTheme, valueAxis } from '@common/ui/CanvasChart';
import {
  describeTotals,
  durationStep,
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
  const theme = useChartTheme();
  const { data, options } = useMemo(() => {
    const cells = rows as readonly Record<string, unknown>[];
    const data = {
      labels: cells.map((row) => String(row.label)),
      datasets: series.map((name, index) => ({
        label: name,
        data: cells.map((row) => Number(row[name]) || 0),
        backgroundColor: theme.color(OUTCOME_COLORS[index] ?? 'gray.5'),
        maxBarThickness: 28,
      })),
    };
    const options = {
      ...baseOptions<'bar'>(theme),
      scales: { x: categoryAxis(theme, { stacked: true }), y: valueAxis(theme, { integer: true, stacked: true }) },
    };
    return { data, options };
  }, [theme, rows, series]);
  return (
    <CanvasChart
      type="bar"
      data={data}
      options={options}
      label={describeTotals(title, rows, summary)}
      height={height}
    />
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

/** The duration lines: name, legend label, colour and whether dashed. */
const DURATION_SERIES = [
  { key: 'p50', label: 'Median (p50)', color: 'blue.6' },
  { key: 'p90', label: 'p90', color: 'orange.6' },
  { key: 'p95', label: 'p95', color: 'red.6' },
  { key: 'Average', label: 'Average', color: 'gray.6', dashed: true },
] as const;

function DurationTrend({ overview }: { overview: Overview }) {
  const theme = useChartTheme();
  const rows = durationTrend(overview.duration_weeks);
  const { data, options } = useMemo(() => {
    const data = {
      labels: rows.map((row) => row.label),
      datasets: DURATION_SERIES.map((line) => ({
        label: line.label,
        data: rows.map((row) => row[line.key]),
        borderColor: theme.color(line.color),
        backgroundColor: theme.color(line.color),
        borderWidth: 2,
        borderDash: 'dashed' in line ? [5, 5] : undefined,
        pointRadius: rows.length <= MAX_DOTS ? 3 : 0,
        spanGaps: true,
      })),
    };
    const format = (value: number) => formatSeconds(value);
    const longest = Math.max(0, ...rows.flatMap((row) => DURATION_SERIES.map((line) => row[line.key] ?? 0)));
    const y = valueAxis(theme, { format });
    const options = {
      ...baseOptions<'line'>(theme, { format }),
      scales: { x: categoryAxis(theme), y: { ...y, ticks: { ...y.ticks, stepSize: durationStep(longest) } } },
    };
    return { data, options };
    // `rows` follow the overview's weeks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, overview.duration_weeks]);
  return <CanvasChart type="line" data={data} options={options} label={describeTrend(rows)} height={260} />;
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
      <DonutChart
        slices={slices}
        unit="Runs"
        center={formatNumber(failed)}
        label={`Exceptions: ${summary}`}
        size={160}
        cutout={56}
      />
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
