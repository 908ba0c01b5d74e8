import { fitBradleyTerry } from './bradley-terry.ts';
import { choleskySolve } from './cholesky.ts';
import type { RatingFit } from './fit-groups.ts';
import { factorWithRidge, maxAbs, pinReference, type NewtonOptions } from './newton-maximise.ts';
import type { PairCounts } from './pair-counts.ts';
import { logSigmoid } from './pair-likelihood.ts';
import { ELO_PER_NAT } from './pair-table.ts';
import { rankUpperBound } from './ranks.ts';

/**
 * Style control: Bradley-Terry with per-vote style covariates (LMArena, "Does Style Matter?",
 * lmsys.org/blog/2024-08-28-style-control; FastChat fastchat/serve/monitor/elo_analysis.py,
 * construct_style_matrices + fit_mle_elo). For a vote of model a against model b,
 *   P(a wins) = σ(θ_a − θ_b + Σ_f β_f · z_f),
 *   z_f = (d_f − mean d_f) / sd d_f,   d_f = (s_f(a) − s_f(b)) / (s_f(a) + s_f(b) + 1),
 * where s_f is a style count of each answer (length, headers, list items, bold). A tie or both_bad
 * is half a win each side (FastChat duplicates the vote as one win and one loss), so with
 * y ∈ {1, 0, ½} and vote weight w,
 *   ℓ = Σ w·[y·log σ(η) + (1−y)·log σ(−η)],  ∂ℓ/∂x = Σ w·(y − p)·c,  −∂²ℓ/∂x² = Σ w·p(1−p)·c cᵀ,
 * with c = e_a − e_b ⊕ z. Fitted by Newton on the dense Hessian (models + features), one model
 * per comparison group held at 0, then each group put on the Elo scale (400/ln 10 per unit θ,
 * mean 1000). FastChat adds sklearn's default L2 penalty; this is the plain maximum likelihood,
 * like the app's Bradley-Terry, so with no style features the two fits are the same.
 */

/** One row per vote: model indices into `models`, OUTCOME_CODE outcome, weight, and raw features. */
export interface StyleVotes {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
  featureNames: string[];
  /** Per feature, per vote: the normalised difference (a − b)/(a + b + 1), before z-scoring. */
  features: Float64Array[];
}

export interface StyleCoefficient {
  feature: string;
  /** False when the feature does not vary over the votes fitted: it is left out (coefficient null). */
  used: boolean;
  /** Weighted mean and standard deviation of the normalised difference, used to z-score it. */
  mean: number;
  sd: number;
  /** Change in log-odds of winning per 1 SD of the feature. */
  logit: number | null;
  /** Standard error of `logit` from the inverse Hessian (Wald). */
  se: number | null;
  /** The same coefficient as Elo points per 1 SD (400/ln 10 · logit), with its 95% Wald interval. */
  eloPerSd: number | null;
  eloLower: number | null;
  eloUpper: number | null;
}

export interface StyleModelRow {
  model: string;
  raw: number | null;
  rawRank: number | null;
  controlled: number | null;
  controlledRank: number | null;
  /** controlled − raw, Elo points. */
  change: number | null;
  /** Summed weight of the model's votes among those given. */
  votes: number;
  group: number | null;
}

export interface StyleControlFit {
  rows: StyleModelRow[];
  coefficients: StyleCoefficient[];
  /** The app's Bradley-Terry fit on the same votes (the raw ratings). */
  raw: RatingFit;
  /** Summed weight of the votes in the controlled fit (both models rated, same group). */
  votesUsed: number;
  votesGiven: number;
  iterations: number;
  converged: boolean;
  gradientNorm: number;
  warnings: string[];
}

export interface StyleControlOptions extends NewtonOptions {
  /** Mean rating of every group. Default 1000. */
  mean?: number;
}

