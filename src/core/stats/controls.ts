/**
 * Controls for any column: a contextual Bradley-Terry (as lmarena/arena-rank's
 * ContextualBradleyTerry) with the covariates a reader picks, fitted by contextual-bt.ts:
 *   P(A wins) = σ(ln10·(r_A − r_B) + Σ_f β_f·z_f).
 * A per-side feature enters as z = x(A side) − x(B side); a battle-level feature (a number, a flag
 * as 0/1, a categorical value as 0/1) as z = x; the seat term as z = 1, so its β says how much more
 * often seat A wins than two equal models would ("position bias"). Unlike style control, nothing is
 * shrunk: the penalty is tiny (it only fixes the ratings' origin), so coefficients are maximum
 * likelihood estimates with robust (sandwich) 95% intervals, in Elo points per unit and per SD.
 * Votes involving a model without a finite raw rating (never lost, never won) are left out.
 * A tie or both_bad is y = ½, as in the board.
 */
import { fitBradleyTerry } from './bradley-terry.ts';
import { contextualRatings, fitContextual, keptFitData, keptVotes, votesPerModel } from './contextual-bt.ts';
import type { ExclusionReason } from './components.ts';
import type { RatingFit } from './fit-groups.ts';
import { normalQuantile } from './normal.ts';
import { rankUpperBound } from './ranks.ts';
import { pairCountsOf } from './style-control.ts';

export type ControlKind = 'side' | 'battle' | 'seat';

export interface ControlColumn {
  /** How the reader named it ("seat A", "turn", "language = French", "tokens (A − B)"). */
  name: string;
  kind: ControlKind;
  /** Per vote: x_A − x_B (side), x (battle), 1 (seat). */
  values: Float64Array;
}

export interface ControlVotes {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
  controls: ControlColumn[];
}

export interface ControlCoefficient {
  name: string;
  kind: ControlKind;
  /** False when the covariate does not vary over the votes (the seat term excepted): left out. */
  used: boolean;
  /** Population SD of z over the votes fitted (0 for the seat term). */
  sd: number;
  /** Log-odds per unit of z, its robust standard error. */
  logit: number | null;
  se: number | null;
  /** Elo points per unit of z (400/ln10 · β) with its 95% interval. */
  eloPerUnit: number | null;
  lowerPerUnit: number | null;
  upperPerUnit: number | null;
  /** The same per SD of z; null for the seat term. */
  eloPerSd: number | null;
  lowerPerSd: number | null;
  upperPerSd: number | null;
}

export interface ControlledRow {
  model: string;
  raw: number | null;
  rawRank: number | null;
  controlled: number | null;
  lower: number | null;
  upper: number | null;
  rank: number | null;
  /** 1 + models with a higher controlled point rating (as rawRank is by raw point rating). */
  pointRank: number | null;
  /** controlled − raw, Elo points; rank change raw rank − point rank (positive: rises). */
  change: number | null;
  rankChange: number | null;
  votes: number;
  flag: ExclusionReason | null;
}

export interface ControlsFit {
  rows: ControlledRow[];
  coefficients: ControlCoefficient[];
  raw: RatingFit;
  votesUsed: number;
  votesGiven: number;
  anchor: { model: string; value: number } | null;
  iterations: number;
  converged: boolean;
  warnings: string[];
}

/** Only fixes the ratings' origin (Σ r = 0): negligible against any vote's information. */
const ORIGIN_PENALTY = 1e-6;
const TO_ELO = 400 / Math.LN10;

