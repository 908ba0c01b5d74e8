/**
 * Worst-case fragility of one pair's order (Huang, Shen, Wei & Broderick, arXiv 2508.11847): the
 * smallest set of votes found whose removal puts model `below` above model `above` in the
 * Bradley-Terry fit (a tie half a win each side).
 *
 * All votes of one cell (pair, outcome) move the fit alike, so the search works on cells. At the
 * fit θ̂ the influence function gives, for removing one vote of pair (a, b) with score o (1 a won,
 * 0 b won, ½ a tie) and p = σ(θ_a − θ_b),
 *   Δ(θ_s − θ_t) ≈ −(u_a − u_b)·(o − p),   u = H⁻¹(e_s − e_t),  H = −∇²ℓ(θ̂)  (one solve).
 * Greedily, votes are taken from the cells that shrink the gap most until the linear prediction
 * closes it; an exact refit without them follows, and from the refitted point the step repeats
 * until the refit shows the order flipped or the budget is spent. The set is then shrunk by
 * bisection on its votes in influence order, each candidate confirmed by an exact refit. Only
 * refit-confirmed flips are reported.
 *
 * Beside it, how often removing the same number of votes uniformly at random flips the pair.
 * A refit is Newton's chord method from the full fit's Hessian factor (cheap: O(pairs + m²) a
 * step), run to the same tolerance as a fresh fit, with a fresh Newton fit as fallback.
 */
import { bradleyTerryLikelihood } from './bradley-terry.ts';
import { choleskySolve } from './cholesky.ts';
import { factorWithRidge, maxAbs, maximiseLikelihood, pinReference } from './newton-maximise.ts';
import { ELO_PER_NAT, type PairTable } from './pair-table.ts';
import { seededRandom } from './random.ts';

/** max |∂ℓ/∂θ| / votes at which a refit stops. */
export const REFIT_TOLERANCE = 1e-12;
/** A pair counts as flipped when the refit puts `below` above `above` by more than this (nats; about 2·10⁻⁵ Elo points). */
export const FLIP_MARGIN = 1e-7;

/** A fit from scratch by Newton (newton-maximise.ts), independent of the chord refits. */
export function freshFit(table: PairTable, start?: Float64Array): Float64Array {
  return maximiseLikelihood(bradleyTerryLikelihood, table, { tolerance: REFIT_TOLERANCE, ...(start ? { start } : {}) }).x;
}

export const CELL_KINDS = ['winsI', 'winsJ', 'ties'] as const;
export type CellKind = (typeof CELL_KINDS)[number];
const SCORE: Record<CellKind, number> = { winsI: 1, winsJ: 0, ties: 0.5 };

export interface FragilityOptions {
  /** Most votes the search may remove (default 1% of the votes, at least 100 or all of them). */
  budget?: number;
  /** Random removals of the flip's size to run (default 100). */
  randomTrials?: number;
  seed?: number;
}

export interface RemovedCell {
  /** Local row of the table and which of its counts. */
  row: number;
  kind: CellKind;
  /** Votes removed from it, of `available`. */
  count: number;
  available: number;
}

export interface PairFragility {
  /** Local indices: `above` is rated higher in the full fit. */
  above: number;
  below: number;
  /** Rating gap in Elo points (400/ln 10 per nat) before removal. */
  gap: number;
  votes: number;
  budget: number;
  /** The confirmed flip, or null when none was found within the budget. */
  flip: {
    size: number;
    share: number;
    cells: RemovedCell[];
    /** above − below in Elo points after the exact refit without the cells (negative). */
    gapAfter: number;
  } | null;
  /** Exact refits the search ran. */
  refits: number;
  /** Removing `size` votes at random: trials, and how many flipped (exact refits). */
  random: { size: number; trials: number; flips: number } | null;
}

export function defaultBudget(votes: number): number {
  return Math.floor(Math.min(votes, Math.max(100, votes / 100)));
}

/** Refits without `removed` (per row and kind), from `start`, reusing the full fit's factor. */
export class Refitter {
  readonly m: number;
  refits = 0;
  constructor(
    readonly table: PairTable,
    readonly x: Float64Array,
    readonly factor: Float64Array,
  ) {
    this.m = table.modelCount;
  }

