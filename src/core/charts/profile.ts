/**
 * Model profile chart: data → Observable Plot options. One row per opponent in the order given
 * (most surprising first): the share the fit predicts (hollow) joined to the share observed
 * (filled), ties counted as half; the join is red where |z| ≥ 2.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { OpponentRecord } from '../stats/model-profile.ts';
import { shortLabel } from './matrix.ts';
import { modelRowsFrame } from './model-rows.ts';

const OBSERVED = '#1f77b4';
const SURPRISING = '#c2372f';
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function opponentChart(model: string, records: readonly OpponentRecord[], width: number): PlotOptions {
  const rows = records.filter((r) => r.predicted !== null);
  const order = rows.map((r) => r.opponent);
  const tip = (r: OpponentRecord) =>
    `${model} vs ${r.opponent}: observed ${pct(r.observed)}, predicted ${pct(r.predicted!)} ` +
    `(${r.votes.toLocaleString('en-US')} votes, z = ${r.z!.toFixed(2)})`;
  // The shares, and even odds, with room: a 0–100% axis would squeeze 30 opponents into its upper half.
  const values = [0.5, ...rows.flatMap((r) => [r.observed, r.predicted!])];
  const lo = Math.max(0, Math.floor((Math.min(...values) - 0.05) * 10) / 10);
  const hi = Math.min(1, Math.ceil((Math.max(...values) + 0.05) * 10) / 10);
  return {
    ...modelRowsFrame(order, width),
    x: {
      domain: [lo, hi],
      label: `${shortLabel(model)}'s win share (ties as half) →`,
      tickFormat: (x: number) => `${Math.round(x * 100)}%`,
      grid: true,
    },
    y: { domain: order, label: null, tickFormat: (m: string) => shortLabel(m) },
    marks: [
      Plot.ruleX([0.5], { stroke: 'currentColor', strokeOpacity: 0.3 }),
      Plot.link(rows, {
        y1: 'opponent',
        y2: 'opponent',
        x1: 'predicted',
        x2: 'observed',
        stroke: (r: OpponentRecord) => (Math.abs(r.z!) >= 2 ? SURPRISING : 'currentColor'),
        strokeOpacity: 0.6,
        strokeWidth: 2,
      }),
      Plot.dot(rows, { y: 'opponent', x: 'predicted', r: 4, stroke: 'currentColor', fill: 'var(--panel, white)' }),
      Plot.dot(rows, { y: 'opponent', x: 'observed', r: 4, fill: OBSERVED, title: tip, tip: true }),
    ],
  };
}
