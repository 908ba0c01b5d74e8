/**
 * Head-to-head matrix: data → Observable Plot options for a square heatmap, rows and columns in
 * rating order. Three views of the same pairs: observed win fraction (non-tie votes, both seats
 * pooled), battle count (all votes), the win probability the ratings predict, and the confidence in
 * their order (share of bootstrap rounds with the row model above). Unplayed pairs, the diagonal,
 * and predictions or confidences across comparison groups are empty cells, never 0.5.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { Leaderboard } from '../stats/leaderboard.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { predictedWinMatrix } from '../stats/predicted.ts';
import { middleTruncate } from './labels.ts';
import type { WinMatrix } from '../stats/win-matrix.ts';

export type MatrixMode = 'fraction' | 'battles' | 'predicted' | 'confidence';

export const MATRIX_MODES: { id: MatrixMode; label: string; file: string }[] = [
  { id: 'fraction', label: 'Win fraction', file: 'win-fraction' },
  { id: 'battles', label: 'Battle count', file: 'battle-count' },
  { id: 'predicted', label: 'Predicted win probability', file: 'predicted-win' },
  { id: 'confidence', label: 'Confidence in order', file: 'pairwise-confidence' },
];

/** Everything the matrix reads, indexed like `models` (the pair counts' model list). */
export interface MatrixSource {
  models: string[];
  observed: WinMatrix;
  /** Non-tie votes between i and j, both seat orders (symmetric). */
  decisive: number[][];
  board: Leaderboard;
}

/** One drawn cell: row model against column model. */
export interface MatrixCell {
  row: string;
  col: string;
  value: number | null;
  tip: string;
}

/** Non-tie (decisive) votes per pair, both seat orders pooled; the denominator of the win fraction. */
export function decisiveVotes(counts: PairCounts): number[][] {
  const m = counts.models.length;
  const out = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let c = 0; c < counts.a.length; c++) {
    const x = counts.a[c],
      y = counts.b[c];
    if (x === y || counts.outcome[c] >= 2) continue;
    out[x][y] += counts.n[c];
    out[y][x] += counts.n[c];
  }
  return out;
}

/**
 * Indices into `models` in leaderboard order (group, then rating; unrated last in their group),
 * models without votes left out, cut to the first `topN` (null = all).
 */
export function matrixOrder(board: Leaderboard, models: readonly string[], topN: number | null): number[] {
  const index = new Map(models.map((m, i) => [m, i]));
  const order: number[] = [];
  for (const row of board.rows) {
    const i = index.get(row.model);
    if (i !== undefined && row.votes > 0) order.push(i);
  }
  return topN === null ? order : order.slice(0, Math.max(0, topN));
}

/** Predicted P(row beats column) from the ratings; null when unrated or in another comparison group. */
export function predictedValues(board: Leaderboard, models: readonly string[]): (number | null)[][] {
  const byName = new Map(board.rows.map((r) => [r.model, r]));
  const rows = models.map((m) => byName.get(m));
  const matrix = predictedWinMatrix(rows.map((r) => r?.rating ?? null));
  return matrix.map((line, i) => line.map((p, j) => (p !== null && rows[i]?.group === rows[j]?.group ? p : null)));
}

/**
 * Share of bootstrap rounds in which `a` is rated above `b` (stats/pairwise-confidence.ts); null
 * before the bootstrap has finished, across comparison groups, or for unrated models.
 */
export function pairConfidence(board: Leaderboard, a: string, b: string): number | null {
  const p = board.pairwise;
  if (!p) return null;
  const i = p.models.indexOf(a),
    j = p.models.indexOf(b),
    n = p.models.length;
  if (i < 0 || j < 0 || i === j) return null;
  const v = p.above[i * n + j];
  return Number.isFinite(v) ? v : null;
}

