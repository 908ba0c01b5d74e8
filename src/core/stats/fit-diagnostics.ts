/**
 * Does one strength per model explain the votes? Bradley-Terry (a tie half a win each side),
 * Davidson and Rao-Kupper fitted to one comparison group, compared by
 *  - in-sample log-likelihood, AIC = 2k − 2ℓ and BIC = k·ln N − 2ℓ (k = m − 1 strengths + tie
 *    parameters, N votes). Bradley-Terry's ℓ scores a tie as half a win each side, so it is not on
 *    the scale of the two three-outcome models; their mean −ℓ/N is leaderbot's "NLL";
 *  - held-out log-loss by K-fold over votes: each cell's votes (pair, outcome) are dealt one by
 *    one to a fold drawn from a seeded generator, every model is refitted without a fold and
 *    scored on it. `logLoss` uses the model's own likelihood; `decisiveLogLoss` is −log P(the
 *    winner | a decisive vote), the one loss all three share;
 *  - a calibration table of Bradley-Terry's held-out predictions (each pair oriented so the
 *    favourite is first, binned by predicted share; observed share counts a tie as half);
 *  - the pairs that misfit most in-sample: z = (O − n·p) / √(n·p(1−p)), O = wins + ½ ties.
 */
import { bradleyTerryLikelihood } from './bradley-terry.ts';
import { davidsonLikelihood } from './davidson.ts';
import { maximiseLikelihood } from './newton-maximise.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import type { PairTable } from './pair-table.ts';
import { seededRandom } from './random.ts';
import { raoKupperLikelihood, raoKupperProbabilities } from './rao-kupper.ts';

export const FIT_MODELS = ['bradley-terry', 'davidson', 'rao-kupper'] as const;
export type FitModelName = (typeof FIT_MODELS)[number];

const LIKELIHOOD: Record<FitModelName, PairLikelihood> = {
  'bradley-terry': bradleyTerryLikelihood,
  davidson: davidsonLikelihood,
  'rao-kupper': raoKupperLikelihood,
};

export interface DiagnosticsOptions {
  /** K of the K-fold split (default 5). */
  folds?: number;
  seed?: number;
  /** Calibration bins over predicted favourite share [0.5, 1] (default 10). */
  bins?: number;
  /** How many misfitting pairs to list (default 15). */
  misfits?: number;
}

export interface ModelFitSummary {
  model: FitModelName;
  /** Free parameters: m − 1 strengths plus the tie parameter (Davidson, Rao-Kupper). */
  parameters: number;
  logLikelihood: number;
  /** −ℓ / N. */
  meanNll: number;
  aic: number;
  bic: number;
  /** Davidson's ν or Rao-Kupper's θ = e^κ; null for Bradley-Terry. */
  tieParameter: number | null;
  /** Held-out −ℓ per vote under the model's own likelihood. */
  heldOutLogLoss: number;
  /** Held-out −log P(winner | decisive) per decisive vote. */
  heldOutDecisiveLogLoss: number;
  converged: boolean;
}

export interface CalibrationBin {
  /** Predicted favourite share range [from, to). */
  from: number;
  to: number;
  votes: number;
  /** Vote-weighted mean predicted share of the favourite. */
  predicted: number | null;
  /** Favourite's observed share (a tie half). */
  observed: number | null;
}

export interface MisfitPair {
  modelI: string;
  modelJ: string;
  votes: number;
  winsI: number;
  winsJ: number;
  ties: number;
  /** (winsI + ½ ties) / votes. */
  observed: number;
  /** Bradley-Terry's P(i beats j). */
  predicted: number;
  z: number;
}

export interface FitDiagnostics {
  votes: number;
  decisiveVotes: number;
  folds: number;
  seed: number;
  /** One per model of FIT_MODELS that could be fitted; `skipped` says why any could not. */
  fits: ModelFitSummary[];
  skipped: { model: FitModelName; reason: string }[];
  calibration: CalibrationBin[];
  misfits: MisfitPair[];
}

function startFor(model: FitModelName, m: number): Float64Array {
  const x = new Float64Array(m + LIKELIHOOD[model].extra);
  if (model === 'rao-kupper') x[m] = 0.5;
  return x;
}

function fit(model: FitModelName, table: PairTable, start: Float64Array) {
  return maximiseLikelihood(LIKELIHOOD[model], table, { start });
}

/** P(i wins | decisive) under the model at x. */
function decisiveShare(model: FitModelName, x: Float64Array, m: number, a: number, b: number): number {
  const d = x[a] - x[b];
  if (model !== 'rao-kupper') return 1 / (1 + Math.exp(-d));
  const [pa, pb] = raoKupperProbabilities(d, x[m]);
  return pa / (pa + pb);
}

/** The votes of `table` dealt to `k` folds: one PairTable of held-out votes per fold. */
export function splitFolds(table: PairTable, k: number, seed: number): PairTable[] {
  const rows = table.i.length,
    random = seededRandom(seed);
  const folds = Array.from({ length: k }, () => ({
    ...table,
    winsI: new Float64Array(rows),
    winsJ: new Float64Array(rows),
    ties: new Float64Array(rows),
    total: 0,
    selfPairVotes: 0,
  }));
  const kinds = ['winsI', 'winsJ', 'ties'] as const;
  for (let p = 0; p < rows; p++)
    for (const kind of kinds) {
      const c = table[kind][p];
      const whole = Math.floor(c);
      for (let v = 0; v < whole; v++) folds[Math.floor(random.next() * k)][kind][p] += 1;
      if (c > whole) folds[Math.floor(random.next() * k)][kind][p] += c - whole;
    }
  for (const f of folds) for (let p = 0; p < rows; p++) f.total += f.winsI[p] + f.winsJ[p] + f.ties[p];
  return folds;
}