  static of(table: PairTable): Refitter {
    const fit = maximiseLikelihood(bradleyTerryLikelihood, table);
    return new Refitter(table, fit.x, fit.factor);
  }

  /** The table with the removed votes taken away. */
  without(removed: Record<CellKind, Float64Array>): PairTable {
    const t = this.table;
    const out = { ...t, winsI: t.winsI.slice(), winsJ: t.winsJ.slice(), ties: t.ties.slice(), total: t.total };
    for (const kind of CELL_KINDS)
      for (let p = 0; p < t.i.length; p++) {
        out[kind][p] -= removed[kind][p];
        out.total -= removed[kind][p];
      }
    return out;
  }

  /**
   * θ of the exact refit on `table`, to REFIT_TOLERANCE (a thousand times tighter than a board's
   * fit, so a flip by a hair is not rounding).
   */
  refit(table: PairTable, start: Float64Array = this.x): Float64Array {
    this.refits++;
    const m = this.m,
      x = Float64Array.from(start),
      g = new Float64Array(m);
    for (let step = 0; step < 80; step++) {
      bradleyTerryLikelihood.derivatives(table, x, g, null);
      g[m - 1] = 0;
      if (maxAbs(g) / table.total <= REFIT_TOLERANCE) return x;
      choleskySolve(this.factor, m, g);
      for (let k = 0; k < m; k++) x[k] += g[k];
    }
    return freshFit(table, x);
  }
}

function emptyRemoval(rows: number): Record<CellKind, Float64Array> {
  return { winsI: new Float64Array(rows), winsJ: new Float64Array(rows), ties: new Float64Array(rows) };
}

interface Candidate {
  row: number;
  kind: CellKind;
  /** Predicted change of the gap (nats) per removed vote; negative closes it. */
  effect: number;
}

/** Per-vote effects of every cell on x_s − x_t at x (negative first), from one solve. */
function influence(table: PairTable, x: Float64Array, s: number, t: number): Candidate[] {
  const m = table.modelCount,
    size = m;
  const h = new Float64Array(size * size),
    g = new Float64Array(size);
  bradleyTerryLikelihood.derivatives(table, x, g, h);
  // The reference θ_{m−1} is fixed at 0: its row and column become the identity, its entry of c is 0.
  pinReference(h, size, m - 1);
  factorWithRidge(h, size);
  const u = new Float64Array(size);
  u[s] += 1;
  u[t] -= 1;
  u[m - 1] = 0;
  choleskySolve(h, size, u);
  const out: Candidate[] = [];
  for (let p = 0; p < table.i.length; p++) {
    const a = table.i[p],
      b = table.j[p];
    const q = 1 / (1 + Math.exp(x[b] - x[a])),
      du = u[a] - u[b];
    for (const kind of CELL_KINDS) {
      const effect = -du * (SCORE[kind] - q);
      if (effect < 0 && table[kind][p] > 0) out.push({ row: p, kind, effect });
    }
  }
  return out.sort((c, d) => c.effect - d.effect);
}

/**
 * The smallest vote set found that flips `above` over `below` (local indices), confirmed by
 * exact refits; see the file comment. `refitter` holds the table and its full fit.
 */
