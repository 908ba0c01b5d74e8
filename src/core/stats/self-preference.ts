/**
 * Self-preference: does a judge rate answers of its own model family higher than other raters do
 * on the same items? (Panickssery, Bowman & Feng 2024, "LLM evaluators recognize and favor their own
 * generations"; Zheng et al. 2023, the MT-Bench paper, §3.3 "self-enhancement bias".)
 *
 * A model is of a family when its name, lower-cased with everything but letters and digits removed,
 * contains the family's text so normalised ("gpt-4" matches gpt-4-0613 and GPT4-turbo). For one
 * rater, the family's score in a vote is 1 when the family's answer won, ½ for a tie (or both bad),
 * 0 when it lost — counted only in votes where exactly one side is of the family. Per item (the key
 * the caller gives: question, model pair, turn), the scores are summed with the votes' weights.
 *
 * The gap is measured on the items both raters judged: own-family win rate under the judge minus
 * under the others, each pooled over those items (Σ score / Σ votes). Interval: a paired Poisson
 * bootstrap over items (each shared item gets one Poisson(1) weight for both raters), percentiles at
 * `level` (default 0.95). familyGap compares any two raters' item scores: other judges of the same
 * file (selfPreference), or people in a second file matched by the same item key.
 */
import { quantileInPlace } from './percentile.ts';
import { seededRandom } from './random.ts';
import { PoissonSampler } from './poisson.ts';

/** Per vote: the item's key, the rater, the two models and the OUTCOME_CODE outcome. */
export interface RatedVotes {
  models: string[];
  raters: string[];
  item: string[];
  rater: Int32Array;
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
}

/** Per item: the family's summed score and the summed weight of the votes it was in. */
export type ItemScores = Map<string, { score: number; votes: number }>;

const normalised = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a model (or a judge) is of the family: its normalised name contains the family's. */
export function isOfFamily(name: string, family: string): boolean {
  const f = normalised(family);
  return f.length > 0 && normalised(name).includes(f);
}

/** The family's item scores under the raters `raters` picks (votes with exactly one side of the family). */
export function familyItemScores(votes: RatedVotes, family: string, raters: (rater: number) => boolean): ItemScores {
  const own = votes.models.map((m) => isOfFamily(m, family));
  const out: ItemScores = new Map();
  for (let v = 0; v < votes.a.length; v++) {
    if (!raters(votes.rater[v])) continue;
    const ownA = own[votes.a[v]],
      ownB = own[votes.b[v]];
    if (ownA === ownB) continue;
    const o = votes.outcome[v];
    const score = o === 0 ? (ownA ? 1 : 0) : o === 1 ? (ownB ? 1 : 0) : 0.5;
    const w = votes.weight[v];
    const e = out.get(votes.item[v]) ?? { score: 0, votes: 0 };
    e.score += w * score;
    e.votes += w;
    out.set(votes.item[v], e);
  }
  return out;
}

export interface FamilyGap {
  /** Items both raters judged with exactly one answer of the family. */
  items: number;
  judgeVotes: number;
  otherVotes: number;
  /** The family's win rate under the judge and under the others, on the shared items. */
  judgeRate: number | null;
  otherRate: number | null;
  /** judgeRate − otherRate, with its bootstrap interval. */
  gap: number | null;
  lower: number | null;
  upper: number | null;
  level: number;
}

export interface GapOptions {
  rounds?: number;
  seed?: number;
  level?: number;
}

/** The judge's own-family win rate against another rater's on the items both have. */
export function familyGap(judge: ItemScores, other: ItemScores, options: GapOptions = {}): FamilyGap {
  const rounds = options.rounds ?? 1000;
  const level = options.level ?? 0.95;
  const shared = [...judge.keys()].filter((k) => other.has(k)).sort();
  const js = shared.map((k) => judge.get(k)!),
    os = shared.map((k) => other.get(k)!);
  const rates = (w: ArrayLike<number>) => {
    let a = 0,
      an = 0,
      b = 0,
      bn = 0;
    for (let i = 0; i < shared.length; i++) {
      a += w[i] * js[i].score;
      an += w[i] * js[i].votes;
      b += w[i] * os[i].score;
      bn += w[i] * os[i].votes;
    }
    return an > 0 && bn > 0 ? { judge: a / an, other: b / bn, judgeVotes: an, otherVotes: bn } : null;
  };
  const point = rates(new Float64Array(shared.length).fill(1));
  const empty = { items: shared.length, judgeRate: null, otherRate: null, gap: null, lower: null, upper: null, level };
  if (!point) return { ...empty, judgeVotes: 0, otherVotes: 0 };
  const sampler = new PoissonSampler(new Float64Array(shared.length).fill(1));
  const random = seededRandom(options.seed ?? 0);
  const draw = new Float64Array(shared.length);
  const gaps: number[] = [];
  for (let r = 0; r < rounds; r++) {
    sampler.sampleAll(random, draw);
    const x = rates(draw);
    if (x) gaps.push(x.judge - x.other);
  }
  const g = Float64Array.from(gaps);
  return {
    items: shared.length,
    judgeVotes: point.judgeVotes,
    otherVotes: point.otherVotes,
    judgeRate: point.judge,
    otherRate: point.other,
    gap: point.judge - point.other,
    lower: g.length > 1 ? quantileInPlace(g, (1 - level) / 2) : null,
    upper: g.length > 1 ? quantileInPlace(g, (1 + level) / 2) : null,
    level,
  };
}

export interface SelfPreference extends FamilyGap {
  judge: string;
  family: string;
  /** The raters it is compared with: every other rater not of the family. */
  others: string[];
  /** Models of the family among the votes. */
  familyModels: string[];
}

/** A judge (one of `votes.raters`) against every other rater whose name is not of its family, on the same items. */
export function selfPreference(votes: RatedVotes, judge: string, family: string, options: GapOptions = {}): SelfPreference {
  const j = votes.raters.indexOf(judge);
  if (j < 0) throw new Error(`selfPreference: no rater "${judge}" in these votes`);
  const isOther = votes.raters.map((r, k) => k !== j && !isOfFamily(r, family));
  const gap = familyGap(
    familyItemScores(votes, family, (r) => r === j),
    familyItemScores(votes, family, (r) => isOther[r]),
    options,
  );
  return {
    ...gap,
    judge,
    family,
    others: votes.raters.filter((_, k) => isOther[k]),
    familyModels: votes.models.filter((m) => isOfFamily(m, family)),
  };
}

/**
 * A judge of one source against the raters of another (people in a "compare with" file) on the
 * items both have: the two sources' votes must key their items alike (the same question id and
 * model pair). Every rater of `others` counts, whatever its name.
 */
export function selfPreferenceAgainst(
  votes: RatedVotes,
  judge: string,
  family: string,
  others: RatedVotes,
  options: GapOptions = {},
): SelfPreference {
  const j = votes.raters.indexOf(judge);
  if (j < 0) throw new Error(`selfPreferenceAgainst: no rater "${judge}" in these votes`);
  const gap = familyGap(
    familyItemScores(votes, family, (r) => r === j),
    familyItemScores(others, family, () => true),
    options,
  );
  return { ...gap, judge, family, others: [...others.raters], familyModels: votes.models.filter((m) => isOfFamily(m, family)) };
}
