// The remotes' charts, drawn on a canvas by Chart.js (issue 20): an SVG chart library built
// hundreds of nodes and took 60–140 ms of main thread per chart; a canvas is one node and
// about 10–25 ms, each chart in a task of its own. Only the controllers, elements and scales the remotes draw are registered,
// so the rest of Chart.js is left out of their bundles. Colours are the Mantine theme's, read
// at render in the colour scheme shown; each chart is an image with a summary for screen readers.
import { useEffect, useMemo, useState } from 'react';
import { parseThemeColor, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type ChartType,
  type Plugin,
  type TooltipItem,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
);

/** The theme as the canvas paints it (plain CSS colours: a canvas reads no CSS variables). */
export interface ChartTheme {
  /** A Mantine colour (`teal.6`, `red`) as a CSS colour. */
  color: (name: string) => string;
  /** Axis ticks, legend and labels: the theme's dimmed text. */
  text: string;
  /** Strong text: a donut's centre. */
  bright: string;
  grid: string;
  /** The page's font (a canvas inherits none), at the size of the axes' labels. */
  font: { family: string; size: number };
  /** The tooltip: the page's surface, bordered, with its text. */
  tooltip: { background: string; border: string; text: string };
}

/** The theme of the page now (light or dark); charts repaint when the scheme changes. */
export function useChartTheme(): ChartTheme {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const dark = scheme === 'dark';
    return {
      color: (name: string) => parseThemeColor({ color: name, theme, colorScheme: scheme }).value,
      text: dark ? theme.colors.dark[2] : theme.colors.gray[6],
      bright: dark ? theme.colors.dark[0] : theme.black,
      // As @mantine/charts drew its grid.
      grid: dark ? 'rgba(105, 105, 105, 0.6)' : 'rgba(173, 181, 189, 0.6)',
      font: { family: theme.fontFamily, size: 12 },
      tooltip: dark
        ? { background: theme.colors.dark[7], border: theme.colors.dark[4], text: theme.colors.dark[0] }
        : { background: theme.white, border: theme.colors.gray[3], text: theme.black },
    };
  }, [theme, scheme]);
}

/** The theme's font as a canvas sets it: `600 14px Inter, sans-serif`. */
export function canvasFont(theme: ChartTheme, size = theme.font.size, weight = 400): string {
  return `${weight} ${size}px ${theme.font.family}`;
}

/** Formats a value of the chart's unit (money in the company's currency, hours, seconds…). */
export type ValueFormat = (value: number) => string;

interface ValueAxisOptions {
  format?: ValueFormat;
  /** Whole numbers only (counts). */
  integer?: boolean;
  stacked?: boolean;
  title?: string;
  min?: number;
  max?: number;
}

/** An axis of values: grid lines across, ticks in the chart's unit. */
export function valueAxis(theme: ChartTheme, { format, integer, stacked, title, min, max }: ValueAxisOptions = {}) {
  return {
    type: 'linear' as const,
    stacked,
    min,
    max,
    beginAtZero: true,
    grid: { color: theme.grid },
    border: { display: false },
    ticks: {
      color: theme.text,
      font: theme.font,
      precision: integer ? 0 : undefined,
      maxRotation: 0,
      callback: format ? (value: number | string) => format(Number(value)) : undefined,
    },
    title: title ? { display: true, text: title, color: theme.text, font: theme.font } : undefined,
  };
}

/** An axis of categories (days, months, departments): labels only, thinned where they would crowd. */
export function categoryAxis(theme: ChartTheme, { stacked }: { stacked?: boolean } = {}) {
  return {
    type: 'category' as const,
    stacked,
    grid: { display: false },
    border: { color: theme.grid },
    ticks: { color: theme.text, font: theme.font, autoSkip: true, maxRotation: 0 },
  };
}

interface BaseOptions {
  /** Formats a value in the tooltip; plain numbers without. */
  format?: ValueFormat;
  legend?: boolean;
  /** Bars along the y axis (one row per category). */
  horizontal?: boolean;
  /** The tooltip shows every series at the hovered category (bars and lines) or the point under the pointer. */
  mode?: 'index' | 'nearest';
}