export function pairFragility(refitter: Refitter, above: number, below: number, options: FragilityOptions = {}): PairFragility {
  const { table, x } = refitter;
  const total = table.total;
  const budget = options.budget ?? defaultBudget(total);
  const { randomTrials = 100, seed = 0 } = options;
  const refitsBefore = refitter.refits;
  const gap0 = x[above] - x[below];
  if (!(gap0 >= 0)) throw new RangeError(`pairFragility: model ${above} is not rated above model ${below}`);
  // Two models rated exactly alike (a small, symmetric slice): their order is already a tie, so no
  // vote needs removing; the full fit itself is the confirmation.
  if (gap0 === 0)
    return { above, below, gap: 0, votes: total, budget, flip: { size: 0, share: 0, cells: [], gapAfter: 0 }, refits: 0, random: null };
  const rows = table.i.length;
  const removed = emptyRemoval(rows);
  let taken = 0,
    current = x,
    flipped = false;
  // The order in which votes were taken, for the shrinking bisection.
  const sequence: { row: number; kind: CellKind; count: number }[] = [];
  for (let round = 0; round < 40 && taken < budget; round++) {
    const now = refitter.without(removed);
    const gap = current[above] - current[below];
    const candidates = influence(now, current, above, below);
    let closed = 0;
    for (const c of candidates) {
      if (closed >= gap || taken >= budget) break;
      const left = now[c.kind][c.row];
      const want = Math.ceil((gap - closed) / -c.effect);
      const k = Math.min(left, want, budget - taken);
      if (!(k > 0)) continue;
      removed[c.kind][c.row] += k;
      sequence.push({ row: c.row, kind: c.kind, count: k });
      taken += k;
      closed += k * -c.effect;
    }
    if (closed === 0) break;
    current = refitter.refit(refitter.without(removed), current);
    if (current[above] - current[below] < -FLIP_MARGIN) {
      flipped = true;
      break;
    }
  }
  const result: PairFragility = {
    above,
    below,
    gap: gap0 * ELO_PER_NAT,
    votes: total,
    budget,
    flip: null,
    refits: 0,
    random: null,
  };
  if (flipped) {
    // Bisection on the number of votes kept from the sequence: the smallest prefix that still flips.
    const flipsWith = (size: number): boolean => {
      const trial = emptyRemoval(rows);
      let left = size;
      for (const step of sequence) {
        const k = Math.min(step.count, left);
        trial[step.kind][step.row] += k;
        left -= k;
        if (left === 0) break;
      }
      const y = refitter.refit(refitter.without(trial), x);
      return y[above] - y[below] < -FLIP_MARGIN;
    };
    let lo = 0,
      hi = taken;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (flipsWith(mid)) hi = mid;
      else lo = mid;
    }
    const cells = new Map<string, RemovedCell>();
    let left = hi;
    for (const step of sequence) {
      const k = Math.min(step.count, left);
      if (k === 0) break;
      const key = `${step.row}:${step.kind}`;
      const cell = cells.get(key) ?? { row: step.row, kind: step.kind, count: 0, available: table[step.kind][step.row] };
      cell.count += k;
      cells.set(key, cell);
      left -= k;
    }
    // The reported set is confirmed once more by a fit from scratch on exactly these cells.
    const confirm = emptyRemoval(rows);
    for (const c of cells.values()) confirm[c.kind][c.row] += c.count;
    const check = freshFit(refitter.without(confirm));
    refitter.refits++;
    if (check[above] - check[below] < -FLIP_MARGIN) {
      result.flip = {
        size: hi,
        share: hi / total,
        cells: [...cells.values()].sort((u, v) => v.count - u.count),
        gapAfter: (check[above] - check[below]) * ELO_PER_NAT,
      };
      if (randomTrials > 0) result.random = randomFlips(refitter, above, below, hi, randomTrials, seed);
    }
  }
  result.refits = refitter.refits - refitsBefore;
  return result;
}

/** Removes `size` votes uniformly at random (without replacement) `trials` times; counts flips by exact refit. */
export function randomFlips(
  refitter: Refitter,
  above: number,
  below: number,
  size: number,
  trials: number,
  seed: number,
): { size: number; trials: number; flips: number } {
  const { table, x } = refitter;
  const rows = table.i.length;
  // Cumulative vote counts over (row, kind), to map a vote's index to its cell.
  const cumulative = new Float64Array(rows * 3 + 1);
  for (let p = 0; p < rows; p++)
    for (let k = 0; k < 3; k++) cumulative[p * 3 + k + 1] = cumulative[p * 3 + k] + Math.floor(table[CELL_KINDS[k]][p]);
  const votes = cumulative[rows * 3];
  const random = seededRandom(seed);
  let flips = 0;
  for (let trial = 0; trial < trials; trial++) {
    const chosen = new Set<number>();
    const limit = Math.min(size, votes);
    while (chosen.size < limit) chosen.add(Math.floor(random.next() * votes));
    const removed = emptyRemoval(rows);
    for (const v of chosen) {
      let lo = 0,
        hi = rows * 3;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] <= v) lo = mid;
        else hi = mid;
      }
      removed[CELL_KINDS[lo % 3]][Math.floor(lo / 3)] += 1;
    }
    const y = refitter.refit(refitter.without(removed), x);
    if (y[above] - y[below] < -FLIP_MARGIN) flips++;
  }
  return { size, trials, flips };
}
