/**
 * Ratings over time: one line per model through the windows' point ratings, with its 95% bootstrap
 * band, data → Observable Plot options. x is the end of each window.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { TimePoint } from '../stats/time-windows.ts';

const PALETTE = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#6b6ecf', '#17becf', '#bcbd22'];

export interface TimeChartInput {
  points: readonly TimePoint[];
  /** Models to draw, in legend order. */
  models: readonly string[];
  width: number;
  bands: boolean;
}

interface Drawn {
  model: string;
  date: Date;
  rating: number;
  lower: number | null;
  upper: number | null;
  tip: string;
}

const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

export function timeChartOptions(input: TimeChartInput): PlotOptions {
  const shown = new Set(input.models);
  const drawn: Drawn[] = input.points
    .filter((p) => shown.has(p.model))
    .map((p) => ({
      model: p.model,
      date: new Date(p.end * 1000),
      rating: Math.round(p.rating * 10) / 10,
      lower: p.lower === null ? null : Math.round(p.lower * 10) / 10,
      upper: p.upper === null ? null : Math.round(p.upper * 10) / 10,
      tip: `${p.model}: ${p.rating.toFixed(1)}` +
        (p.lower !== null && p.upper !== null ? ` (95% CI ${p.lower.toFixed(1)} to ${p.upper.toFixed(1)})` : '') +
        `\n${day(p.start)} to ${day(p.end)}, ${p.votes.toLocaleString('en-US')} votes`,
    }));
  const banded = drawn.filter((d) => d.lower !== null && d.upper !== null);
  return {
    width: Math.max(320, Math.round(input.width)),
    height: 420,
    marginLeft: 50,
    marginRight: 16,
    marginTop: 20,
    marginBottom: 36,
    style: { fontSize: '11px' },
    ariaLabel: 'Ratings over time',
    x: { type: 'utc', label: 'End of window →', grid: true },
    y: { label: '↑ Rating (Elo scale)', grid: true, nice: true },
    color: { type: 'ordinal', domain: [...input.models], range: PALETTE, legend: true },
    marks: [
      ...(input.bands ? [Plot.areaY(banded, { x: 'date', y1: 'lower', y2: 'upper', z: 'model', fill: 'model', fillOpacity: 0.12, curve: 'linear' })] : []),
      Plot.lineY(drawn, { x: 'date', y: 'rating', z: 'model', stroke: 'model', strokeWidth: 2, marker: 'circle-stroke' }),
      Plot.tip(drawn, Plot.pointer({ x: 'date', y: 'rating', title: 'tip' })),
    ],
  };
}
