// The charts, drawn on a canvas (@common/ui/CanvasChart, with Chart.js): this file is its own
// chunk, loaded after the figures.
import { useMemo } from 'react';
import type { ChartData } from 'chart.js';

import {
  baseOptions,
  CanvasChart,
  categoryAxis,
  useChartTheme,
  valueAxis,
  type ChartTheme,
} from '@common/ui/CanvasChart';
import { departmentBars, formatValue, monthSeries, type Measure } from '../figures';
import type { Currency, DepartmentRow, MonthRow } from '../types';

interface ChartProps {
  measure: Measure;
  currency: Currency;
}

function formatter(measure: Measure, currency: Currency) {
  return (value: number) => formatValue(value, measure === 'hours' ? 'hours' : 'money', currency);
}

/** Most months a line shows dots for. */
const MAX_DOTS = 24;

/** The estimated and realised bars, in their colours. */
function barSets(theme: ChartTheme, estimated: number[], realised: number[], maxBarThickness?: number) {
  return [
    {
      type: 'bar' as const,
      label: 'Estimated',
      data: estimated,
      backgroundColor: theme.color('gray.5'),
      maxBarThickness,
    },
    {
      type: 'bar' as const,
      label: 'Realised',
      data: realised,
      backgroundColor: theme.color('teal.6'),
      maxBarThickness,
    },
  ];
}

/** Estimated against realised per month (bars), with the month's licence cost (a line) when comparing money. */
export function MonthChart({ months, measure, currency }: ChartProps & { months: readonly MonthRow[] }) {
  const theme = useChartTheme();
  const points = monthSeries(months, measure);
  const format = formatter(measure, currency);
  const realised = points.reduce((total, point) => total + point.Realised, 0);
  const estimated = points.reduce((total, point) => total + point.Estimated, 0);
  const summary = `By month: ${format(realised)} realised against ${format(estimated)} estimated over ${points.length} months`;
  const { data, options } = useMemo(() => {
    const licence = theme.color('red.6');
    const data: ChartData<'bar' | 'line', number[], string> = {
      labels: points.map((point) => point.label),
      datasets: [
        ...barSets(
          theme,
          points.map((point) => point.Estimated),
          points.map((point) => point.Realised),
          28,
        ),
        ...(measure === 'money'
          ? [
              {
                type: 'line' as const,
                label: 'Licence cost',
                data: points.map((point) => point['Licence cost'] ?? 0),
                borderColor: licence,
                backgroundColor: licence,
                borderWidth: 2,
                pointRadius: points.length <= MAX_DOTS ? 3 : 0,
              },
            ]
          : []),
      ],
    };
    const options = {
      ...baseOptions<'bar' | 'line'>(theme, { format }),
      scales: { x: categoryAxis(theme), y: valueAxis(theme, { format }) },
    };
    return { data, options };
    // `format` follows measure and currency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, months, measure, currency]);
  // Bars with a line over them: a bar chart whose licence dataset is a line.
  return <CanvasChart<'bar' | 'line'> type="bar" data={data} options={options} label={summary} height={280} />;
}

/** Estimated against realised per department, most saved first. */
export function DepartmentChart({
  departments,
  measure,
  currency,
}: ChartProps & { departments: readonly DepartmentRow[] }) {
  const theme = useChartTheme();
  const bars = departmentBars(departments, measure);
  const format = formatter(measure, currency);
  const summary = `By department: ${bars.map((bar) => `${bar.department} ${format(bar.Realised)} realised`).join(', ')}`;
  const { data, options } = useMemo(() => {
    const data = {
      labels: bars.map((bar) => bar.department),
      datasets: barSets(
        theme,
        bars.map((bar) => bar.Estimated),
        bars.map((bar) => bar.Realised),
      ),
    };
    const options = {
      ...baseOptions<'bar'>(theme, { format, horizontal: true }),
      indexAxis: 'y' as const,
      scales: { x: valueAxis(theme, { format }), y: categoryAxis(theme) },
    };
    return { data, options };
    // `format` follows measure and currency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, departments, measure, currency]);
  return (
    <CanvasChart
      type="bar"
      data={data}
      options={options}
      label={summary}
      height={Math.max(160, bars.length * 44 + 60)}
    />
  );
}
