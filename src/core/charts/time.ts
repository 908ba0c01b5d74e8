/**
 * Ratings over time: one line per model through the windows' point ratings, with its 95% bootstrap
 * band, data → Observable Plot options. x is the end of each window.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { TimePoint } from '../stats/time-windows.ts';

const PALETTE = [
  '#4e79a7',
  '#f28e2c',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc949',
  '#af7aa1',
  '#ff9da7',
  '#9c755f',
  '#6b6ecf',
  '#17becf',
  '#bcbd22',
];

export interface TimeChartInput {
  points: readonly TimePoint[];
  /** The step of the windows, in seconds: pads a single point's axis and sets the date format. */
  stepSeconds?: number;
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

const DAY = 86_400;
const formats = {
  minutes: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
  days: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  months: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * How dates read on an axis covering `spanSeconds` (UTC): hours and minutes under two days
 * ("Feb 21, 01:00"), month and day under a year ("Feb 21"), month and year beyond ("Feb 2024").
 * Never a raw ISO timestamp.
 */
export function timeAxisFormat(spanSeconds: number): (d: Date) => string {
  const f = spanSeconds < 2 * DAY ? formats.minutes : spanSeconds < 365 * DAY ? formats.days : formats.months;
  return (d: Date) => f.format(d);
}

/** The window ends' range on the x axis, padded by half a step on each side (so one point is not a zero-width axis). */
export function timeDomain(points: readonly TimePoint[], stepSeconds: number): [Date, Date] | undefined {
  if (points.length === 0) return undefined;
  let lo = Infinity,
    hi = -Infinity;
  for (const p of points) {
    lo = Math.min(lo, p.end);
    hi = Math.max(hi, p.end);
  }
  const pad = hi > lo ? 0 : stepSeconds / 2;
  return [new Date((lo - pad) * 1000), new Date((hi + pad) * 1000)];
}

export function timeChartOptions(input: TimeChartInput): PlotOptions {
  const shown = new Set(input.models);
  const step = input.stepSeconds ?? 7 * DAY;
  const domain = timeDomain(input.points, step);
  const span = domain ? (domain[1].getTime() - domain[0].getTime()) / 1000 : 0;
  // Tooltips name the window's own bounds, to the hour when the step is under a day.
  const when = step < DAY ? formats.minutes.format : formats.days.format;
  const width = Math.max(320, Math.round(input.width));
  const drawn: Drawn[] = input.points
    .filter((p) => shown.has(p.model))
    .map((p) => ({
      model: p.model,
      date: new Date(p.end * 1000),
      rating: Math.round(p.rating * 10) / 10,
      lower: p.lower === null ? null : Math.round(p.lower * 10) / 10,
      upper: p.upper === null ? null : Math.round(p.upper * 10) / 10,
      tip:
        `${p.model}: ${p.rating.toFixed(1)}` +
        (p.lower !== null && p.upper !== null ? ` (95% CI ${p.lower.toFixed(1)} to ${p.upper.toFixed(1)})` : '') +
        `\n${when(new Date(p.start * 1000))} to ${when(new Date(p.end * 1000))}, ${p.votes.toLocaleString('en-US')} votes`,
    }));
  const banded = drawn.filter((d) => d.lower !== null && d.upper !== null);
  return {
    width,
    height: 420,
    marginLeft: 50,
    marginRight: 16,
    marginTop: 20,
    marginBottom: 36,
    style: { fontSize: '11px' },
    ariaLabel: 'Ratings over time',
    x: {
      type: 'utc',
      label: 'End of window (UTC) →',
      grid: true,
      domain,
      tickFormat: timeAxisFormat(span),
      ticks: Math.max(2, Math.min(10, Math.floor((width - 70) / 110))),
    },
    y: { label: '↑ Rating (Elo scale)', grid: true, nice: true },
    color: { type: 'ordinal', domain: [...input.models], range: PALETTE, legend: true },
    marks: [
      ...(input.bands
        ? [Plot.areaY(banded, { x: 'date', y1: 'lower', y2: 'upper', z: 'model', fill: 'model', fillOpacity: 0.12, curve: 'linear' })]
        : []),
      Plot.lineY(drawn, { x: 'date', y: 'rating', z: 'model', stroke: 'model', strokeWidth: 2, marker: 'circle-stroke' }),
      Plot.tip(drawn, Plot.pointer({ x: 'date', y: 'rating', title: 'tip' })),
    ],
  };
}