/** What every chart shares: sized by its box, not animated, a legend below, tooltips on hover. */
export function baseOptions<T extends ChartType>(
  theme: ChartTheme,
  { format, legend = true, horizontal = false, mode = 'index' }: BaseOptions = {},
): ChartOptions<T> {
  const shown = (value: number) => (format ? format(value) : value.toLocaleString());
  const options: ChartOptions = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode, intersect: mode === 'nearest', axis: mode === 'nearest' ? 'xy' : horizontal ? 'y' : 'x' },
    plugins: {
      legend: {
        display: legend,
        position: 'bottom',
        labels: { color: theme.text, font: theme.font, boxWidth: 12, boxHeight: 12, padding: 16 },
      },
      tooltip: {
        backgroundColor: theme.tooltip.background,
        borderColor: theme.tooltip.border,
        borderWidth: 1,
        titleColor: theme.tooltip.text,
        bodyColor: theme.tooltip.text,
        titleFont: { ...theme.font, weight: 600 },
        bodyFont: theme.font,
        padding: 10,
        boxPadding: 4,
        callbacks: {
          label: (item: TooltipItem<ChartType>) => {
            const parsed = item.parsed as number | { x: number; y: number };
            const value = typeof parsed === 'number' ? parsed : horizontal ? parsed.x : parsed.y;
            // A slice is named by its label, a point of a series by the series.
            const name = typeof parsed === 'number' ? item.label : (item.dataset.label ?? item.label);
            return `${name}: ${value == null || Number.isNaN(value) ? '—' : shown(value)}`;
          },
        },
      },
    },
  };
  return options as ChartOptions<T>;
}

// Drawings of our own, each a plugin that reads its options from the chart's options
// (`options.plugins.<id>`), so that they follow the data on every update.
declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the merged interface's own parameter
  interface PluginOptionsByType<TType extends ChartType> {
    /** Each bar's value written above it, in this colour. */
    barValueLabels?: { color: string; font: string };
    /** A text in the middle of a donut. */
    centerLabel?: { text: string; color: string; font: string };
    /** Dashed lines across a chart at given values, each labelled. */
    referenceLines?: { lines: readonly ReferenceLine[]; color: string; font: string };
  }
}

/** Each bar's value written above it (counts: the reader needs no tooltip); leave room with `layout.padding.top`. */
export const BAR_VALUE_LABELS: Plugin<'bar'> = {
  id: 'barValueLabels',
  afterDatasetsDraw(chart, _args, options: { color?: string; font?: string }) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = options.font ?? ctx.font;
    ctx.fillStyle = options.color ?? '#868e96';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.data.datasets.forEach((dataset, index) => {
      const meta = chart.getDatasetMeta(index);
      if (meta.hidden) return;
      meta.data.forEach((bar, at) => {
        const value = dataset.data[at];
        if (typeof value === 'number') ctx.fillText(value.toLocaleString(), bar.x, bar.y - 4);
      });
    });
    ctx.restore();
  },
};

/** A text in the middle of a donut. */
const CENTER_LABEL: Plugin<'doughnut'> = {
  id: 'centerLabel',
  afterDraw(chart, _args, options: { text?: string; color?: string; font?: string }) {
    if (!options.text) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.fillStyle = options.color ?? '#000';
    ctx.font = options.font ?? ctx.font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(options.text, (chartArea.left + chartArea.right) / 2, (chartArea.top + chartArea.bottom) / 2);
    ctx.restore();
  },
};

/** A dashed line across the chart at a value of x (upright, labelled at its top) or y (across, labelled at its left). */
export interface ReferenceLine {
  x?: number;
  y?: number;
  label: string;
  color: string;
}

export const REFERENCE_LINES: Plugin<'scatter'> = {
  id: 'referenceLines',
  beforeDatasetsDraw(chart, _args, options: { lines?: readonly ReferenceLine[]; color?: string; font?: string }) {
    const { ctx, chartArea, scales } = chart;
    ctx.save();
    ctx.font = options.font ?? ctx.font;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 4]);
    ctx.fillStyle = options.color ?? '#868e96';
    for (const line of options.lines ?? []) {
      ctx.strokeStyle = line.color;
      ctx.beginPath();
      if (line.x !== undefined && scales.x) {
        const x = scales.x.getPixelForValue(line.x);
        ctx.moveTo(x, chartArea.top);
        ctx.lineTo(x, chartArea.bottom);
        ctx.stroke();
        ctx.textAlign = 'right';
        ctx.textBaseline = 'top';
        ctx.fillText(line.label, x - 4, chartArea.top + 4);
      } else if (line.y !== undefined && scales.y) {
        const y = scales.y.getPixelForValue(line.y);
        ctx.moveTo(chartArea.left, y);
        ctx.lineTo(chartArea.right, y);
        ctx.stroke();
        ctx.textAlign = 'left';
        ctx.textBaseline = 'bottom';
        ctx.fillText(line.label, chartArea.left + 4, y - 4);
      }
    }
    ctx.restore();
  },
};