/** The shown matrix, [row][column] in `order`; unplayed and undefined cells are null. */
export function matrixValues(mode: MatrixMode, source: MatrixSource, order: readonly number[]): (number | null)[][] {
  const predicted = mode === 'predicted' ? predictedValues(source.board, source.models) : null;
  return order.map((i) =>
    order.map((j) => {
      if (i === j) return null;
      if (mode === 'fraction') return source.observed.fraction[i][j];
      if (mode === 'battles') return source.observed.battles[i][j] > 0 ? source.observed.battles[i][j] : null;
      if (mode === 'confidence') return pairConfidence(source.board, source.models[i], source.models[j]);
      return predicted![i][j];
    }),
  );
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Cells to draw (diagonal left out), each with the sentence its tooltip shows. */
export function matrixCells(mode: MatrixMode, source: MatrixSource, order: readonly number[]): MatrixCell[] {
  const values = matrixValues(mode, source, order);
  const byName = new Map(source.board.rows.map((r) => [r.model, r]));
  const cells: MatrixCell[] = [];
  order.forEach((i, r) =>
    order.forEach((j, c) => {
      if (i === j) return;
      const a = source.models[i],
        b = source.models[j];
      const value = values[r][c];
      const decisive = source.decisive[i][j],
        all = source.observed.battles[i][j];
      let tip: string;
      if (mode === 'fraction') {
        tip =
          value === null
            ? `${a} vs ${b}: no non-tie votes${all > 0 ? ` (${int(all)} ties)` : ' (never played)'}`
            : `${a} vs ${b}: ${a} won ${pct(value)} of ${int(decisive)} non-tie votes`;
      } else if (mode === 'battles') {
        tip = value === null ? `${a} vs ${b}: never played` : `${a} vs ${b}: ${int(all)} votes, ${int(decisive)} of them non-tie`;
      } else if (mode === 'confidence') {
        tip =
          value !== null
            ? `${a} vs ${b}: ${a} is rated above ${b} in ${pct(value)} of ${int(source.board.pairwise!.rounds)} bootstrap rounds`
            : !source.board.pairwise
              ? `${a} vs ${b}: waiting for the bootstrap to finish`
              : `${a} vs ${b}: no order (unrated, or different comparison groups)`;
      } else {
        const ra = byName.get(a)?.rating ?? null,
          rb = byName.get(b)?.rating ?? null;
        tip =
          value !== null
            ? `${a} vs ${b}: predicted ${pct(value)} chance that ${a} wins (ratings ${ra!.toFixed(1)} vs ${rb!.toFixed(1)})`
            : ra === null || rb === null
              ? `${a} vs ${b}: no prediction (${ra === null ? a : b} is not rated)`
              : `${a} vs ${b}: no prediction (different comparison groups, ratings not comparable)`;
      }
      cells.push({ row: a, col: b, value, tip });
    }),
  );
  return cells;
}

/** Shortens a label for an axis from the middle (labels.ts); the full name stays in the tooltip. */
export function shortLabel(name: string, max = 24): string {
  return middleTruncate(name, max);
}

/**
 * Cell size in pixels: as large as the width allows, between 18 and 44 (narrow screens scroll
 * sideways); given the height the chart may take, also small enough that every row fits in it
 * (top 20 on a 800 px screen), down to 18 px, below which the chart scrolls.
 */
export function matrixCellSize(count: number, width: number, labelMax = 24, height = Infinity): number {
  const n = Math.max(1, count);
  const free = Math.min(width - labelPixels(labelMax) - 16, height - labelPixels(labelMax));
  return Math.max(18, Math.min(44, Math.floor(free / n)));
}

const labelPixels = (chars: number) => Math.ceil(chars * 6.2) + 12;

export interface MatrixPlotInput {
  mode: MatrixMode;
  models: string[];
  cells: MatrixCell[];
  cellSize: number;
  /** Axis labels longer than this are shortened (24 by default). */
  labelMax?: number;
  /** Opacity of each filled cell (matrix-layout.ts: fainter on fewer votes); 1 when absent. */
  opacity?: (cell: MatrixCell) => number;
}

/** The colour scale: diverging around 50% for fractions and probabilities, sequential for counts. */
export function matrixColor(mode: MatrixMode, maxCount: number): Plot.ScaleOptions {
  return mode === 'battles'
    ? { type: 'sqrt', scheme: 'blues', domain: [0, maxCount], label: 'Votes between the two models (ties included)' }
    : {
        type: 'diverging',
        scheme: 'rdbu',
        domain: [0, 1],
        pivot: 0.5,
        tickFormat: '.0%',
        label:
          mode === 'fraction'
            ? 'Row model’s share of non-tie votes'
            : mode === 'confidence'
              ? 'Share of bootstrap rounds with the row model rated above'
              : 'Predicted chance that the row model wins',
      };
}

/** Figures written inside the cells when they are large enough. */
export function cellText(mode: MatrixMode, value: number): string {
  if (mode === 'battles')
    return value >= 10_000 ? `${Math.round(value / 1000)}k` : value >= 1000 ? `${(value / 1000).toFixed(1)}k` : String(Math.round(value));
  return String(Math.round(value * 100));
}

export function matrixMaxCount(cells: readonly MatrixCell[]): number {
  return cells.reduce((max, c) => (c.value !== null && c.value > max ? c.value : max), 1);
}

/** Plot options of the heatmap; deterministic for a given input. */
export function matrixPlotOptions(input: MatrixPlotInput): PlotOptions {
  const { mode, models, cells, cellSize } = input;
  const labelMax = input.labelMax ?? 24;
  const label = (d: string) => shortLabel(d, labelMax);
  const chars = Math.max(4, ...models.map((m) => label(m).length));
  const margin = labelPixels(chars);
  const side = cellSize * models.length;
  const filled = cells.filter((c) => c.value !== null);
  const max = matrixMaxCount(cells);
  const fraction = mode !== 'battles';
  const dark = (v: number) => (fraction ? Math.abs(v - 0.5) > 0.3 : Math.sqrt(v / max) > 0.6);
  const showText = cellSize >= 30;
  return {
    width: margin + side + 8,
    height: margin + side + 8,
    marginLeft: margin,
    marginTop: margin,
    marginRight: 8,
    marginBottom: 8,
    style: { fontSize: '11px' },
    ariaLabel: `${MATRIX_MODES.find((m) => m.id === mode)!.label} matrix`,
    x: { domain: models, axis: 'top', tickRotate: -90, tickFormat: label, label: null, tickSize: 0, padding: 0.04 },
    y: { domain: models, tickFormat: label, label: null, tickSize: 0, padding: 0.04 },
    color: matrixColor(mode, max),
    marks: [
      // Unplayed pairs: an outline only, so they read as empty rather than as a colour.
      Plot.cell(
        cells.filter((c) => c.value === null),
        { x: 'col', y: 'row', fill: 'none', stroke: 'currentColor', strokeOpacity: 0.12, ariaDescription: 'empty pairs' },
      ),
      Plot.cell(filled, { x: 'col', y: 'row', fill: 'value', fillOpacity: input.opacity ?? 1, ariaDescription: 'played pairs' }),
      // Two text marks rather than a fill channel, which would share the heatmap's colour scale.
      ...(showText
        ? [true, false].map((onDark) =>
            Plot.text(
              filled.filter((c) => dark(c.value!) === onDark),
              {
                x: 'col',
                y: 'row',
                text: (c: MatrixCell) => cellText(mode, c.value!),
                fill: onDark ? 'white' : 'black',
                fontSize: cellSize >= 40 ? 11 : 10,
                pointerEvents: 'none',
              },
            ),
          )
        : []),
      Plot.tip(cells, Plot.pointer({ x: 'col', y: 'row', title: 'tip', maxRadius: cellSize, lineWidth: 32 })),
    ],
  };
}