/** Raw Bradley-Terry and style-controlled ratings, and the style coefficients, from per-vote rows. */
export function fitStyleControl(votes: StyleVotes, options: StyleControlOptions = {}): StyleControlFit {
  const { models, a, b, outcome, weight, features, featureNames } = votes;
  const n = a.length, m = models.length, k = features.length;
  if (b.length !== n || outcome.length !== n || weight.length !== n || features.some((f) => f.length !== n)) {
    throw new RangeError('fitStyleControl: vote columns differ in length');
  }
  if (featureNames.length !== k) throw new RangeError(`fitStyleControl: ${k} features but ${featureNames.length} names`);
  const mean = options.mean ?? 1000;
  const tolerance = options.tolerance ?? 1e-9;
  const maxIterations = options.maxIterations ?? 100;
  for (let v = 0; v < n; v++) {
    if (a[v] < 0 || a[v] >= m || b[v] < 0 || b[v] >= m) throw new RangeError(`fitStyleControl: model index out of range in vote ${v}`);
    if (outcome[v] > 3) throw new RangeError(`fitStyleControl: unknown outcome code ${outcome[v]} in vote ${v}`);
    if (!(weight[v] >= 0) || !Number.isFinite(weight[v])) throw new RangeError(`fitStyleControl: weight must be finite and >= 0 in vote ${v}`);
    for (let f = 0; f < k; f++) if (!Number.isFinite(features[f][v])) throw new RangeError(`fitStyleControl: feature ${featureNames[f]} is not finite in vote ${v}`);
  }

  const raw = fitBradleyTerry(pairCountsOf(votes), { mean });
  const warnings = raw.warnings.map((w) => w.message);

  // Local parameter index per rated model; votes kept when both models are rated in one group.
  const local = new Int32Array(m).fill(-1);
  let r = 0;
  for (let j = 0; j < m; j++) if (raw.ratings[j] !== null) local[j] = r++;
  const keep: number[] = [];
  let votesUsed = 0, votesGiven = 0;
  for (let v = 0; v < n; v++) {
    votesGiven += weight[v];
    const x = a[v], y = b[v];
    if (weight[v] > 0 && x !== y && local[x] >= 0 && local[y] >= 0 && raw.group[x] === raw.group[y]) {
      keep.push(v);
      votesUsed += weight[v];
    }
  }

  // z-score each feature over the kept votes (weighted); a constant feature is left out.
  const stats = features.map((d) => weightedMeanSd(d, weight, keep));
  const used = stats.map((s) => s.sd > 1e-12);
  const usedIdx = used.flatMap((u, f) => (u ? [f] : []));
  const K = usedIdx.length;
  const size = r + K;
  const z = usedIdx.map((f) => Float64Array.from(keep, (v) => (features[f][v] - stats[f].mean) / stats[f].sd));
  const ia = Int32Array.from(keep, (v) => local[a[v]]);
  const ib = Int32Array.from(keep, (v) => local[b[v]]);
  const y = Float64Array.from(keep, (v) => (outcome[v] === 0 ? 1 : outcome[v] === 1 ? 0 : 0.5));
  const w = Float64Array.from(keep, (v) => weight[v]);
  // One model per group is the reference (θ = 0): the last member, as fitBradleyTerry does.
  const references = raw.groups.map((g) => local[g.members[g.members.length - 1]]);

  const x = new Float64Array(size);
  const g = new Float64Array(size), h = new Float64Array(size * size), trial = new Float64Array(size);
  let iterations = 0, gradientNorm = Infinity;
  const fitted = keep.length > 0 && size > 0;
  if (fitted) {
    const data = { ia, ib, y, w, z };
    let ll = logLikelihood(data, x, r);
    for (;;) {
      derivatives(data, x, r, g, h);
      for (const ref of references) { g[ref] = 0; pinReference(h, size, ref); }
      gradientNorm = maxAbs(g) / votesUsed;
      factorWithRidge(h, size);
      if (gradientNorm <= tolerance || iterations >= maxIterations) break;
      choleskySolve(h, size, g);
      let step = 1;
      for (let halvings = 0; ; halvings++) {
        for (let p = 0; p < size; p++) trial[p] = x[p] + step * g[p];
        const next = logLikelihood(data, trial, r);
        if (next >= ll - 1e-12 * Math.abs(ll) || halvings >= 40) { ll = next; break; }
        step /= 2;
      }
      x.set(trial);
      iterations++;
    }
  } else gradientNorm = 0;
  const converged = gradientNorm <= tolerance;
  if (!converged) warnings.push(`the style-controlled fit stopped after ${iterations} iterations with gradient ${gradientNorm.toExponential(2)} per vote`);

  // Each group on the Elo scale, mean `mean`.
  const controlled: (number | null)[] = new Array(m).fill(null);
  for (const grp of raw.groups) {
    let sum = 0;
    for (const j of grp.members) sum += x[local[j]];
    const shift = mean - (ELO_PER_NAT * sum) / grp.members.length;
    for (const j of grp.members) controlled[j] = ELO_PER_NAT * x[local[j]] + shift;
  }

  const coefficients = featureNames.map((feature, f): StyleCoefficient => {
    const p = usedIdx.indexOf(f);
    if (p < 0 || !fitted) return { feature, used: false, mean: stats[f].mean, sd: stats[f].sd, logit: null, se: null, eloPerSd: null, eloLower: null, eloUpper: null };
    const unit = new Float64Array(size);
    unit[r + p] = 1;
    choleskySolve(h, size, unit);
    const logit = x[r + p], se = Math.sqrt(Math.max(unit[r + p], 0));
    return {
      feature, used: true, mean: stats[f].mean, sd: stats[f].sd, logit, se,
      eloPerSd: ELO_PER_NAT * logit, eloLower: ELO_PER_NAT * (logit - 1.959964 * se), eloUpper: ELO_PER_NAT * (logit + 1.959964 * se),
    };
  });

  const rawRank = rankUpperBound(raw.ratings, raw.ratings, raw.group.map((gr, j) => (raw.ratings[j] === null ? null : gr)));
  const ctlRank = rankUpperBound(controlled, controlled, raw.group.map((gr, j) => (controlled[j] === null ? null : gr)));
  const modelVotes = new Float64Array(m);
  for (let v = 0; v < n; v++) if (a[v] !== b[v]) { modelVotes[a[v]] += weight[v]; modelVotes[b[v]] += weight[v]; }
  const rows = models.map((model, j): StyleModelRow => ({
    model,
    raw: raw.ratings[j],
    rawRank: rawRank[j],
    controlled: controlled[j],
    controlledRank: ctlRank[j],
    change: controlled[j] !== null && raw.ratings[j] !== null ? controlled[j]! - raw.ratings[j]! : null,
    votes: modelVotes[j],
    group: raw.ratings[j] === null ? null : raw.group[j],
  }));
  rows.sort((p, q) => (q.controlled ?? -Infinity) - (p.controlled ?? -Infinity) || (p.model < q.model ? -1 : p.model > q.model ? 1 : 0));
  return { rows, coefficients, raw, votesUsed, votesGiven, iterations, converged, gradientNorm, warnings };
}