export function fitControls(
  votes: ControlVotes,
  options: { anchor?: { model: string; value: number } | null; level?: number } = {},
): ControlsFit {
  const { models, a, b, outcome, weight, controls } = votes;
  const n = a.length,
    m = models.length;
  if (b.length !== n || outcome.length !== n || weight.length !== n || controls.some((c) => c.values.length !== n))
    throw new RangeError('fitControls: vote columns differ in length');
  for (const c of controls)
    for (let v = 0; v < n; v++)
      if (!Number.isFinite(c.values[v])) throw new RangeError(`fitControls: ${c.name} is not finite in vote ${v}`);
  const anchor = options.anchor ?? null;
  if (anchor && !models.includes(anchor.model)) throw new RangeError(`fitControls: unknown anchor model "${anchor.model}"`);
  const z95 = normalQuantile((1 + (options.level ?? 0.95)) / 2);
  const raw = fitBradleyTerry(pairCountsOf(votes), anchor ? { anchor } : {});
  const warnings = raw.warnings.map((w) => w.message);
  // A vote of a model without a finite raw rating would pull the controlled fit to the penalty alone.
  const { keep, votesUsed, votesGiven } = keptVotes(votes, (v) => raw.ratings[a[v]] !== null && raw.ratings[b[v]] !== null);
  // Each covariate is fitted per SD (well scaled whatever its unit), never centred: centring would
  // hide a seat effect in it. The seat term is 1.
  const sds = controls.map((c) => weightedSd(c.values, weight, keep));
  const used = controls.flatMap((c, f) => (c.kind === 'seat' || sds[f] > 1e-12 ? [f] : []));
  const scale = (f: number) => (controls[f].kind === 'seat' ? 1 : sds[f]);
  const data = keptFitData(
    votes,
    keep,
    used.map((f) => Float64Array.from(keep, (v) => (controls[f].kind === 'seat' ? 1 : controls[f].values[v] / sds[f]))),
  );
  const fitted = fitContextual(data, m, ORIGIN_PENALTY, { tolerance: 1e-10, maxIterations: 100, votes: Math.max(votesUsed, 1) });
  if (!fitted.converged)
    warnings.push(`the controlled fit stopped after ${fitted.iterations} iterations with gradient ${fitted.gradientNorm.toExponential(2)}`);
  const anchorIndex = anchor ? models.indexOf(anchor.model) : -1;
  const { controlled, lower, upper } = contextualRatings(fitted, raw, { anchor, anchorIndex, z95, votes: data });

  const coefficients = controls.map((c, f): ControlCoefficient => {
    const p = used.indexOf(f);
    const none = { logit: null, se: null, eloPerUnit: null, lowerPerUnit: null, upperPerUnit: null };
    if (p < 0 || keep.length === 0)
      return { name: c.name, kind: c.kind, used: false, sd: sds[f], ...none, eloPerSd: null, lowerPerSd: null, upperPerSd: null };
    const contrast = new Float64Array(fitted.x.length);
    contrast[m + p] = 1;
    const v = fitted.variance(contrast);
    const perUnit = fitted.x[m + p] / scale(f),
      se = v === null ? null : Math.sqrt(v) / scale(f);
    const sdOf = c.kind === 'seat' ? null : sds[f];
    const elo = (x: number | null) => (x === null ? null : TO_ELO * x);
    return {
      name: c.name,
      kind: c.kind,
      used: true,
      sd: sds[f],
      logit: perUnit,
      se,
      eloPerUnit: elo(perUnit),
      lowerPerUnit: se === null ? null : elo(perUnit - z95 * se),
      upperPerUnit: se === null ? null : elo(perUnit + z95 * se),
      eloPerSd: sdOf === null ? null : elo(perUnit * sdOf),
      lowerPerSd: sdOf === null || se === null ? null : elo((perUnit - z95 * se) * sdOf),
      upperPerSd: sdOf === null || se === null ? null : elo((perUnit + z95 * se) * sdOf),
    };
  });

  const rated = (j: number) => raw.ratings[j] !== null;
  const groupOf = raw.group.map((g, j) => (rated(j) ? g : null));
  const rawRank = rankUpperBound(raw.ratings, raw.ratings, groupOf);
  const shownLower = lower.map((x, j) => (rated(j) ? (x ?? controlled[j]) : null));
  const shownUpper = upper.map((x, j) => (rated(j) ? (x ?? controlled[j]) : null));
  const rank = rankUpperBound(shownLower, shownUpper, groupOf);
  // The raw rank here is by point rating, so the controlled one is too for the change.
  const shown = controlled.map((x, j) => (rated(j) ? x : null));
  const pointRank = rankUpperBound(shown, shown, groupOf);
  const modelVotes = votesPerModel(a, b, weight, m);
  const rows = models.map((model, j): ControlledRow => ({
    model,
    raw: raw.ratings[j],
    rawRank: rawRank[j],
    controlled: rated(j) ? controlled[j] : null,
    lower: rated(j) ? lower[j] : null,
    upper: rated(j) ? upper[j] : null,
    rank: rank[j],
    pointRank: rated(j) ? pointRank[j] : null,
    change: rated(j) ? controlled[j] - raw.ratings[j]! : null,
    rankChange: rated(j) ? rawRank[j]! - pointRank[j]! : null,
    votes: modelVotes[j],
    flag: raw.excluded[j],
  }));
  rows.sort(
    (p, q) =>
      (p.controlled === null ? 1 : 0) - (q.controlled === null ? 1 : 0) ||
      (q.controlled ?? 0) - (p.controlled ?? 0) ||
      (p.model < q.model ? -1 : 1),
  );
  return { rows, coefficients, raw, votesUsed, votesGiven, anchor, iterations: fitted.iterations, converged: fitted.converged, warnings };
}

function weightedSd(d: Float64Array, w: Float64Array, keep: readonly number[]): number {
  let sw = 0,
    s = 0;
  for (const v of keep) {
    sw += w[v];
    s += w[v] * d[v];
  }
  if (!(sw > 0)) return 0;
  const mean = s / sw;
  let ss = 0;
  for (const v of keep) ss += w[v] * (d[v] - mean) ** 2;
  return Math.sqrt(ss / sw);
}
