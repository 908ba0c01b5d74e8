/**
 * The contextual Bradley-Terry fit shared by style control and controls for any column (as
 * lmarena/arena-rank's ContextualBradleyTerry): for a vote of model a against b,
 *   P(a wins) = σ(ln10·(r_a − r_b) + Σ_f β_f·z_f),
 * r in log10 units (Elo = 400·r), z_f the vote's covariates. It minimises
 *   L(r, β) = −Σ w·[y·log p + (1−y)·log(1−p)] + (λ/2)·(Σ r_k² + Σ β_f²)
 * by Newton's method on the dense Hessian ∇²L = Σ w·p(1−p)·c cᵀ + λ·I, c = (ln10·(e_a − e_b), z),
 * with a backtracking line search (Nocedal & Wright §3.1); L is strictly convex, so the minimum is
 * unique. At the minimum Σ r_k = 0 (the penalty's origin). Intervals: the robust (sandwich)
 * covariance V = (∇²L)⁻¹ J (∇²L)⁻¹, J = Σ w·(y − p)²·c cᵀ (Huber–White, as sandwich.ts).
 */
import { choleskyFactor, choleskySolve } from './cholesky.ts';
import { logSigmoid } from './pair-likelihood.ts';
import { quadraticForm } from './quadratic-form.ts';
import type { RatingFit } from './fit-groups.ts';

const LN10 = Math.LN10;

export interface ContextualFit {
  /** [r_0 … r_{m−1}, β_0 …] at the minimum. */
  x: Float64Array;
  iterations: number;
  converged: boolean;
  /** max |∂L| per unit of vote weight at the last step. */
  gradientNorm: number;
  /** cᵀ V c for a contrast c of the parameters (a rating against another, a coefficient); null when ∇²L could not be factored. */
  variance: (c: Float64Array) => number | null;
}

/** Fits `data` over m models with L2 penalty λ; `votes` is the summed weight, to scale the stopping rule. */
export function fitContextual(
  data: FitData,
  m: number,
  penalty: number,
  options: { tolerance: number; maxIterations: number; votes: number },
): ContextualFit {
  const size = m + data.z.length;
  const x = new Float64Array(size),
    g = new Float64Array(size),
    h = new Float64Array(size * size),
    trial = new Float64Array(size);
  let iterations = 0,
    gradientNorm = 0;
  const any = data.y.length > 0;
  if (any) {
    let loss = objective(data, x, m, penalty);
    for (;;) {
      derivatives(data, x, m, penalty, g, h, null);
      gradientNorm = maxAbs(g) / options.votes;
      if (gradientNorm <= options.tolerance || iterations >= options.maxIterations) break;
      if (!choleskyFactor(h, size)) throw new RangeError('contextual Bradley-Terry: Hessian is not positive definite');
      choleskySolve(h, size, g);
      let step = 1;
      for (let halvings = 0; ; halvings++) {
        for (let p = 0; p < size; p++) trial[p] = x[p] - step * g[p];
        const next = objective(data, trial, m, penalty);
        if (next <= loss + 1e-12 * Math.abs(loss) || halvings >= 40) {
          loss = next;
          break;
        }
        step /= 2;
      }
      x.set(trial);
      iterations++;
    }
  }
  const meat = new Float64Array(size * size);
  derivatives(data, x, m, penalty, g, h, meat);
  const factored = any && choleskyFactor(h, size);
  const variance = (c: Float64Array): number | null => {
    if (!factored) return null;
    const u = Float64Array.from(c);
    choleskySolve(h, size, u);
    return Math.max(0, quadraticForm(meat, size, u));
  };
  return { x, iterations, converged: gradientNorm <= options.tolerance, gradientNorm, variance };
}

