// The charts (@mantine/charts and recharts, with their stylesheet) are the shell's shared singletons,
// loaded on their first use: this file is its own chunk, loaded after the table.
import { ScatterChart, type ScatterChartSeries } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';

import { formatNumber, formatScore } from '@common/lib/format';
import type { RankedProcess } from './api';
import { BUCKETS } from './buckets';

interface BenefitEffortChartProps {
  items: readonly RankedProcess[];
}

/** A point's own fields: the chart's data is numbers only, so the rank finds the process. */
interface Point {
  ease: number;
  value: number;
  rank: number;
}

function PointTooltip({ point, byRank }: { point: Point | undefined; byRank: ReadonlyMap<number, RankedProcess> }) {
  const item = point ? byRank.get(point.rank) : undefined;
  if (!item) return null;
  return (
    <Paper withBorder shadow="md" p="xs" maw={260}>
      <Text fw={600} size="sm">
        #{item.rank} {item.name}
      </Text>
      <Text size="xs">Value {formatNumber(item.value, true)}</Text>
      <Text size="xs">Ease {formatNumber(item.ease, true)}</Text>
      <Text size="xs">Score {formatScore(item.score)}</Text>
    </Paper>
  );
}

/** Benefit against effort: x = ease of implementation, y = value; one colour per roadmap bucket. */
export default function BenefitEffortChart({ items }: BenefitEffortChartProps) {
  const byRank = new Map(items.map((item) => [item.rank, item]));
  const data: ScatterChartSeries[] = BUCKETS.map((bucket) => ({
    name: bucket.label,
    color: `${bucket.color}.6`,
    data: items
      .filter((item) => item.bucket === bucket.key)
      .map((item): Record<string, number> => ({ ease: item.ease, value: item.value, rank: item.rank })),
  }));
  const summary = BUCKETS.map((bucket, index) => `${data[index]?.data.length ?? 0} ${bucket.label.toLowerCase()}`).join(
    ', ',
  );

  return (
    <div role="img" aria-label={`Benefit against effort: ${summary}. The table lists every process.`}>
      <ScatterChart
        h={320}
        data={data}
        dataKey={{ x: 'ease', y: 'value' }}
        labels={{ x: 'Ease', y: 'Value' }}
        xAxisLabel="Ease of implementation"
        yAxisLabel="Value"
        xAxisProps={{ domain: [0, 100], type: 'number' }}
        yAxisProps={{ domain: [0, 100], type: 'number' }}
        referenceLines={[
          { x: 60, color: 'gray.5', label: 'Ease 60', labelPosition: 'insideTopRight' },
          { y: 50, color: 'gray.5', label: 'Value 50', labelPosition: 'insideTopLeft' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tooltipProps={{
          content: ({ payload }) => <PointTooltip point={payload?.[0]?.payload as Point | undefined} byRank={byRank} />,
        }}
      />
    </div>
  );
}
