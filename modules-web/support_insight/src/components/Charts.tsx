// The charts (@mantine/charts and recharts, with their stylesheet) are the shell's shared singletons,
// loaded on their first use: this file is its own chunk, loaded after the figures.
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Grid, Group, Stack, Text } from '@mantine/core';

import { Section } from '@common/ui/Dashboard';
import { formatNumber, formatPercent } from '@common/lib/format';
import { openedClosed, percentMet, priorityBars, slaSlices, statusBars, type Bar } from '../figures';
import type { Bucket } from '../range';
import type { Insight, Outcomes } from '../types';

/** What a chart shows, read out instead of the drawing. */
function describe(bars: readonly Bar[]): string {
  return bars.map((bar) => `${bar.label} ${bar.tickets}`).join(', ');
}

function Bars({ bars, name }: { bars: Bar[]; name: string }) {
  return (
    <div role="img" aria-label={`${name}: ${describe(bars)}`}>
      <BarChart
        h={220}
        data={bars}
        dataKey="label"
        series={[{ name: 'tickets', label: 'Tickets', color: 'blue.6' }]}
        maxBarWidth={48}
        withBarValueLabel
        yAxisProps={{ allowDecimals: false }}
      />
    </div>
  );
}

/** Most points a line shows dots for; beyond, dots would blur into the line. */
const MAX_DOTS = 62;

function OpenedClosed({ insight, bucket }: { insight: Insight; bucket: Bucket }) {
  const rows = openedClosed(insight.opened, insight.closed, bucket);
  const opened = rows.reduce((total, row) => total + row.Opened, 0);
  const closed = rows.reduce((total, row) => total + row.Closed, 0);
  const summary = `Opened against closed: ${opened} opened and ${closed} closed over ${rows.length} ${bucket}s`;
  return (
    <div role="img" aria-label={summary}>
      <LineChart
        h={260}
        data={rows}
        dataKey="label"
        series={[
          { name: 'Opened', color: 'blue.6' },
          { name: 'Closed', color: 'teal.6' },
        ]}
        curveType="linear"
        withDots={rows.length <= MAX_DOTS}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ allowDecimals: false }}
      />
    </div>
  );
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
          <div
            role="img"
            aria-label={`${title}: ${outcomes.met} met, ${outcomes.breached} breached (${formatPercent(percent)})`}
          >
            <DonutChart data={slaSlices(outcomes)} chartLabel={formatPercent(percent)} size={140} thickness={20} />
          </div>
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
