/**
 * Rating against price (dollars per million tokens, log axis): one dot per rated model with a
 * price, coloured by organisation, and the Pareto frontier (metadata-board.ts) drawn as a line
 * through its models, each named. A model off the line has another that is cheaper and better.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { OrgLegend, PricePoint } from '../metadata/metadata-board.ts';
import { shortLabel } from './matrix.ts';

export interface PriceChartInput {
  points: PricePoint[];
  frontier: PricePoint[];
  legend: OrgLegend | null;
  width: number;
}

const price = (x: number) => (x >= 1 ? `$${x.toFixed(x >= 10 ? 0 : 1)}` : `$${x.toPrecision(2).replace(/0+$/, '')}`);

/** Dots in the chart want a price above zero (a log axis): a free model sits at the smallest price shown. */
export const MIN_PRICE = 0.01;

export function priceChartOptions(input: PriceChartInput): PlotOptions {
  const { points, frontier, legend } = input;
  const at = (p: PricePoint) => Math.max(MIN_PRICE, p.price);
  const org = (p: PricePoint) => legend?.ofModel.get(p.model) ?? 'no details';
  const tip = (p: PricePoint) =>
    `${p.model}${p.organisation ? ` (${p.organisation})` : ''}: rating ${p.rating.toFixed(1)}, ${price(p.price)} per million tokens${frontier.includes(p) ? '; on the frontier' : ''}`;
  return {
    width: Math.max(320, Math.round(input.width)),
    height: 420,
    marginLeft: 52,
    marginRight: 24,
    marginTop: 24,
    marginBottom: 40,
    style: { fontSize: '11px' },
    ariaLabel: 'Rating against price, with the Pareto frontier',
    x: { type: 'log', label: 'Price, $ per million tokens (log) →', grid: true, tickFormat: (x: number) => price(x) },
    y: { label: '↑ Rating (Elo scale)', grid: true, nice: true },
    color: legend ? { type: 'ordinal', domain: legend.entries.map((e) => e.org), range: legend.entries.map((e) => e.colour) } : undefined,
    marks: [
      Plot.line(frontier, { x: at, y: 'rating', stroke: 'currentColor', strokeWidth: 1.5, strokeDasharray: '5 3', curve: 'step-after' }),
      Plot.dot(points, {
        x: at,
        y: 'rating',
        fill: legend ? org : 'currentColor',
        r: 4,
        stroke: 'var(--plot-background)',
        strokeWidth: 0.8,
      }),
      Plot.dot(frontier, { x: at, y: 'rating', r: 6.5, stroke: 'currentColor', strokeWidth: 1.2 }),
      Plot.text(frontier, {
        x: at,
        y: 'rating',
        text: (p: PricePoint) => shortLabel(p.model, 28),
        dy: -10,
        textAnchor: 'start',
        dx: 4,
        fill: 'currentColor',
        stroke: 'var(--plot-background)',
        strokeWidth: 3,
        paintOrder: 'stroke',
      }),
      Plot.tip(points, Plot.pointer({ x: at, y: 'rating', title: tip })),
    ],
  };
}
