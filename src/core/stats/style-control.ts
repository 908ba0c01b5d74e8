import { fitBradleyTerry } from './bradley-terry.ts';
import { contextualRatings, fitContextual, keptFitData, keptVotes, votesPerModel } from './contextual-bt.ts';
import type { ExclusionReason } from './components.ts';
import type { RatingFit } from './fit-groups.ts';
import { normalQuantile } from './normal.ts';
import type { PairCounts } from './pair-counts.ts';
import { rankUpperBound } from './ranks.ts';

/**
 * Style control as LMArena fits it: FastChat's `compute_style_control`
 * (fastchat/serve/monitor/rating_systems.py: preprocess_for_style, fit_contextual_bt,
 * contextual_bt_loss_and_grad, scale_and_offset), re-derived here. For a vote of model a against b,
 *   P(a wins) = σ(ln10·(r_a − r_b) + Σ_f β_f·z_f),
 *   d_f = (s_f(a) − s_f(b)) / (s_f(a) + s_f(b) + 1),   z_f = (d_f − mean d_f) / std d_f,
 * s_f a style count of each answer (assistant tokens, headers, list items, bold), mean and
 * population std over the votes. A tie or both_bad is y = ½ (half a win each side). FastChat
 * minimises, over one row per vote (weights here are vote counts, so the same sum),
 *   L(r, β) = −Σ w·[y·log p + (1−y)·log(1−p)] + (λ/2)·(Σ r_k² + Σ β_f²),   λ = 0.5,
 * with L-BFGS-B; its comment: sklearn's default C = 1 on duplicated rows, halved for one row per
 * vote. L is strictly convex, so this file minimises it by Newton's method on the dense Hessian
 *   ∇²L = Σ w·p(1−p)·c cᵀ + λ·I,   c = (ln10·(e_a − e_b), z),
 * to the same minimum. The penalty fixes the scale's origin (at the minimum Σ r_k = 0 within each
 * comparison group) and keeps every rating finite, also for a model that never lost. Ratings:
 * 400·r + 1000 (scale_and_offset), then shifted to the anchor: FastChat's own is
 * mixtral-8x7b-instruct-v0.1 at 1114 when that model is present; the caller's anchor replaces it.
 * Without an anchor, each group is centred as the raw board is, on its models with a finite MLE.
 *
 * Intervals: robust (sandwich) covariance V = (∇²L)⁻¹ J (∇²L)⁻¹, J = Σ w·(y − p)²·c cᵀ (Huber–White,
 * as sandwich.ts), for the coefficients and for each rating against its group's mean or the anchor.
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
  /** False when the feature does not vary over the votes: it is left out (coefficient null). */
  used: boolean;
  /** Mean and population standard deviation of the normalised difference over the votes (the z-scoring). */
  mean: number;
  sd: number;
  /** Change in log-odds of winning per 1 SD of the feature (β). */
  logit: number | null;
  /** Robust (sandwich) standard error of `logit`. */
  se: number | null;
  /** The same coefficient as Elo points per 1 SD (400/ln 10 · β), with its 95% interval. */
  eloPerSd: number | null;
  eloLower: number | null;
  eloUpper: number | null;
}

export interface StyleModelRow {
  model: string;
  /** Plain Bradley-Terry MLE on the same votes, same anchor; null when it has no finite MLE. */
  raw: number | null;
  rawRank: number | null;
  controlled: number | null;
  /** 95% robust interval of the controlled rating; null for flagged models and the anchor. */
  controlledLower: number | null;
  controlledUpper: number | null;
  controlledRank: number | null;
  /** controlled − raw, Elo points. */
  change: number | null;
  /** Summed weight of the model's votes among those given. */
  votes: number;
  group: number | null;
  /** No finite unpenalised rating: its controlled rating is finite only through the L2 penalty. */
  flag: ExclusionReason | null;
}

