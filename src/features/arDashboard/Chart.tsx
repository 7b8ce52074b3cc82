import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** Dollars (cents / 100) or a plain number, one per x. */
  values: readonly (number | null)[];
  color: string;
}

interface ChartProps {
  /** What a screen reader hears instead of the drawing. */
  label: string;
  /** The categories under the x axis: months, days or aging buckets. */
  xLabels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'bars' | 'line';
  /** Formats the y axis' ticks and the values. */
  format: (value: number) => string;
  height?: number;
}

const bars = uPlot.paths.bars?.({ size: [0.7, 48] });

/**
 * A small canvas chart (uPlot): categories along x, one or two series. It draws once per answer
 * and on a resize, never on a key press, so moving between widgets costs no redraw.
 */
export function Chart({ label, xLabels, series, kind, format, height = 150 }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = xLabels.map((_, index) => index);
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      legend: { show: series.length > 1, live: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.6, Math.max(0.6, xs.length - 0.4)] },
        // Bars stand on zero: a bar cut at the axis' first tick would make small months look empty.
        ...(kind === 'bars'
          ? {
              y: {
                range: (_plot: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, max > 0 ? max * 1.1 : 1],
              },
            }
          : {}),
      },
      axes: [
        {
          stroke: '#5b6470',
          grid: { show: false },
          ticks: { show: false },
          splits: () => xs,
          values: (_plot, splits) =>
            splits.map((split) => {
              // About six labels at most, so day names never run into each other.
              const every = Math.ceil(xs.length / 6);
              return split % every === 0 ? (xLabels[split] ?? '') : '';
            }),
          font: '11px system-ui, sans-serif',
        },
        {
          stroke: '#5b6470',
          grid: { stroke: '#e6e9ee', width: 1 },
          size: 64,
          values: (_plot, splits) => splits.map((split) => format(split)),
          font: '11px system-ui, sans-serif',
        },
      ],
      series: [
        {},
        ...series.map((one) => ({
          label: one.label,
          stroke: one.color,
          width: kind === 'line' ? 2 : 0,
          fill: kind === 'bars' ? one.color : undefined,
          paths: kind === 'bars' ? bars : undefined,
          points: { show: kind === 'line' && xs.length < 20, size: 5 },
          value: (_plot: uPlot, value: number | null) => (value === null ? '–' : format(value)),
        })),
      ],
    };
    const data = [xs, ...series.map((one) => [...one.values])] as uPlot.AlignedData;
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [xLabels, series, kind, format, height]);
  return <div className="ar-dashboard__chart" ref={host} role="img" aria-label={label} />;
}
