/**
 * AlpacaEval 2's length-controlled win rate (Dubois, Galambosi, Liang & Hashimoto 2024,
 * arXiv 2404.04475; tatsu-lab/alpaca_eval, metrics/glm_winrate.py, GLM "length_controlled_v1"):
 * judges prefer longer answers, so the win rate against a baseline is read from a logistic model
 * with a length term, and reported with that term set to zero — "what would the preference be if
 * both answers had the same length?".
 *
 * Per model m (its votes against the baseline, in either seat), each vote v with m's score y_v
 * (win 1, tie or both-bad ½, loss 0) and the length difference δ_v = len_m − len_baseline:
 *
 *   P(m preferred) = σ(θ + φ · tanh(δ_v / sd(δ)))      sd: the sample SD of δ over m's votes
 *
 * fitted by maximum likelihood with y as a fractional target (AlpacaEval's fit_LogisticRegressionCV
 * with is_ytrue_proba), and LC win rate = mean over the votes of σ(θ + φ · 0) = σ(θ).
 * AlpacaEval's formula also has an instruction-difficulty term, whose per-instruction values it
 * estimated from many models on its 805 fixed instructions, and regularises toward two "gamed"
 * baselines with an L1 penalty chosen by cross-validation; a file of votes has neither, so the model
 * here is the length term and the intercept alone, unpenalised. Interval: Poisson bootstrap over the
 * votes, each round refitted, percentiles at `level` (default 0.9, as the baseline view).
 */
import { quantileInPlace } from './percentile.ts';
import { PoissonSampler } from './poisson.ts';
import { seededRandom } from './random.ts';

/** Per vote: model indices, OUTCOME_CODE outcome, weight, and each side's answer length (NaN when missing). */
export interface LengthVotes {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
  lengthA: Float64Array;
  lengthB: Float64Array;
}

export interface LengthControlOptions {
  baseline: string;
  rounds?: number;
  seed?: number;
  level?: number;
}

export interface LengthControlRow {
  model: string;
  /** Votes against the baseline with both lengths known (weighted). */
  votes: number;
  /** Plain win rate on those votes (ties ½). */
  winRate: number;
  /** Mean length difference (model − baseline), characters (or the file's unit). */
  meanLengthDifference: number;
  /** σ(θ): the win rate with the length term at zero; null when the model cannot be fitted (see `why`). */
  lcWinRate: number | null;
  lower: number | null;
  upper: number | null;
  /** The length coefficient φ (logit per unit of tanh(δ / sd)). */
  lengthCoefficient: number | null;
  /** Why there is no LC win rate: too few votes, no length difference, or a perfect record. */
  why: string | null;
}

export interface LengthControlResult {
  baseline: string;
  level: number;
  rounds: number;
  seed: number;
  /** Votes against the baseline left out because an answer's length is unknown. */
  missingLengths: number;
  rows: LengthControlRow[];
}

const sigma = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

/** θ, φ maximising Σ w [y log σ(θ + φx) + (1 − y) log σ(−θ − φx)], by Newton's method; null when it does not converge to a finite point. */
export function fitLengthLogit(x: Float64Array, y: Float64Array, w: ArrayLike<number>): { theta: number; phi: number } | null {
  let theta = 0,
    phi = 0;
  for (let it = 0; it < 100; it++) {
    let g0 = 0,
      g1 = 0,
      h00 = 0,
      h01 = 0,
      h11 = 0;
    for (let v = 0; v < x.length; v++) {
      const wv = w[v];
      if (wv === 0) continue;
      const p = sigma(theta + phi * x[v]);
      const r = wv * (y[v] - p),
        q = wv * p * (1 - p);
      g0 += r;
      g1 += r * x[v];
      h00 += q;
      h01 += q * x[v];
      h11 += q * x[v] * x[v];
    }
    const det = h00 * h11 - h01 * h01;
    if (!(det > 1e-12 * Math.max(1, h00 * h11))) return null;
    const d0 = (h11 * g0 - h01 * g1) / det,
      d1 = (h00 * g1 - h01 * g0) / det;
    theta += d0;
    phi += d1;
    if (!Number.isFinite(theta) || !Number.isFinite(phi) || Math.abs(theta) > 30 || Math.abs(phi) > 30) return null;
    if (Math.abs(d0) < 1e-10 && Math.abs(d1) < 1e-10) return { theta, phi };
  }
  return null;
}