/** The votes aggregated to (a, b, outcome, n) cells, for the raw Bradley-Terry fit. */
export function pairCountsOf(votes: StyleVotes): PairCounts {
  const cells = new Map<number, number>();
  const m = votes.models.length;
  for (let v = 0; v < votes.a.length; v++) {
    const key = (votes.a[v] * m + votes.b[v]) * 4 + votes.outcome[v];
    cells.set(key, (cells.get(key) ?? 0) + votes.weight[v]);
  }
  const keys = [...cells.keys()].sort((p, q) => p - q);
  return {
    models: votes.models,
    a: Int32Array.from(keys, (key) => Math.floor(key / 4 / m)),
    b: Int32Array.from(keys, (key) => Math.floor(key / 4) % m),
    outcome: Uint8Array.from(keys, (key) => key % 4),
    n: Float64Array.from(keys, (key) => cells.get(key)!),
  };
}

interface FitData {
  ia: Int32Array;
  ib: Int32Array;
  y: Float64Array;
  w: Float64Array;
  z: Float64Array[];
}

function eta(d: FitData, x: Float64Array, r: number, v: number): number {
  let e = x[d.ia[v]] - x[d.ib[v]];
  for (let f = 0; f < d.z.length; f++) e += x[r + f] * d.z[f][v];
  return e;
}

function logLikelihood(d: FitData, x: Float64Array, r: number): number {
  let ll = 0;
  for (let v = 0; v < d.y.length; v++) {
    const e = eta(d, x, r, v);
    ll += d.w[v] * (d.y[v] * logSigmoid(e) + (1 - d.y[v]) * logSigmoid(-e));
  }
  return ll;
}

function derivatives(d: FitData, x: Float64Array, r: number, g: Float64Array, h: Float64Array): void {
  const size = g.length, K = d.z.length;
  g.fill(0);
  h.fill(0);
  const idx = new Int32Array(2 + K), coef = new Float64Array(2 + K);
  for (let f = 0; f < K; f++) idx[2 + f] = r + f;
  for (let v = 0; v < d.y.length; v++) {
    const p = 1 / (1 + Math.exp(-eta(d, x, r, v)));
    const res = d.w[v] * (d.y[v] - p), s = d.w[v] * p * (1 - p);
    idx[0] = d.ia[v]; idx[1] = d.ib[v];
    coef[0] = 1; coef[1] = -1;
    for (let f = 0; f < K; f++) coef[2 + f] = d.z[f][v];
    for (let u = 0; u < 2 + K; u++) {
      g[idx[u]] += res * coef[u];
      const row = idx[u] * size, su = s * coef[u];
      for (let t = 0; t < 2 + K; t++) h[row + idx[t]] += su * coef[t];
    }
  }
}

function weightedMeanSd(d: Float64Array, w: Float64Array, keep: readonly number[]): { mean: number; sd: number } {
  let sw = 0, s = 0;
  for (const v of keep) { sw += w[v]; s += w[v] * d[v]; }
  if (!(sw > 0)) return { mean: 0, sd: 0 };
  const mean = s / sw;
  let ss = 0;
  for (const v of keep) ss += w[v] * (d[v] - mean) ** 2;
  return { mean, sd: Math.sqrt(ss / sw) };
}
