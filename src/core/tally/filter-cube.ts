/**
 * The filter cube (issue 28): a FilterTally's split tuples laid over the counts' cells, one row per
 * (split tuple, usable vote), as the page's CubeCounts answers the early filters from it.
 */
import type { CubeValue } from './cube-counts.ts';
import type { FilterTally } from './filter-tally.ts';

/** The filter cube: one row per (split tuple, usable vote), sorted by cell (a, b, outcome) as the counts are. */
export interface FilterCube {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  /** Summed weight (votes) and battle rows of each row. */
  weight: Float64Array;
  rows: Float64Array;
  dims: { path: string[]; dictionary: CubeValue[]; codes: Uint8Array }[];
}

/** Where each of a base tuple's usable votes lands among the counts' cells (TallyReader.cellsInLayout). */
export interface CellLayoutOf {
  models: readonly string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  /** The place of each of the tuple's votes among the cells; -1 for a vote set aside. */
  votesOf(tuple: number): Int32Array;
}

/** The cube of `split` over the counts' cells; null when the split was given up. */
export function filterCube(split: FilterTally, layout: CellLayoutOf): FilterCube | null {
  if (split.overflow) return null;
  split.settle();
  // Rows whose every weight was invalid are set aside by battles: no row here either. Counted
  // first, then placed: typed arrays of the cube's size (2M rows for 20M battles of 150 models).
  const tuples = split.tuples;
  const { base, rows, invalid, weight } = split;
  let n = 0;
  for (let t = 0; t < tuples; t++) {
    if (rows[t] - invalid[t] <= 0) continue;
    const votes = layout.votesOf(base[t]);
    for (let v = 0; v < votes.length; v++) if (votes[v] >= 0) n++;
  }
  const places = new Int32Array(n);
  const tupleOf = new Int32Array(n);
  for (let t = 0, i = 0; t < tuples; t++) {
    if (rows[t] - invalid[t] <= 0) continue;
    const votes = layout.votesOf(base[t]);
    for (let v = 0; v < votes.length; v++) {
      if (votes[v] < 0) continue;
      places[i] = votes[v];
      tupleOf[i++] = t;
    }
  }
  // A counting sort by cell: the cells' order is the counts' (a, b, outcome).
  const cells = layout.a.length;
  const starts = new Int32Array(cells + 1);
  for (let i = 0; i < n; i++) starts[places[i] + 1]++;
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[starts[places[i]]++] = i;
  const kept = split.kept;
  const cube: FilterCube = {
    models: [...layout.models],
    a: new Int32Array(n),
    b: new Int32Array(n),
    outcome: new Uint8Array(n),
    weight: new Float64Array(n),
    rows: new Float64Array(n),
    dims: kept.map((c) => ({ path: [split.columns[c]], dictionary: [...split.values[c]], codes: new Uint8Array(n) })),
  };
  const dimCodes = cube.dims.map((dim) => dim.codes);
  const splitCodes = kept.map((c) => split.codes[c]);
  for (let r = 0; r < n; r++) {
    const i = order[r],
      p = places[i],
      t = tupleOf[i];
    cube.a[r] = layout.a[p];
    cube.b[r] = layout.b[p];
    cube.outcome[r] = layout.outcome[p];
    cube.weight[r] = weight[t];
    cube.rows[r] = rows[t] - invalid[t];
    for (let d = 0; d < kept.length; d++) dimCodes[d][r] = splitCodes[d][t];
  }
  return cube;
}