function scoreOf(outcome: number, modelIsA: boolean): number {
  if (outcome === 0) return modelIsA ? 1 : 0;
  if (outcome === 1) return modelIsA ? 0 : 1;
  return 0.5;
}

export function lengthControlledWinRates(votes: LengthVotes, options: LengthControlOptions): LengthControlResult {
  const rounds = options.rounds ?? 1000;
  const seed = options.seed ?? 0;
  const level = options.level ?? 0.9;
  if (!(Number.isInteger(rounds) && rounds >= 1))
    throw new RangeError(`lengthControlledWinRates: rounds must be a positive integer, got ${rounds}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`lengthControlledWinRates: level must be in (0, 1), got ${level}`);
  const base = votes.models.indexOf(options.baseline);
  if (base < 0) throw new Error(`lengthControlledWinRates: no model "${options.baseline}" in these votes`);
  const byModel = votes.models.map(() => [] as number[]);
  let missingLengths = 0;
  for (let v = 0; v < votes.a.length; v++) {
    const a = votes.a[v],
      b = votes.b[v];
    if ((a === base) === (b === base)) continue;
    if (!Number.isFinite(votes.lengthA[v]) || !Number.isFinite(votes.lengthB[v])) {
      missingLengths += votes.weight[v];
      continue;
    }
    byModel[a === base ? b : a].push(v);
  }
  const random = seededRandom(seed);
  const rows: LengthControlRow[] = [];
  votes.models.forEach((model, j) => {
    const list = byModel[j];
    if (j === base || list.length === 0) return;
    const n = list.length;
    const y = new Float64Array(n),
      delta = new Float64Array(n),
      w = new Float64Array(n);
    list.forEach((v, k) => {
      const isA = votes.a[v] === j;
      y[k] = scoreOf(votes.outcome[v], isA);
      delta[k] = isA ? votes.lengthA[v] - votes.lengthB[v] : votes.lengthB[v] - votes.lengthA[v];
      w[k] = votes.weight[v];
    });
    let sw = 0,
      swy = 0,
      swd = 0;
    for (let k = 0; k < n; k++) {
      sw += w[k];
      swy += w[k] * y[k];
      swd += w[k] * delta[k];
    }
    const meanDelta = swd / sw;
    let ss = 0;
    for (let k = 0; k < n; k++) ss += w[k] * (delta[k] - meanDelta) ** 2;
    // pandas' std (ddof 1), votes as frequency weights.
    const sd = sw > 1 ? Math.sqrt(ss / (sw - 1)) : 0;
    const row: LengthControlRow = {
      model,
      votes: sw,
      winRate: swy / sw,
      meanLengthDifference: meanDelta,
      lcWinRate: null,
      lower: null,
      upper: null,
      lengthCoefficient: null,
      why: null,
    };
    rows.push(row);
    if (sw < 10) return void (row.why = 'fewer than 10 votes against the baseline');
    if (!(sd > 0)) return void (row.why = 'no length difference to control');
    if (swy === 0 || swy === sw) return void (row.why = swy === 0 ? 'lost every vote' : 'won every vote');
    const x = Float64Array.from(delta, (d) => Math.tanh(d / sd));
    const fit = fitLengthLogit(x, y, w);
    if (!fit) return void (row.why = 'the logistic model has no finite fit');
    row.lcWinRate = sigma(fit.theta);
    row.lengthCoefficient = fit.phi;
    const sampler = new PoissonSampler(w);
    const draw = new Float64Array(n);
    const rates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      sampler.sampleAll(random, draw);
      const f = fitLengthLogit(x, y, draw);
      if (f) rates.push(sigma(f.theta));
    }
    if (rates.length >= rounds / 2) {
      const sorted = Float64Array.from(rates);
      row.lower = quantileInPlace(sorted, (1 - level) / 2);
      row.upper = quantileInPlace(sorted, (1 + level) / 2);
    }
  });
  rows.sort((p, q) => (q.lcWinRate ?? -1) - (p.lcWinRate ?? -1) || (p.model < q.model ? -1 : 1));
  return { baseline: options.baseline, level, rounds, seed, missingLengths, rows };
}
