/** Audit lens charts: data → Observable Plot options (no rendering). */
import * as Plot from '@observablehq/plot';
import type { CalibrationBin } from '../stats/fit-diagnostics.ts';
import type { MethodComparison } from '../stats/method-compare.ts';
import { labelMargin, middleTruncate } from './labels.ts';

/** Predicted vs observed favourite share per bin, dot area by votes, against the diagonal of perfect calibration. */
export function calibrationChart(bins: CalibrationBin[], width = 420): Plot.PlotOptions {
  const shown = bins.filter((b) => b.votes > 0);
  return {
    width,
    height: 320,
    x: { label: 'predicted share of the favourite (held out) →', domain: [0.5, 1] },
    y: { label: '↑ observed share (a tie half)', domain: [0.4, 1], grid: true },
    r: { range: [2, 14] },
    marks: [
      Plot.line(
        [
          [0.5, 0.5],
          [1, 1],
        ],
        { stroke: '#8d99ae', strokeDasharray: '4 3' },
      ),
      Plot.dot(shown, { x: 'predicted', y: 'observed', r: 'votes', fill: '#4e79a7', fillOpacity: 0.7, tip: true }),
    ],
  };
}

export interface BumpPoint {
  method: string;
  model: string;
  /** Rank among all models under the method. */
  rank: number;
  /** Place among the shown models under the method (1 = best of them). */
  place: number;
}

/** Each shown model's rank under each method, the models being the best `count` by Bradley-Terry. */
export function bumpPoints(c: MethodComparison, count = 12): BumpPoint[] {
  const bt = c.methods.find((m) => m.method === 'bradley-terry') ?? c.methods[0];
  if (!bt) return [];
  const chosen = c.models
    .map((_, k) => k)
    .filter((k) => bt.ranks[k] !== null)
    .sort((x, y) => bt.ranks[x]! - bt.ranks[y]!)
    .slice(0, count);
  return c.methods.flatMap((m) => {
    const rated = chosen.filter((k) => m.ranks[k] !== null);
    // Ties keep the Bradley-Terry order (sort is stable).
    const ordered = [...rated].sort((x, y) => m.ranks[x]! - m.ranks[y]!);
    return rated.map((k) => ({ method: m.method, model: c.models[k], rank: m.ranks[k]!, place: ordered.indexOf(k) + 1 }));
  });
}

/** Bradley-Terry first (the labels sit on its ranks, 1 to n in a column), then the methods closest to it. */
export const BUMP_ORDER = ['bradley-terry', 'newman', 'elo', 'average-win-rate', 'counting', 'pagerank', 'eigenvector'];

/**
 * The order of the shown models from one method to the next (a bump chart), best at the top; each
 * dot is labelled with the model's rank among all models under that method.
 */
export function bumpChart(points: BumpPoint[], shownMethods: string[], width = 720): Plot.PlotOptions {
  const methods = BUMP_ORDER.filter((m) => shownMethods.includes(m));
  const first = points.filter((p) => p.method === methods[0]);
  const labels = first.map((p) => middleTruncate(p.model));
  return {
    width,
    height: 360,
    marginLeft: labelMargin(labels),
    x: { domain: methods, label: null, axis: 'top', padding: 0.2 },
    y: { reverse: true, label: '↑ place among these models', grid: true, ticks: [] },
    color: { type: 'categorical' },
    marks: [
      Plot.line(points, { x: 'method', y: 'place', z: 'model', stroke: 'model', strokeOpacity: 0.8 }),
      Plot.dot(points, { x: 'method', y: 'place', fill: 'model', r: 9, channels: { model: 'model', rank: 'rank' }, tip: true }),
      // Each dot carries the model's rank among all models under that method.
      Plot.text(points, { x: 'method', y: 'place', text: 'rank', fill: 'white', fontSize: 9 }),
      Plot.text(first, { x: 'method', y: 'place', text: (p: BumpPoint) => middleTruncate(p.model), textAnchor: 'end', dx: -14 }),
    ],
  };
}