/**
 * Ratings of a contextual fit on the Elo scale, with 95% robust intervals against the group's mean or
 * the anchor. With an anchor, 400·r is shifted to put it at its value. Without, each comparison group
 * of the raw fit is centred as the raw board is: its models with a finite MLE keep the raw mean
 * (1000). The penalty alone centres Σ r = 0 over every model, a model that never lost included, whose
 * penalty-made rating would otherwise move all the others; such a model moves with the group of the
 * opponent it met most.
 */
export function contextualRatings(
  fit: ContextualFit,
  raw: RatingFit,
  options: { anchor: { model: string; value: number } | null; anchorIndex: number; z95: number; votes: FitData },
): { controlled: number[]; lower: (number | null)[]; upper: (number | null)[] } {
  const { x, variance } = fit;
  const m = raw.models.length,
    size = x.length;
  const { anchor, anchorIndex, z95, votes } = options;
  const centring = new Float64Array(m);
  for (const grp of raw.groups) {
    let rawSum = 0,
      sum = 0;
    for (const j of grp.members) {
      rawSum += raw.ratings[j]!;
      sum += 400 * x[j] + 1000;
    }
    const delta = (rawSum - sum) / grp.members.length;
    for (const j of grp.members) centring[j] = delta;
  }
  const met = new Map<number, Map<number, number>>();
  for (let v = 0; v < votes.ia.length; v++)
    for (const [j, o] of [
      [votes.ia[v], votes.ib[v]],
      [votes.ib[v], votes.ia[v]],
    ])
      if (raw.ratings[j] === null && raw.ratings[o] !== null) {
        const row = met.get(j) ?? met.set(j, new Map()).get(j)!;
        row.set(o, (row.get(o) ?? 0) + votes.w[v]);
      }
  for (const [j, row] of met) centring[j] = centring[[...row].sort((p, q) => q[1] - p[1] || p[0] - q[0])[0][0]];
  const elo = Array.from({ length: m }, (_, j) => 400 * x[j] + 1000);
  const shift = anchorIndex >= 0 ? anchor!.value - elo[anchorIndex] : 0;
  const controlled = elo.map((e, j) => e + (anchorIndex >= 0 ? shift : centring[j]));
  const lower: (number | null)[] = new Array(m).fill(null),
    upper = lower.slice();
  for (const grp of raw.groups) {
    const members = Array.from(grp.members);
    const anchored = anchorIndex >= 0 && members.includes(anchorIndex);
    for (const j of members) {
      const c = new Float64Array(size);
      if (anchored) {
        if (j === anchorIndex) continue;
        c[j] += 1;
        c[anchorIndex] -= 1;
      } else {
        for (const i of members) c[i] -= 1 / members.length;
        c[j] += 1;
      }
      const v = variance(c);
      if (v === null) continue;
      lower[j] = controlled[j] - z95 * 400 * Math.sqrt(v);
      upper[j] = controlled[j] + z95 * 400 * Math.sqrt(v);
    }
  }
  return { controlled, lower, upper };
}

/** Each model's weighted votes against another model (a vote of a model against itself counts for neither). */
export function votesPerModel(a: ArrayLike<number>, b: ArrayLike<number>, weight: ArrayLike<number>, m: number): Float64Array {
  const votes = new Float64Array(m);
  for (let v = 0; v < a.length; v++)
    if (a[v] !== b[v]) {
      votes[a[v]] += weight[v];
      votes[b[v]] += weight[v];
    }
  return votes;
}

/** One row per vote: the two models' indices, the outcome as y (1 a won, 0 b won, ½ a tie), weight, covariates. */
export interface FitData {
  ia: Int32Array;
  ib: Int32Array;
  y: Float64Array;
  w: Float64Array;
  z: Float64Array[];
}

/** The seats, outcomes and weights of votes, one entry a vote (outcome 0: A won, 1: B won, else a tie). */
export interface SeatVotes {
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
}

/**
 * The votes a fit uses: a positive weight, two different models, and `also` (say, both models
 * rated); their indices, their weight, and the weight of all votes.
 */
