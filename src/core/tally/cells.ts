/**
 * The counts' cells as the page's cubes hold them (cube-counts.ts, day-counts.ts): rows sorted by
 * (a, b, outcome) fall into runs, one cell each, and a slice sums its rows' weights by cell, then
 * keeps the cells it hit, in that order, as pairCountsSql would give them.
 */
import type { PairCounts } from '../stats/pair-counts.ts';

export interface Cells {
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
}

/** Each row's cell (its index among the runs of equal a, b, outcome) and the cells; throws when the rows are not sorted. */
export function cellsOfSortedRows(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  outcome: ArrayLike<number>,
): { cellOf: Int32Array; cells: Cells } {
  const rows = a.length;
  const cellOf = new Int32Array(rows);
  const firstRows: number[] = [];
  for (let r = 0; r < rows; r++) {
    if (r > 0) {
      const order = a[r] - a[r - 1] || b[r] - b[r - 1] || outcome[r] - outcome[r - 1];
      // Unsorted rows would make one cell twice: the board would show a pair's votes split in two.
      if (order < 0) throw new Error(`cube rows: row ${r} is not sorted by model_a, model_b, outcome`);
      if (order > 0) firstRows.push(r);
    } else firstRows.push(r);
    cellOf[r] = firstRows.length - 1;
  }
  return {
    cellOf,
    cells: {
      a: Int32Array.from(firstRows, (r) => a[r]),
      b: Int32Array.from(firstRows, (r) => b[r]),
      outcome: Uint8Array.from(firstRows, (r) => outcome[r]),
    },
  };
}

/** The cells summed (those hit, even at zero weight, as SQL keeps a group of zero weight) as pair counts. */
export function hitCellCounts(models: string[], cells: Cells, sums: Float64Array, hit: Uint8Array): PairCounts {
  // Locals, not property reads: a click runs this once, interpreted, over some 90,000 cells.
  const { a, b, outcome } = cells;
  let found = 0;
  for (let cell = 0; cell < hit.length; cell++) found += hit[cell];
  // Every cell hit (a filter keeping most rows): copies, not a loop.
  if (found === hit.length) return { models, a: a.slice(), b: b.slice(), outcome: outcome.slice(), n: sums };
  const outA = new Int32Array(found),
    outB = new Int32Array(found),
    outOutcome = new Uint8Array(found),
    n = new Float64Array(found);
  for (let cell = 0, k = 0; cell < hit.length; cell++) {
    if (!hit[cell]) continue;
    outA[k] = a[cell];
    outB[k] = b[cell];
    outOutcome[k] = outcome[cell];
    n[k++] = sums[cell];
  }
  return { models, a: outA, b: outB, outcome: outOutcome, n };
}
