/**
 * The matrix as the page lays it out for 129 models: the cells in one Plot (no axes), the model
 * names beside and above it in HTML so they can stay in view while the cells scroll (sticky), and
 * cell opacity from the votes behind each figure, so a 100% won on 2 votes does not look as sure
 * as 60% on 2,000. matrixPlotOptions (matrix.ts) draws the same chart with its axes for downloads.
 */
import type { PlotOptions } from '@observablehq/plot';
import { middleTruncate } from './labels.ts';
import { matrixPlotOptions, type MatrixCell, type MatrixMode, type MatrixPlotInput, type MatrixSource } from './matrix.ts';

/** Non-tie votes from which a win fraction is drawn in full colour (its standard error ≤ 7 points). */
export const FULL_OPACITY_VOTES = 50;
const MIN_OPACITY = 0.15;

/**
 * Opacity of a cell resting on `votes` votes: √(votes / full), between 0.15 and 1. The square root
 * follows the standard error of a proportion, which shrinks as 1/√n.
 */
export function voteOpacity(votes: number, full = FULL_OPACITY_VOTES): number {
  if (!(votes > 0)) return MIN_OPACITY;
  return Math.max(MIN_OPACITY, Math.min(1, Math.sqrt(votes / full)));
}

/**
 * The votes behind a cell's figure: non-tie votes for a win fraction, all votes for a count, and
 * null for a prediction (it comes from the ratings, i.e. from every vote of the comparison graph).
 */
export function cellVotes(mode: MatrixMode, source: MatrixSource, cell: MatrixCell, index: ReadonlyMap<string, number>): number | null {
  const i = index.get(cell.row),
    j = index.get(cell.col);
  if (i === undefined || j === undefined) return null;
  if (mode === 'fraction') return source.decisive[i][j];
  if (mode === 'battles') return source.observed.battles[i][j];
  return null;
}

/** Opacity of every drawn cell for `mode`: weighted by votes for win fractions only. */
export function cellOpacity(mode: MatrixMode, source: MatrixSource): (cell: MatrixCell) => number {
  if (mode !== 'fraction') return () => 1;
  const index = new Map(source.models.map((m, k) => [m, k]));
  return (cell) => voteOpacity(cellVotes(mode, source, cell, index) ?? 0);
}

/** The cells alone: no axes and no margins, one `cellSize` square per pair, `models` on both sides. */
export function matrixBodyOptions(input: MatrixPlotInput): PlotOptions {
  const full = matrixPlotOptions(input);
  const side = input.cellSize * input.models.length;
  return {
    ...full,
    width: side,
    height: side,
    marginLeft: 0,
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    // Unrounded bands: each model gets exactly cellSize pixels, in step with the HTML labels.
    x: { ...(full.x as object), axis: null, round: false },
    y: { ...(full.y as object), axis: null, round: false },
  };
}

/** The names as the axes show them: shortened from the middle; the full name goes in a tooltip. */
export function axisLabels(models: readonly string[], max: number): string[] {
  return models.map((m) => middleTruncate(m, max));
}