interface CanvasChartProps<T extends ChartType> {
  type: T;
  data: ChartData<T>;
  options: ChartOptions<T>;
  plugins?: Plugin<T>[];
  /** What the chart shows, read out instead of the drawing. */
  label: string;
  height: number;
  /** A fixed width (a donut); the chart fills its box's width without. */
  width?: number;
}

let drawable: boolean | undefined;

/** Whether this browser draws on a canvas (not one that refuses a 2D context, nor a test's DOM). */
function canDraw(): boolean {
  if (drawable === undefined) {
    try {
      drawable = typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
}

/**
 * The charts of a page are drawn one per task, in the order they mount: each takes some
 * milliseconds, so the main thread answers the person between them instead of being held
 * for all of them at once. `holder` is the chart drawing now; `queue` those waiting.
 */
interface Turn {
  start: () => void;
}
const queue: Turn[] = [];
let holder: Turn | null = null;

/** Ends the current turn and starts the next chart's in a task of its own. */
function passTurn() {
  holder = null;
  setTimeout(() => {
    if (holder) return;
    const next = queue.shift();
    if (!next) return;
    holder = next;
    next.start();
  }, 0);
}

/** Whether this chart's turn to draw has come (and then stays). */
function useDrawTurn(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const turn: Turn = { start: () => setReady(true) };
    queue.push(turn);
    if (!holder) passTurn();
    return () => {
      const at = queue.indexOf(turn);
      if (at >= 0) queue.splice(at, 1);
      if (holder === turn) passTurn();
    };
  }, []);
  // The chart was created in its own effect (a child's runs first): the next may draw.
  useEffect(() => {
    if (ready) passTurn();
  }, [ready]);
  return ready;
}

/**
 * A chart on a canvas: an image named by `label`, `height` pixels high, as wide as its box
 * (or `width`), drawn in its turn (the box holds its place until then).
 */
export function CanvasChart<T extends ChartType>({
  type,
  data,
  options,
  plugins,
  label,
  height,
  width,
}: CanvasChartProps<T>) {
  const ready = useDrawTurn();
  // Chart.js sizes the canvas to this box: relative, and free to shrink in a grid or flex row.
  // The box is the image; the drawing inside it says nothing more to a screen reader.
  return (
    <div style={{ position: 'relative', height, width: width ?? '100%', minWidth: 0 }} role="img" aria-label={label}>
      {ready && canDraw() && <Chart type={type} data={data} options={options} plugins={plugins} aria-hidden="true" />}
    </div>
  );
}

/** A slice of a donut: its name, value and Mantine colour. */
export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

/**
 * A donut `size` pixels across whose ring is `size / 2 - cutout` thick, `center` written in
 * the middle; `unit` names what the slices count (the tooltip's series).
 */
export function DonutChart({
  slices,
  unit,
  center,
  label,
  size,
  cutout,
}: {
  slices: readonly DonutSlice[];
  unit: string;
  center: string;
  label: string;
  size: number;
  cutout: number;
}) {
  const theme = useChartTheme();
  const { data, options } = useMemo(() => {
    const data = {
      labels: slices.map((slice) => slice.name),
      datasets: [
        {
          label: unit,
          data: slices.map((slice) => slice.value),
          backgroundColor: slices.map((slice) => theme.color(slice.color)),
          borderWidth: 0,
        },
      ],
    };
    const options = { ...baseOptions<'doughnut'>(theme, { legend: false, mode: 'nearest' }), cutout };
    options.plugins = {
      ...options.plugins,
      centerLabel: { text: center, color: theme.bright, font: canvasFont(theme, 14, 600) },
    };
    return { data, options };
  }, [theme, slices, unit, center, cutout]);
  return (
    <CanvasChart
      type="doughnut"
      data={data}
      options={options}
      plugins={[CENTER_LABEL]}
      label={label}
      height={size}
      width={size}
    />
  );
}
