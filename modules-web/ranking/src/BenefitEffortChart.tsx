// The chart, drawn on a canvas (@common/ui/CanvasChart, with Chart.js): this file is its own
// chunk, loaded after the table.
import { useMemo } from 'react';
import type { TooltipItem } from 'chart.js';

import { formatNumber, formatScore } from '@common/lib/format';
import {
  baseOptions,
  CanvasChart,
  canvasFont,
  REFERENCE_LINES,
  useChartTheme,
  valueAxis,
} from '@common/ui/CanvasChart';
import type { RankedProcess } from './api';
import { BUCKETS } from './buckets';

interface BenefitEffortChartProps {
  items: readonly RankedProcess[];
}

/** A point: x = ease, y = value, and its rank, which finds the process for the tooltip. */
interface Point {
  x: number;
  y: number;
  rank: number;
}

/** Benefit against effort: x = ease of implementation, y = value; one colour per roadmap bucket. */
export default function BenefitEffortChart({ items }: BenefitEffortChartProps) {
  const theme = useChartTheme();
  const groups = BUCKETS.map((bucket) => items.filter((item) => item.bucket === bucket.key));
  const summary = BUCKETS.map((bucket, index) => `${groups[index]?.length ?? 0} ${bucket.label.toLowerCase()}`).join(
    ', ',
  );
  const { data, options } = useMemo(() => {
    const byRank = new Map(items.map((item) => [item.rank, item]));
    const data = {
      datasets: BUCKETS.map((bucket, index) => ({
        label: bucket.label,
        data: (groups[index] ?? []).map((item): Point => ({ x: item.ease, y: item.value, rank: item.rank })),
        backgroundColor: theme.color(`${bucket.color}.6`),
        borderColor: theme.color(`${bucket.color}.6`),
        pointRadius: 5,
        pointHoverRadius: 7,
        // A process at 0 or 100 is drawn whole, over the axis.
        clip: false as const,
      })),
    };
    const itemOf = (point: TooltipItem<'scatter'>) => byRank.get((point.raw as Point).rank);
    const base = baseOptions<'scatter'>(theme, { mode: 'nearest' });
    const options = {
      ...base,
      scales: {
        x: valueAxis(theme, { title: 'Ease of implementation', min: 0, max: 100 }),
        y: valueAxis(theme, { title: 'Value', min: 0, max: 100 }),
      },
      plugins: {
        ...base.plugins,
        referenceLines: {
          color: theme.text,
          font: canvasFont(theme),
          lines: [
            { x: 60, label: 'Ease 60', color: theme.color('gray.5') },
            { y: 50, label: 'Value 50', color: theme.color('gray.5') },
          ],
        },
        tooltip: {
          ...base.plugins?.tooltip,
          callbacks: {
            // The process, then its figures.
            title: (points: TooltipItem<'scatter'>[]) => {
              const item = points[0] && itemOf(points[0]);
              return item ? `#${item.rank} ${item.name}` : '';
            },
            label: (point: TooltipItem<'scatter'>) => {
              const item = itemOf(point);
              if (!item) return '';
              return [
                `Value ${formatNumber(item.value, true)}`,
                `Ease ${formatNumber(item.ease, true)}`,
                `Score ${formatScore(item.score)}`,
              ];
            },
          },
        },
      },
    };
    return { data, options };
    // `groups` follow the items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, items]);

  return (
    <CanvasChart
      type="scatter"
      data={data}
      options={options}
      plugins={[REFERENCE_LINES]}
      label={`Benefit against effort: ${summary}. The table lists every process.`}
      height={320}
    />
  );
}