export function keptVotes(
  votes: SeatVotes,
  also: (v: number) => boolean = () => true,
): { keep: number[]; votesUsed: number; votesGiven: number } {
  const { a, b, weight } = votes;
  const keep: number[] = [];
  let votesUsed = 0,
    votesGiven = 0;
  for (let v = 0; v < a.length; v++) {
    votesGiven += weight[v];
    if (weight[v] > 0 && a[v] !== b[v] && also(v)) {
      keep.push(v);
      votesUsed += weight[v];
    }
  }
  return { keep, votesUsed, votesGiven };
}

/** The kept votes (indices into `votes`) as FitData: y is A's score (1, 0, ½ for a tie); `z` holds the kept votes' covariates. */
export function keptFitData(votes: SeatVotes, keep: readonly number[], z: Float64Array[]): FitData {
  const { a, b, outcome, weight } = votes;
  return {
    ia: Int32Array.from(keep, (v) => a[v]),
    ib: Int32Array.from(keep, (v) => b[v]),
    y: Float64Array.from(keep, (v) => (outcome[v] === 0 ? 1 : outcome[v] === 1 ? 0 : 0.5)),
    w: Float64Array.from(keep, (v) => weight[v]),
    z,
  };
}

function eta(d: FitData, x: Float64Array, m: number, v: number): number {
  let e = LN10 * (x[d.ia[v]] - x[d.ib[v]]);
  for (let f = 0; f < d.z.length; f++) e += x[m + f] * d.z[f][v];
  return e;
}

/** L(x): the weighted log loss plus (λ/2)·‖x‖². */
function objective(d: FitData, x: Float64Array, m: number, penalty: number): number {
  let loss = 0;
  for (let v = 0; v < d.y.length; v++) {
    const e = eta(d, x, m, v);
    loss -= d.w[v] * (d.y[v] * logSigmoid(e) + (1 - d.y[v]) * logSigmoid(-e));
  }
  let sq = 0;
  for (let p = 0; p < x.length; p++) sq += x[p] * x[p];
  return loss + (penalty / 2) * sq;
}

/** ∇L into g, ∇²L into h, and (when given) J = Σ w·(y − p)²·c cᵀ into meat. */
function derivatives(
  d: FitData,
  x: Float64Array,
  m: number,
  penalty: number,
  g: Float64Array,
  h: Float64Array,
  meat: Float64Array | null,
): void {
  const size = g.length,
    K = d.z.length;
  for (let p = 0; p < size; p++) g[p] = penalty * x[p];
  h.fill(0);
  for (let p = 0; p < size; p++) h[p * size + p] = penalty;
  meat?.fill(0);
  const idx = new Int32Array(2 + K),
    coef = new Float64Array(2 + K);
  for (let f = 0; f < K; f++) idx[2 + f] = m + f;
  coef[0] = LN10;
  coef[1] = -LN10;
  for (let v = 0; v < d.y.length; v++) {
    const p = 1 / (1 + Math.exp(-eta(d, x, m, v)));
    const res = d.w[v] * (p - d.y[v]),
      s = d.w[v] * p * (1 - p),
      sq = d.w[v] * (d.y[v] - p) ** 2;
    idx[0] = d.ia[v];
    idx[1] = d.ib[v];
    for (let f = 0; f < K; f++) coef[2 + f] = d.z[f][v];
    for (let u = 0; u < 2 + K; u++) {
      g[idx[u]] += res * coef[u];
      const row = idx[u] * size;
      for (let t = 0; t < 2 + K; t++) {
        h[row + idx[t]] += s * coef[u] * coef[t];
        if (meat) meat[row + idx[t]] += sq * coef[u] * coef[t];
      }
    }
  }
}

function maxAbs(v: Float64Array): number {
  let s = 0;
  for (let k = 0; k < v.length; k++) s = Math.max(s, Math.abs(v[k]));
  return s;
}