export interface StyleControlFit {
  rows: StyleModelRow[];
  coefficients: StyleCoefficient[];
  /** The app's Bradley-Terry fit on the same votes (the raw ratings). */
  raw: RatingFit;
  /** Summed weight of the votes fitted (two different models, positive weight), of those given. */
  votesUsed: number;
  votesGiven: number;
  /** The L2 penalty λ and the anchor the ratings are shifted to (null: 400·r + 1000). */
  penalty: number;
  anchor: { model: string; value: number } | null;
  iterations: number;
  converged: boolean;
  gradientNorm: number;
  warnings: string[];
}

export interface StyleControlOptions {
  /** Pin this model at this value; default FastChat's (FASTCHAT_BASELINE when present, else none). */
  anchor?: { model: string; value: number } | null;
  /** L2 penalty λ on every parameter (r in log10 units, β); default FastChat's 0.5. Must be > 0. */
  penalty?: number;
  /** Stop when max |∂L| / (votes) ≤ tolerance. Default 1e-10. */
  tolerance?: number;
  maxIterations?: number;
  level?: number;
}

/** FastChat's scale_and_offset default baseline. */
export const FASTCHAT_BASELINE = { model: 'mixtral-8x7b-instruct-v0.1', value: 1114 } as const;
export const FASTCHAT_PENALTY = 0.5;

const LN10 = Math.LN10;