function minus(table: PairTable, held: PairTable): PairTable {
  const winsI = table.winsI.map((v, p) => v - held.winsI[p]);
  const winsJ = table.winsJ.map((v, p) => v - held.winsJ[p]);
  const ties = table.ties.map((v, p) => v - held.ties[p]);
  return { ...table, winsI, winsJ, ties, total: table.total - held.total, selfPairVotes: 0 };
}

export function fitDiagnostics(table: PairTable, models: string[], options: DiagnosticsOptions = {}): FitDiagnostics {
  const { folds: k = 5, seed = 0, bins = 10, misfits: misfitCount = 15 } = options;
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`fitDiagnostics: folds must be an integer ≥ 2, got ${k}`);
  const m = table.modelCount,
    N = table.total;
  let tied = 0,
    decisive = 0;
  for (let p = 0; p < table.i.length; p++) {
    tied += table.ties[p];
    decisive += table.winsI[p] + table.winsJ[p];
  }
  const skipped: FitDiagnostics['skipped'] = [];
  const usable = FIT_MODELS.filter((model) => {
    if (model === 'bradley-terry' || (tied > 0 && decisive > 0)) return true;
    skipped.push({ model, reason: tied === 0 ? 'no ties: the tie parameter has no finite estimate' : 'no decisive votes' });
    return false;
  });
  const full = new Map(usable.map((model) => [model, fit(model, table, startFor(model, m))]));
  const held = splitFolds(table, k, seed);
  const heldOwn = new Map<FitModelName, number>(),
    heldDecisive = new Map<FitModelName, number>();
  const binVotes = new Float64Array(bins),
    binPredicted = new Float64Array(bins),
    binObserved = new Float64Array(bins);
  for (const test of held) {
    const train = minus(table, test);
    for (const model of usable) {
      const x = fit(model, train, full.get(model)!.x).x;
      heldOwn.set(model, (heldOwn.get(model) ?? 0) - LIKELIHOOD[model].logLikelihood(test, x));
      let loss = 0;
      for (let p = 0; p < test.i.length; p++) {
        const q = decisiveShare(model, x, m, test.i[p], test.j[p]);
        loss -= test.winsI[p] * Math.log(q) + test.winsJ[p] * Math.log(1 - q);
        if (model !== 'bradley-terry') continue;
        const n = test.winsI[p] + test.winsJ[p] + test.ties[p];
        if (!(n > 0)) continue;
        const score = test.winsI[p] + test.ties[p] / 2;
        const [fav, obs] = q >= 0.5 ? [q, score] : [1 - q, n - score];
        const bin = Math.min(bins - 1, Math.floor(((fav - 0.5) / 0.5) * bins));
        binVotes[bin] += n;
        binPredicted[bin] += n * fav;
        binObserved[bin] += obs;
      }
      heldDecisive.set(model, (heldDecisive.get(model) ?? 0) + loss);
    }
  }
  const fits = usable.map((model): ModelFitSummary => {
    const r = full.get(model)!;
    const ll = LIKELIHOOD[model].logLikelihood(table, r.x);
    const parameters = m - 1 + LIKELIHOOD[model].extra;
    const tieParameter = model === 'bradley-terry' ? null : Math.exp(r.x[m]);
    return {
      model,
      parameters,
      logLikelihood: ll,
      meanNll: -ll / N,
      aic: 2 * parameters - 2 * ll,
      bic: parameters * Math.log(N) - 2 * ll,
      tieParameter,
      heldOutLogLoss: heldOwn.get(model)! / N,
      heldOutDecisiveLogLoss: heldDecisive.get(model)! / decisive,
      converged: r.converged,
    };
  });
  const calibration = Array.from({ length: bins }, (_, b): CalibrationBin => ({
    from: 0.5 + (0.5 * b) / bins,
    to: 0.5 + (0.5 * (b + 1)) / bins,
    votes: binVotes[b],
    predicted: binVotes[b] > 0 ? binPredicted[b] / binVotes[b] : null,
    observed: binVotes[b] > 0 ? binObserved[b] / binVotes[b] : null,
  }));
  return {
    votes: N,
    decisiveVotes: decisive,
    folds: k,
    seed,
    fits,
    skipped,
    calibration,
    misfits: worstPairs(table, models, full.get('bradley-terry')!.x, misfitCount),
  };
}

function worstPairs(table: PairTable, models: string[], x: Float64Array, count: number): MisfitPair[] {
  const out: MisfitPair[] = [];
  for (let p = 0; p < table.i.length; p++) {
    const a = table.i[p],
      b = table.j[p];
    const n = table.winsI[p] + table.winsJ[p] + table.ties[p];
    if (!(n > 0)) continue;
    const q = 1 / (1 + Math.exp(x[b] - x[a]));
    const score = table.winsI[p] + table.ties[p] / 2;
    out.push({
      modelI: models[a],
      modelJ: models[b],
      votes: n,
      winsI: table.winsI[p],
      winsJ: table.winsJ[p],
      ties: table.ties[p],
      observed: score / n,
      predicted: q,
      z: (score - n * q) / Math.sqrt(n * q * (1 - q)),
    });
  }
  return out.sort((u, v) => Math.abs(v.z) - Math.abs(u.z)).slice(0, count);
}
