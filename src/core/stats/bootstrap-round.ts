import { choleskyInverse } from './cholesky.ts';
import { multiplyInto } from './matrix-vector.ts';
import { factorWithRidge, maximiseLikelihood, pinReference } from './newton-maximise.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import type { PairTable } from './pair-table.ts';
import { PoissonSampler, type PoissonTables } from './poisson.ts';
import type { Xoshiro128 } from './random.ts';

/** Chord steps a round takes at most before it is fitted by Newton's method from the start. */
const MAX_CHORD_STEPS = 200;

/** A group's cells, the means of its rounds' draws: wins of i, wins of j, then ties of every pair, in the order a round draws them. */
export function cellMeans(group: PairTable): Float64Array {
  const r = group.i.length;
  const means = new Float64Array(3 * r);
  means.set(group.winsI.subarray(0, r), 0);
  means.set(group.winsJ.subarray(0, r), r);
  means.set(group.ties.subarray(0, r), 2 * r);
  return means;
}

/**
 * Where every round of a group starts: the prior fit of all votes (the group's pairs with the
 * prior's, withPrior) and the inverse of its negative Hessian, reference pinned. Plain arrays, so a
 * helper thread is handed it rather than fitting it again.
 */
export interface RoundStart {
  start: Float64Array;
  inverse: Float64Array;
}

/**
 * The RoundStart of a group: `group` its pairs (local indices), `fitted` its maximum-likelihood
 * parameters (θ, last member at 0, then any extra), `priorVotes` virtual votes per member.
 */
export function roundStart(group: PairTable, fitted: Float64Array, likelihood: PairLikelihood, priorVotes: number): RoundStart {
  const m = group.modelCount;
  // The full fit re-centred (θ mean 0, the virtual opponent's level) as the prior fit's start.
  const start = new Float64Array(m + 1 + likelihood.extra);
  let mean = 0;
  for (let k = 0; k < m; k++) mean += fitted[k] / m;
  for (let k = 0; k < m; k++) start[k] = fitted[k] - mean;
  start.set(fitted.subarray(m), m + 1);
  const prior = maximiseLikelihood(likelihood, withPrior(group, priorVotes), { start });
  return { start: prior.x, inverse: choleskyInverse(prior.factor, prior.x.length) };
}

/**
 * One comparison group's bootstrap rounds (bootstrap.ts says why each step is what it is): each
 * round draws Poisson counts for the group's pairs into a table that also holds the prior's
 * pairs, then refits from the prior fit of all votes by the chord iteration with the inverse of
 * that fit's Hessian (a step is one product with it, matrix-vector.ts). Everything a round
 * touches is allocated once here: a round allocates nothing unless its steps stall (a new
 * inverse) or it falls back to Newton.
 */
export class GroupRounds {
  /** The group's pairs and, after them, one pair per member against the virtual opponent (see withPrior). */
  readonly table: PairTable;
  private readonly sampler: PoissonSampler;
  /** The group's pairs' winsI, winsJ and ties in `table`: where each round's draw goes. */
  private readonly drawn: Float64Array[];
  /** Each round's start and the inverse Hessian there (RoundStart). */
  private readonly start: Float64Array;
  private readonly inverse: Float64Array;
  private readonly x: Float64Array;
  private readonly g: Float64Array;
  private readonly step: Float64Array;

  /**
   * `group`: the group's pairs (local indices); `first`: its rounds' start (roundStart, with the
   * same `priorVotes`); a round stops when no parameter moves more than `stepTolerance`;
   * `tables`: the Poisson tables of the draws (bootstrapTables: of every group's cells, the same
   * on every thread).
   */
  constructor(
    group: PairTable,
    first: RoundStart,
    private readonly likelihood: PairLikelihood,
    priorVotes: number,
    private readonly stepTolerance: number,
    tables: PoissonTables,
  ) {
    const r = group.i.length;
    this.sampler = new PoissonSampler(cellMeans(group), tables);
    this.table = withPrior(group, priorVotes);
    this.drawn = [this.table.winsI, this.table.winsJ, this.table.ties].map((column) => column.subarray(0, r));
    this.start = first.start;
    this.inverse = first.inverse;
    this.x = new Float64Array(this.start.length);
    this.g = new Float64Array(this.start.length);
    this.step = new Float64Array(this.start.length);
  }

  /** One round's parameters from `random`'s draws (θ of the members first): scratch, valid until the next round. */
  run(random: Xoshiro128): Float64Array {
    const r = this.drawn[0].length;
    // sampleAll over the three columns in turn: the same stream as one call over them all.
    for (let column = 0; column < 3; column++) this.sampler.sampleRange(random, this.drawn[column], column * r, (column + 1) * r);
    return this.solve();
  }

  /** Chord iteration from the prior fit of all votes with its inverse Hessian; a new one if the steps stop shrinking. */
  private solve(): Float64Array {
    const { table, x, g, step, likelihood } = this,
      ref = table.modelCount - 1,
      size = x.length;
    x.set(this.start);
    let inverse = this.inverse,
      previous = Infinity;
    for (let it = 0; it < MAX_CHORD_STEPS; it++) {
      likelihood.derivatives(table, x, g, null);
      g[ref] = 0;
      multiplyInto(inverse, size, g, step);
      let longest = 0;
      for (let k = 0; k < size; k++) {
        x[k] += step[k];
        const move = Math.abs(step[k]);
        if (move > longest) longest = move;
      }
      if (longest <= this.stepTolerance) return x;
      if (longest > 0.5 * previous && it >= 2) {
        const h = new Float64Array(size * size);
        likelihood.derivatives(table, x, g, h);
        pinReference(h, size, ref);
        factorWithRidge(h, size);
        inverse = choleskyInverse(h, size);
      }
      previous = longest;
    }
    let total = 0;
    for (const column of [table.winsI, table.winsJ, table.ties]) for (let p = 0; p < column.length; p++) total += column[p];
    table.total = total;
    x.set(maximiseLikelihood(likelihood, table, { start: this.start }).x);
    return x;
  }
}

/**
 * The group's pairs followed by one pair per member against a virtual opponent (local index m,
 * the last, so the reference the fit pins), each holding `votes` / 2 wins each way.
 */
function withPrior(table: PairTable, votes: number): PairTable {
  const r = table.i.length,
    m = table.modelCount;
  const i = new Int32Array(r + m),
    j = new Int32Array(r + m),
    winsI = new Float64Array(r + m),
    winsJ = new Float64Array(r + m),
    ties = new Float64Array(r + m);
  i.set(table.i);
  j.set(table.j);
  winsI.set(table.winsI);
  winsJ.set(table.winsJ);
  ties.set(table.ties);
  for (let k = 0; k < m; k++) {
    i[r + k] = k;
    j[r + k] = m;
    winsI[r + k] = votes / 2;
    winsJ[r + k] = votes / 2;
  }
  return { modelCount: m + 1, i, j, winsI, winsJ, ties, total: table.total + m * votes, selfPairVotes: 0 };
}