/** Raw Bradley-Terry and style-controlled ratings, and the style coefficients, from per-vote rows. */
export function fitStyleControl(votes: StyleVotes, options: StyleControlOptions = {}): StyleControlFit {
  const { models, a, b, outcome, weight, features, featureNames } = votes;
  const n = a.length,
    m = models.length,
    k = features.length;
  if (b.length !== n || outcome.length !== n || weight.length !== n || features.some((f) => f.length !== n)) {
    throw new RangeError('fitStyleControl: vote columns differ in length');
  }
  if (featureNames.length !== k) throw new RangeError(`fitStyleControl: ${k} features but ${featureNames.length} names`);
  const penalty = options.penalty ?? FASTCHAT_PENALTY;
  if (!(penalty > 0) || !Number.isFinite(penalty)) throw new RangeError(`fitStyleControl: penalty must be positive, got ${penalty}`);
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 100;
  const z95 = normalQuantile((1 + (options.level ?? 0.95)) / 2);
  for (let v = 0; v < n; v++) {
    if (a[v] < 0 || a[v] >= m || b[v] < 0 || b[v] >= m) throw new RangeError(`fitStyleControl: model index out of range in vote ${v}`);
    if (outcome[v] > 3) throw new RangeError(`fitStyleControl: unknown outcome code ${outcome[v]} in vote ${v}`);
    if (!(weight[v] >= 0) || !Number.isFinite(weight[v]))
      throw new RangeError(`fitStyleControl: weight must be finite and >= 0 in vote ${v}`);
    for (let f = 0; f < k; f++)
      if (!Number.isFinite(features[f][v])) throw new RangeError(`fitStyleControl: feature ${featureNames[f]} is not finite in vote ${v}`);
  }
  const anchor = options.anchor !== undefined ? options.anchor : models.includes(FASTCHAT_BASELINE.model) ? { ...FASTCHAT_BASELINE } : null;
  if (anchor && !models.includes(anchor.model)) throw new RangeError(`fitStyleControl: unknown anchor model "${anchor.model}"`);

  const raw = fitBradleyTerry(pairCountsOf(votes), anchor ? { anchor } : {});
  const warnings = raw.warnings.map((w) => w.message);

  const { keep, votesUsed, votesGiven } = keptVotes(votes);
  // z-score each feature over the votes (population std, as numpy's default); a constant one is left out.
  const stats = features.map((d) => weightedMeanSd(d, weight, keep));
  const usedIdx = stats.flatMap((s, f) => (s.sd > 1e-12 ? [f] : []));
  const data = keptFitData(
    votes,
    keep,
    usedIdx.map((f) => Float64Array.from(keep, (v) => (features[f][v] - stats[f].mean) / stats[f].sd)),
  );

  const fitted = fitContextual(data, m, penalty, { tolerance, maxIterations, votes: votesUsed });
  const { x, iterations, gradientNorm, converged, variance } = fitted;
  const size = x.length;
  if (!converged)
    warnings.push(
      `the style-controlled fit stopped after ${iterations} iterations with gradient ${gradientNorm.toExponential(2)} per vote`,
    );

  const anchorIndex = anchor ? models.indexOf(anchor.model) : -1;
  const { controlled, lower: lowerC, upper: upperC } = contextualRatings(fitted, raw, { anchor, anchorIndex, z95, votes: data });
  const rated = (j: number) => raw.ratings[j] !== null;

  const coefficients = featureNames.map((feature, f): StyleCoefficient => {
    const p = usedIdx.indexOf(f);
    if (p < 0 || keep.length === 0)
      return {
        feature,
        used: false,
        mean: stats[f].mean,
        sd: stats[f].sd,
        logit: null,
        se: null,
        eloPerSd: null,
        eloLower: null,
        eloUpper: null,
      };
    const c = new Float64Array(size);
    c[m + p] = 1;
    const logit = x[m + p],
      v = variance(c),
      se = v === null ? null : Math.sqrt(v);
    const toElo = 400 / LN10;
    return {
      feature,
      used: true,
      mean: stats[f].mean,
      sd: stats[f].sd,
      logit,
      se,
      eloPerSd: toElo * logit,
      eloLower: se === null ? null : toElo * (logit - z95 * se),
      eloUpper: se === null ? null : toElo * (logit + z95 * se),
    };
  });

  const groupOf = raw.group.map((gr, j) => (rated(j) ? gr : null));
  const rawRank = rankUpperBound(raw.ratings, raw.ratings, groupOf);
  const shown = controlled.map((r, j) => (rated(j) ? r : null));
  const ctlRank = rankUpperBound(shown, shown, groupOf);
  const modelVotes = votesPerModel(a, b, weight, m);
  const rows = models.map((model, j): StyleModelRow => ({
    model,
    raw: raw.ratings[j],
    rawRank: rawRank[j],
    controlled: modelVotes[j] > 0 ? controlled[j] : null,
    controlledLower: lowerC[j],
    controlledUpper: upperC[j],
    controlledRank: ctlRank[j],
    change: rated(j) ? controlled[j]! - raw.ratings[j]! : null,
    votes: modelVotes[j],
    group: groupOf[j],
    flag: raw.excluded[j],
  }));
  rows.sort(
    (p, q) =>
      (p.flag === null ? 0 : 1) - (q.flag === null ? 0 : 1) ||
      (q.controlled ?? -Infinity) - (p.controlled ?? -Infinity) ||
      (p.model < q.model ? -1 : p.model > q.model ? 1 : 0),
  );
  return { rows, coefficients, raw, votesUsed, votesGiven, penalty, anchor, iterations, converged, gradientNorm, warnings };
}

/** The votes aggregated to (a, b, outcome, n) cells, for the raw Bradley-Terry fit. */
export function pairCountsOf(votes: Pick<StyleVotes, 'models' | 'a' | 'b' | 'outcome' | 'weight'>): PairCounts {
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

function weightedMeanSd(d: Float64Array, w: Float64Array, keep: readonly number[]): { mean: number; sd: number } {
  let sw = 0,
    s = 0;
  for (const v of keep) {
    sw += w[v];
    s += w[v] * d[v];
  }
  if (!(sw > 0)) return { mean: 0, sd: 0 };
  const mean = s / sw;
  let ss = 0;
  for (const v of keep) ss += w[v] * (d[v] - mean) ** 2;
  return { mean, sd: Math.sqrt(ss / sw) };
}
