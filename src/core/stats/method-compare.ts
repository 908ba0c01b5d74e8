/**
 * The seven rating methods side by side on one slice: each method's scores, the order they give
 * (rank 1 = highest score, ties sharing the lowest rank) and Kendall's τ-b between every two
 * methods' scores. Elo needs the votes in order; without them its column is absent and said so.
 */
import { kendallTau } from './kendall.ts';
import type { PairCounts } from './pair-counts.ts';
import {
  averageWinRateScores,
  bradleyTerryScores,
  countingScores,
  eigenvectorScores,
  eloScores,
  newmanScores,
  pageRankScores,
  voteMatrices,
} from './rating-methods.ts';

export const METHOD_NAMES = ['counting', 'average-win-rate', 'bradley-terry', 'elo', 'eigenvector', 'pagerank', 'newman'] as const;
export type MethodName = (typeof METHOD_NAMES)[number];

/** What each method counts and its defaults (evalica's), for captions, the README and --json. */
export const METHOD_DEFINITIONS: Record<MethodName, string> = {
  counting: 'wins + ½ per tie (tie and both_bad alike)',
  'average-win-rate': 'mean over opponents met of (wins + ½ ties) / games against that opponent',
  'bradley-terry': 'maximum-likelihood strengths π, a tie half a win each side; π normalised to sum 1',
  elo: 'online Elo over the votes in time order: initial 1000, base 10, scale 400, K = 4, a tie ½ point each',
  eigenvector:
    "evalica's power iteration s ← Mᵀs/‖Mᵀs‖₂ (M = wins + ½ ties, unit Euclidean norm, tolerance 1e-6, ≤ 100 steps); s_j sums the scores of those who beat j, so high = losing to high scorers",
  pagerank: 'a model passes its score to those who beat it, in proportion to its losses (a tie ½ each way); damping 0.85; scores sum to 1',
  newman: "Newman's (2023) tie-aware iteration from π = 1, ν = 0.5 (tolerance 1e-6, ≤ 100 steps); a tie whole in ν, half a win in π",
};

export interface OrderedVotes {
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
}

export interface MethodColumn {
  method: MethodName;
  /** One score per model of the counts; NaN where the method gives none. */
  scores: Float64Array;
  /** 1 + the number of models with a strictly higher score; null where the score is NaN. */
  ranks: (number | null)[];
}

export interface MethodComparison {
  models: string[];
  methods: MethodColumn[];
  /** Methods that could not run, with why (Elo without ordered votes). */
  missing: { method: MethodName; reason: string }[];
  /** tau[p·k + q]: Kendall's τ-b between methods p and q (in `methods` order). */
  tau: Float64Array;
  /** Newman's tie parameter ν. */
  newmanV: number;
}

export function methodScores(method: MethodName, counts: PairCounts, votes: OrderedVotes | null = null): Float64Array | null {
  const mx = voteMatrices(counts);
  switch (method) {
    case 'counting':
      return countingScores(mx);
    case 'average-win-rate':
      return averageWinRateScores(mx);
    case 'bradley-terry':
      return bradleyTerryScores(counts);
    case 'elo':
      return votes ? eloScores(counts.models.length, votes.a, votes.b, votes.outcome) : null;
    case 'eigenvector':
      return eigenvectorScores(mx);
    case 'pagerank':
      return pageRankScores(mx);
    case 'newman':
      return newmanScores(mx).scores;
  }
}

export function scoreRanks(scores: ArrayLike<number>): (number | null)[] {
  return Array.from(scores, (s) => {
    if (!Number.isFinite(s)) return null;
    let above = 0;
    for (let k = 0; k < scores.length; k++) if (scores[k] > s) above++;
    return 1 + above;
  });
}

export function compareMethods(
  counts: PairCounts,
  votes: OrderedVotes | null = null,
  votesMissing = 'needs the votes in time order; pre-aggregated counts have none',
): MethodComparison {
  const methods: MethodColumn[] = [],
    missing: MethodComparison['missing'] = [];
  let newmanV = NaN;
  for (const method of METHOD_NAMES) {
    let scores: Float64Array | null;
    if (method === 'newman') {
      const r = newmanScores(voteMatrices(counts));
      newmanV = r.v;
      scores = r.scores;
    } else scores = methodScores(method, counts, votes);
    if (!scores) {
      missing.push({ method, reason: votesMissing });
      continue;
    }
    methods.push({ method, scores, ranks: scoreRanks(scores) });
  }
  const k = methods.length,
    tau = new Float64Array(k * k);
  for (let p = 0; p < k; p++)
    for (let q = 0; q < k; q++) tau[p * k + q] = p === q ? 1 : q < p ? tau[q * k + p] : kendallTau(methods[p].scores, methods[q].scores);
  return { models: counts.models, methods, missing, tau, newmanV };
}
