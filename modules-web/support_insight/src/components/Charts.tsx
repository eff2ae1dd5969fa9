// The charts, drawn on a canvas (@common/ui/CanvasChart, with Chart.js): this file is its own
// chunk, loaded after the figures.
import { useMemo } from 'react';
import { Grid, Group, Stack, Text } from '@mantine/core';

import { Section } from '@common/ui/Dashboard';
import { formatNumber, formatPercent } from '@common/lib/format';
import {
  BAR_VALUE_LABELS,
  baseOptions,
  canvasFont,
  CanvasChart,
  categoryAxis,
  DonutChart,
  useChartTheme,
  valueAxis,
} from '@common/ui/CanvasChart';
import { openedClosed, percentMet, priorityBars, slaSlices, statusBars, type Bar } from '../figures';
import type { Bucket } from '../range';
import type { Insight, Outcomes } from '../types';

/** What a chart shows, read out instead of the drawing. */
function describe(bars: readonly Bar[]): string {
  return bars.map((bar) => `${bar.label} ${bar.tickets}`).join(', ');
}

function Bars({ bars, name }: { bars: Bar[]; name: string }) {
  const theme = useChartTheme();
  const { data, options } = useMemo(() => {
    const data = {
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          label: 'Tickets',
          data: bars.map((bar) => bar.tickets),
          backgroundColor: theme.color('blue.6'),
          maxBarThickness: 48,
        },
      ],
    };
    const options = {
      ...baseOptions<'bar'>(theme, { legend: false }),
      // Room above the tallest bar for its value.
      layout: { padding: { top: 18 } },
      scales: { x: categoryAxis(theme), y: valueAxis(theme, { integer: true }) },
    };
    options.plugins = { ...options.plugins, barValueLabels: { color: theme.text, font: canvasFont(theme) } };
    return { data, options };
  }, [theme, bars]);
  return (
    <CanvasChart
      type="bar"
      data={data}
      options={options}
      plugins={[BAR_VALUE_LABELS]}
      label={`${name}: ${describe(bars)}`}
      height={220}
    />
  );
}

/** Most points a line shows dots for; beyond, dots would blur into the line. */
const MAX_DOTS = 62;

function OpenedClosed({ insight, bucket }: { insight: Insight; bucket: Bucket }) {
  const rows = openedClosed(insight.opened, insight.closed, bucket);
  const opened = rows.reduce((total, row) => total + row.Opened, 0);
  const closed = rows.reduce((total, row) => total + row.Closed, 0);
  const summary = `Opened against closed: ${opened} opened and ${closed} closed over ${rows.length} ${bucket}s`;
  const theme = useChartTheme();
  const { data, options } = useMemo(() => {
    const line = (label: 'Opened' | 'Closed', color: string) => ({
      label,
      data: rows.map((row) => row[label]),
      borderColor: theme.color(color),
      backgroundColor: theme.color(color),
      borderWidth: 2,
      pointRadius: rows.length <= MAX_DOTS ? 3 : 0,
    });
    const data = {
      labels: rows.map((row) => row.label),
      datasets: [line('Opened', 'blue.6'), line('Closed', 'teal.6')],
    };
    const options = {
      ...baseOptions<'line'>(theme),
      scales: { x: categoryAxis(theme), y: valueAxis(theme, { integer: true }) },
    };
    return { data, options };
    // `rows` follow the insight's series and the bucket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, insight.opened, insight.closed, bucket]);
  return <CanvasChart type="line" data={data} options={options} label={summary} height={260} />;
}

function SlaDonut({ title, outcomes, empty }: { title: string; outcomes: Outcomes; empty: string }) {
  const percent = percentMet(outcomes);
  return (
    <Stack gap={4} align="center" miw={150}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {percent === null ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {empty}
        </Text>
      ) : (
        <>
          <DonutChart
            slices={slaSlices(outcomes)}
            unit="Tickets"
            center={formatPercent(percent)}
            label={`${title}: ${outcomes.met} met, ${outcomes.breached} breached (${formatPercent(percent)})`}
            size={140}
            cutout={50}
          />
          <Text size="xs" c="dimmed">
            {formatNumber(outcomes.met)} met · {formatNumber(outcomes.breached)} breached
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The four charts: status, priority, opened against closed, and SLA targets met. */
export default function Charts({ insight, bucket }: { insight: Insight; bucket: Bucket }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section id="insight-status-title" title="By status" hint="Tickets created in the range, as they stand now">
          <Bars bars={statusBars(insight.by_status)} name="Tickets by status" />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section id="insight-priority-title" title="By priority" hint="Tickets created in the range">
          <Bars bars={priorityBars(insight.by_priority)} name="Tickets by priority" />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Section id="insight-series-title" title="Opened against closed" hint={`Tickets per ${bucket}`}>
          <OpenedClosed insight={insight} bucket={bucket} />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Section id="insight-sla-title" title="SLA targets" hint="Tickets created in the range">
          <Group justify="space-around" gap="md" wrap="wrap">
            <SlaDonut title="First response" outcomes={insight.sla.response} empty="No ticket answered yet" />
            <SlaDonut title="Resolution" outcomes={insight.sla.resolution} empty="No ticket resolved yet" />
          </Group>
        </Section>
      </Grid.Col>
    </Grid>
  );
}
