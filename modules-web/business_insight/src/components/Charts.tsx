// The charts (@mantine/charts and recharts, with their stylesheet) are the shell's shared singletons,
// loaded on their first use: this file is its own chunk, loaded after the figures.
import { BarChart, CompositeChart } from '@mantine/charts';

import { departmentBars, formatValue, monthSeries, type Measure } from '../figures';
import type { Currency, DepartmentRow, MonthRow } from '../types';

interface ChartProps {
  measure: Measure;
  currency: Currency;
}

function formatter(measure: Measure, currency: Currency) {
  return (value: number) => formatValue(value, measure === 'hours' ? 'hours' : 'money', currency);
}

const ESTIMATED = { name: 'Estimated', color: 'gray.5' } as const;
const REALISED = { name: 'Realised', color: 'teal.6' } as const;

/** Estimated against realised per month (bars), with the month's licence cost (a line) when comparing money. */
export function MonthChart({ months, measure, currency }: ChartProps & { months: readonly MonthRow[] }) {
  const data = monthSeries(months, measure);
  const format = formatter(measure, currency);
  const realised = data.reduce((total, point) => total + point.Realised, 0);
  const estimated = data.reduce((total, point) => total + point.Estimated, 0);
  const summary = `By month: ${format(realised)} realised against ${format(estimated)} estimated over ${data.length} months`;
  return (
    <div role="img" aria-label={summary}>
      <CompositeChart
        h={280}
        data={data}
        dataKey="label"
        series={[
          { ...ESTIMATED, type: 'bar' },
          { ...REALISED, type: 'bar' },
          ...(measure === 'money' ? [{ name: 'Licence cost', color: 'red.6', type: 'line' as const }] : []),
        ]}
        maxBarWidth={28}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        withDots={data.length <= 24}
        curveType="linear"
      />
    </div>
  );
}

/** Estimated against realised per department, most saved first. */
export function DepartmentChart({
  departments,
  measure,
  currency,
}: ChartProps & { departments: readonly DepartmentRow[] }) {
  const data = departmentBars(departments, measure);
  const format = formatter(measure, currency);
  const summary = `By department: ${data.map((bar) => `${bar.department} ${format(bar.Realised)} realised`).join(', ')}`;
  return (
    <div role="img" aria-label={summary}>
      <BarChart
        h={Math.max(160, data.length * 44 + 60)}
        data={data}
        dataKey="department"
        orientation="vertical"
        series={[ESTIMATED, REALISED]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        yAxisProps={{ width: 110 }}
      />
    </div>
  );
}
