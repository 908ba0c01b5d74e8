/**
 * Slice vs slice charts: data → Observable Plot options. A dumbbell per model (its rating in the
 * left slice and in the right slice, joined), and the difference left − right with its 95%
 * bootstrap interval. Both share the model order (left rating, best at the top) so rows line up.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { ComparedModel } from '../stats/slice-compare.ts';
import { shortLabel } from './matrix.ts';
import { modelRowsFrame, r1, signed } from './model-rows.ts';

export const SLICE_COLOURS = ['#1f77b4', '#e8731a'] as const;
const SIGNIFICANT = '#c2372f';

export interface CompareChartInput {
  rows: readonly ComparedModel[];
  leftLabel: string;
  rightLabel: string;
  width: number;
}

/** Model order shared by both charts: left-slice rating, best first. */
export function compareOrder(rows: readonly ComparedModel[]): string[] {
  return [...rows].sort((x, y) => y.left.rating - x.left.rating || (x.model < y.model ? -1 : 1)).map((r) => r.model);
}

const frame = (rows: readonly ComparedModel[], width: number) =>
  modelRowsFrame(
    rows.map((r) => r.model),
    width,
  );

/** Dumbbells: left and right ratings per model; significant changes drawn in red and thicker. */
export function dumbbellOptions(input: CompareChartInput): PlotOptions {
  const { rows, leftLabel, rightLabel } = input;
  const order = compareOrder(rows);
  const dots = rows.flatMap((r) => [
    {
      model: r.model,
      slice: leftLabel,
      rating: r1(r.left.rating),
      tip: `${r.model} in ${leftLabel}: ${r.left.rating.toFixed(1)} (rank ${r.left.rank}, ${r.left.votes.toLocaleString('en-US')} votes)`,
    },
    {
      model: r.model,
      slice: rightLabel,
      rating: r1(r.right.rating),
      tip: `${r.model} in ${rightLabel}: ${r.right.rating.toFixed(1)} (rank ${r.right.rank}, ${r.right.votes.toLocaleString('en-US')} votes)`,
    },
  ]);
  return {
    ...frame(rows, input.width),
    ariaLabel: `Ratings in ${leftLabel} and in ${rightLabel}`,
    x: { axis: 'both', label: 'Rating (Elo scale) →', grid: true, nice: true },
    y: { domain: order, tickFormat: (d: string) => shortLabel(d), label: null, tickSize: 0 },
    color: { type: 'ordinal', domain: [leftLabel, rightLabel], range: [...SLICE_COLOURS], legend: true },
    marks: [
      Plot.ruleY(rows, {
        y: 'model',
        x1: (r: ComparedModel) => r1(r.left.rating),
        x2: (r: ComparedModel) => r1(r.right.rating),
        stroke: (r: ComparedModel) => (r.significant ? SIGNIFICANT : 'currentColor'),
        strokeOpacity: (r: ComparedModel) => (r.significant ? 0.9 : 0.3),
        strokeWidth: (r: ComparedModel) => (r.significant ? 3 : 1.5),
      }),
      Plot.dot(dots, { y: 'model', x: 'rating', fill: 'slice', r: 4.5 }),
      Plot.tip(dots, Plot.pointer({ y: 'model', x: 'rating', title: 'tip' })),
    ],
  };
}

/** Difference left − right per model with its interval; a rule at 0; significant ones in red. */
export function differenceOptions(input: CompareChartInput): PlotOptions {
  const { rows, leftLabel, rightLabel } = input;
  const order = compareOrder(rows);
  const points = rows.map((r) => ({
    model: r.model,
    diff: r1(r.diff),
    lower: r.diffLower === null ? null : r1(r.diffLower),
    upper: r.diffUpper === null ? null : r1(r.diffUpper),
    mark: r.significant ? 'significant' : 'not significant',
    tip:
      `${r.model}: ${signed(r.diff)}` +
      (r.diffLower !== null && r.diffUpper !== null
        ? ` (95% CI ${signed(r.diffLower)} to ${signed(r.diffUpper)})${r.significant ? ', significant' : ''}`
        : ' (interval computing)'),
  }));
  const withInterval = points.filter((p) => p.lower !== null && p.upper !== null);
  return {
    ...frame(rows, input.width),
    ariaLabel: `Rating in ${leftLabel} minus rating in ${rightLabel}, with 95% intervals`,
    x: {
      axis: 'both',
      label: `← better in ${shortLabel(rightLabel, 30)} · Difference · better in ${shortLabel(leftLabel, 30)} →`,
      grid: true,
      nice: true,
    },
    y: { domain: order, tickFormat: (d: string) => shortLabel(d), label: null, tickSize: 0 },
    color: { type: 'ordinal', domain: ['significant', 'not significant'], range: [SIGNIFICANT, '#8a8f98'], legend: true },
    marks: [
      Plot.ruleX([0], { stroke: 'currentColor', strokeOpacity: 0.6 }),
      Plot.ruleY(withInterval, { y: 'model', x1: 'lower', x2: 'upper', stroke: 'mark', strokeWidth: 2, strokeOpacity: 0.7 }),
      Plot.dot(points, { y: 'model', x: 'diff', fill: 'mark', r: 3.5 }),
      Plot.tip(points, Plot.pointerY({ y: 'model', x: 'diff', title: 'tip' })),
    ],
  };
}
