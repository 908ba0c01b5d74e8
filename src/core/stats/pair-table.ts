import type { PairCounts } from './pair-counts.ts';

/**
 * Votes collapsed to one row per unordered pair (i < j): the only shape the fits iterate over,
 * so a fit costs O(pairs), not O(cells). Seat order is forgotten on purpose: Bradley-Terry and
 * Davidson have no seat effect. `ties` holds tie and both_bad together.
 */
export interface PairTable {
  modelCount: number;
  i: Int32Array;
  j: Int32Array;
  winsI: Float64Array;
  winsJ: Float64Array;
  ties: Float64Array;
  /** Sum of all counts (decisive and tied). */
  total: number;
  /** Votes dropped because a model was compared with itself. */
  selfPairVotes: number;
  /** Weight of one vote of the pair when the counts are weighted (PairCounts.voteWeight); absent = 1. */
  voteWeight?: Float64Array;
}

/** Checks a PairCounts and collapses it into a PairTable. Throws RangeError on malformed input. */
export function collapsePairs(counts: PairCounts): PairTable {
  const { models, a, b, outcome, n, voteWeight } = counts;
  const m = models.length;
  if (voteWeight && voteWeight.length !== a.length)
    throw new RangeError(`collapsePairs: voteWeight has ${voteWeight.length} entries for ${a.length} cells`);
  const cells = a.length;
  if (b.length !== cells || outcome.length !== cells || n.length !== cells) {
    throw new RangeError(`collapsePairs: column lengths differ (a ${cells}, b ${b.length}, outcome ${outcome.length}, n ${n.length})`);
  }
  // Each pair's row by lo·m + hi: an array when it is small beside the cells (150 models' 89,400
  // cells collapsed in a quarter of the time a Map took), a Map for many models seldom paired.
  const pairIndex = m * m <= 4 * cells + 65536 ? new DensePairIndex(m * m) : new Map<number, number>();
  const i: number[] = [],
    j: number[] = [],
    winsI: number[] = [],
    winsJ: number[] = [],
    ties: number[] = [],
    weight: number[] = [];
  let total = 0,
    selfPairVotes = 0;
  for (let c = 0; c < cells; c++) {
    const x = a[c],
      y = b[c],
      o = outcome[c],
      w = n[c];
    if (x < 0 || x >= m || y < 0 || y >= m)
      throw new RangeError(`collapsePairs: model index out of range in cell ${c} (${x}, ${y}; ${m} models)`);
    if (o > 3) throw new RangeError(`collapsePairs: unknown outcome code ${o} in cell ${c}`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`collapsePairs: count must be finite and >= 0, got ${w} in cell ${c}`);
    if (w === 0) continue;
    if (x === y) {
      selfPairVotes += w;
      continue;
    }
    const lo = x < y ? x : y,
      hi = x < y ? y : x;
    const key = lo * m + hi;
    let p = pairIndex.get(key);
    if (p === undefined) {
      p = i.length;
      pairIndex.set(key, p);
      i.push(lo);
      j.push(hi);
      winsI.push(0);
      winsJ.push(0);
      ties.push(0);
      weight.push(voteWeight ? voteWeight[c] : 1);
    } else if (voteWeight && weight[p] !== voteWeight[c]) {
      throw new RangeError(`collapsePairs: cells of one pair have different vote weights (cell ${c})`);
    }
    if (o >= 2) ties[p] += w;
    else if ((o === 0) === (x === lo)) winsI[p] += w;
    else winsJ[p] += w;
    total += w;
  }
  return {
    modelCount: m,
    i: Int32Array.from(i),
    j: Int32Array.from(j),
    winsI: Float64Array.from(winsI),
    winsJ: Float64Array.from(winsJ),
    ties: Float64Array.from(ties),
    total,
    selfPairVotes,
    ...(voteWeight ? { voteWeight: Float64Array.from(weight) } : {}),
  };
}

/** Rows by key in an array (−1: none yet), with the get/set of the Map it stands in for. */
class DensePairIndex {
  private readonly rows: Int32Array;
  constructor(size: number) {
    this.rows = new Int32Array(size).fill(-1);
  }
  get(key: number): number | undefined {
    const row = this.rows[key];
    return row < 0 ? undefined : row;
  }
  set(key: number, row: number): void {
    this.rows[key] = row;
  }
}

/**
 * The pairs among `members` (global model indices), re-indexed 0..members.length-1.
 * `rowMap` gives, for each row of the sub-table, the row of `table` it came from.
 */
export function restrictPairs(table: PairTable, members: ArrayLike<number>): PairTable & { rowMap: Int32Array } {
  const local = new Int32Array(table.modelCount).fill(-1);
  for (let k = 0; k < members.length; k++) local[members[k]] = k;
  const rows: number[] = [];
  for (let p = 0; p < table.i.length; p++) if (local[table.i[p]] >= 0 && local[table.j[p]] >= 0) rows.push(p);
  const r = rows.length;
  const sub: PairTable & { rowMap: Int32Array } = {
    modelCount: members.length,
    i: new Int32Array(r),
    j: new Int32Array(r),
    winsI: new Float64Array(r),
    winsJ: new Float64Array(r),
    ties: new Float64Array(r),
    total: 0,
    selfPairVotes: 0,
    rowMap: Int32Array.from(rows),
    ...(table.voteWeight ? { voteWeight: new Float64Array(r) } : {}),
  };
  for (let q = 0; q < r; q++) {
    const p = rows[q];
    sub.i[q] = local[table.i[p]];
    sub.j[q] = local[table.j[p]];
    sub.winsI[q] = table.winsI[p];
    sub.winsJ[q] = table.winsJ[p];
    sub.ties[q] = table.ties[p];
    if (sub.voteWeight && table.voteWeight) sub.voteWeight[q] = table.voteWeight[p];
    sub.total += table.winsI[p] + table.winsJ[p] + table.ties[p];
  }
  return sub;
}

/** Natural-log strength to the Elo-like display scale: 400 points per factor of 10 in odds. */
export const ELO_PER_NAT = 400 / Math.LN10;
