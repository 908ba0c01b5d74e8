/**
 * Votes in LMArena's shape, shared by the 100k (JSON strings) and 140k (structs) samples: conversations
 * with markdown in each model's style, conv_metadata counted from that text, category tags, dedup tags,
 * and outcomes with a planted style effect, so style control has something to find:
 *   P(A beats B) = σ((Ra − Rb)·ln10/400 + Σ_f β_f·d_f),  d_f = (s_f(A) − s_f(B)) / (s_f(A) + s_f(B) + 1),
 * s_f = assistant tokens, headers (h1..h6), list items (ordered + unordered), bold spans (** and __),
 * summed over the conversation (the features of src/core/stats/style-control.ts, before z-scoring).
 * Ties and both_bad count half a win each side in expectation (ratings.ts drawOutcome).
 */
import type { Outcome } from '../../src/core/outcome.ts';
import { type MarkdownCounts, type StyleProfile, NO_MARKDOWN, addCounts, markdownCounts, styledAnswer, tokens } from './markdown.ts';
import { ExpectedScores, drawOutcome, type Ratings } from './ratings.ts';
import type { Rng } from './rng.ts';
import { LANGUAGES, LANGUAGE_WEIGHTS, followUp, prompt } from './text.ts';

export interface LmModel {
  name: string;
  rating: number;
  popularity: number;
  style: StyleProfile;
}

/** Planted style coefficients, per unit of the normalised difference d_f (log-odds). */
export const STYLE_BETA = { length: 0.8, header: 0.5, list: 0.4, bold: 0.3 } as const;
export type StyleFeature = keyof typeof STYLE_BETA;
const ELO_PER_LOGIT = 400 / Math.LN10;

/** Short prompts users send again and again: LMArena tags them high_freq and keeps only a sample. */
export const HIGH_FREQ_PROMPTS = ['hi', 'hello', 'test', 'who are you?', 'what model are you?', 'tell me a joke'];
/** Share of high_freq rows kept in the de-duplicated leaderboard (dedup_tag.sampled). */
export const HIGH_FREQ_SAMPLED = 0.25;
const REFUSAL = "I'm sorry, but I can't help with that request.";

export const CRITERIA = [
  'specificity',
  'domain_knowledge',
  'complexity',
  'problem_solving',
  'creativity',
  'technical_accuracy',
  'real_world',
] as const;

export interface Exchange {
  user: string;
  a: string;
  b: string;
}

/** conv_metadata in LMArena's key order (side a's markdown counts, then side b's). */
export interface ConvMetadata {
  sum_user_tokens: number;
  sum_assistant_a_tokens: number;
  sum_assistant_b_tokens: number;
  context_a_tokens: number;
  context_b_tokens: number;
  turns: number;
  header_count_a: MarkdownCounts['header'];
  list_count_a: MarkdownCounts['list'];
  bold_count_a: MarkdownCounts['bold'];
  header_count_b: MarkdownCounts['header'];
  list_count_b: MarkdownCounts['list'];
  bold_count_b: MarkdownCounts['bold'];
}

/** category_tag in the 100k file's key order. */
export interface CategoryTag {
  'criteria_v0.1': Record<(typeof CRITERIA)[number], boolean>;
  'if_v0.1': { if: boolean; score: number };
  'math_v0.1': { math: boolean };
  'creative_writing_v0.1': { creative_writing: boolean; score: string };
}

export interface LmVote {
  a: string;
  b: string;
  outcome: Outcome;
  language: string;
  isCode: boolean;
  isRefusal: boolean;
  hard: boolean;
  turns: Exchange[];
  meta: ConvMetadata;
  category: CategoryTag;
  dedup: { high_freq: boolean; sampled: boolean };
  /** Days since the start, fractional. */
  day: number;
  /** Style term of this vote in log-odds (Σ β_f d_f). */
  style: number;
  /** The two models' ratings in this vote's slice (language, code, hard prompt), without the style term. */
  ra: number;
  rb: number;
}

export interface VoteOptions {
  models: readonly LmModel[];
  votes: number;
  days: number;
  /** Rating offsets on coding prompts, per language, and on hard prompts. */
  codeEffects: Record<string, number>;
  languageEffects: Record<string, Record<string, number>>;
  hardEffects: Record<string, number>;
  pTie: number;
  pBothBad: number;
  /** Share of prompts that are about code. */
  code: number;
}

export function styleFeatures(m: ConvMetadata): Record<StyleFeature, [number, number]> {
  const sum = (o: Record<string, number>) => Object.values(o).reduce((s, x) => s + x, 0);
  return {
    length: [m.sum_assistant_a_tokens, m.sum_assistant_b_tokens],
    header: [sum(m.header_count_a), sum(m.header_count_b)],
    list: [sum(m.list_count_a), sum(m.list_count_b)],
    bold: [sum(m.bold_count_a), sum(m.bold_count_b)],
  };
}

export function styleLogit(m: ConvMetadata): number {
  let s = 0;
  for (const [f, [a, b]] of Object.entries(styleFeatures(m)) as [StyleFeature, [number, number]][])
    s += STYLE_BETA[f] * ((a - b) / (a + b + 1));
  return s;
}

export function convMetadata(turns: readonly Exchange[]): ConvMetadata {
  let user = 0;
  let ta = 0;
  let tb = 0;
  let ca = NO_MARKDOWN;
  let cb = NO_MARKDOWN;
  for (const t of turns) {
    user += tokens(t.user);
    ta += tokens(t.a);
    tb += tokens(t.b);
    ca = addCounts(ca, markdownCounts(t.a));
    cb = addCounts(cb, markdownCounts(t.b));
  }
  const last = turns[turns.length - 1]!;
  return {
    sum_user_tokens: user,
    sum_assistant_a_tokens: ta,
    sum_assistant_b_tokens: tb,
    // what each model read before its last answer
    context_a_tokens: user + ta - tokens(last.a),
    context_b_tokens: user + tb - tokens(last.b),
    turns: turns.length,
    header_count_a: ca.header,
    list_count_a: ca.list,
    bold_count_a: ca.bold,
    header_count_b: cb.header,
    list_count_b: cb.list,
    bold_count_b: cb.bold,
  };
}

function categoryTag(rng: Rng, isCode: boolean, highFreq: boolean): { tag: CategoryTag; hard: boolean } {
  const hard = !highFreq && rng.bool(isCode ? 0.45 : 0.18);
  // A hard prompt meets 6 or 7 of the 7 criteria; any other meets at most 5.
  const met = hard ? 6 + rng.int(2) : highFreq ? 0 : Math.min(5, rng.int(6));
  const order = CRITERIA.map((c) => [c, rng.next()] as const)
    .sort((x, y) => x[1] - y[1])
    .map(([c]) => c);
  const on = new Set(order.slice(0, met));
  const ifScore = highFreq ? 0 : rng.weightedIndex([30, 20, 15, 15, 12, 8]);
  const creative = !highFreq && !isCode && rng.bool(0.12);
  return {
    hard,
    tag: {
      'criteria_v0.1': Object.fromEntries(CRITERIA.map((c) => [c, on.has(c)])) as CategoryTag['criteria_v0.1'],
      'if_v0.1': { if: ifScore >= 4, score: ifScore },
      'math_v0.1': { math: !highFreq && !creative && rng.bool(0.08) },
      'creative_writing_v0.1': { creative_writing: creative, score: creative ? 'yes' : 'no' },
    },
  };
}

function ratingOf(o: VoteOptions, base: Ratings, m: string, v: { isCode: boolean; language: string; hard: boolean }): number {
  return (
    base[m]! + (v.isCode ? (o.codeEffects[m] ?? 0) : 0) + (o.languageEffects[v.language]?.[m] ?? 0) + (v.hard ? (o.hardEffects[m] ?? 0) : 0)
  );
}

/**
 * What the votes (but those in `skip`) imply in expectation: `pooled` with the style effect (a plain
 * Bradley-Terry fit's target), `controlled` without it (style control's target).
 */
export function impliedRatings(votes: readonly LmVote[], skip: ReadonlySet<number> = new Set()): { pooled: Ratings; controlled: Ratings } {
  const pooled = new ExpectedScores();
  const controlled = new ExpectedScores();
  votes.forEach((v, k) => {
    if (skip.has(k)) return;
    pooled.add(v.a, v.b, v.ra + ELO_PER_LOGIT * v.style, v.rb);
    controlled.add(v.a, v.b, v.ra, v.rb);
  });
  return { pooled: pooled.fit(), controlled: controlled.fit() };
}

/** Draws the votes in time order. */
export function drawVotes(rng: Rng, o: VoteOptions): LmVote[] {
  const base = Object.fromEntries(o.models.map((m) => [m.name, m.rating]));
  const days = Array.from({ length: o.votes }, () => rng.next() * o.days).sort((x, y) => x - y);
  const votes = days.map((day): LmVote => {
    const [i, j] = rng.pair(o.models.map((m) => m.popularity));
    const ma = o.models[i]!;
    const mb = o.models[j]!;
    const highFreq = rng.bool(0.08);
    const isCode = !highFreq && rng.bool(o.code);
    const language = isCode || highFreq ? 'English' : rng.weighted(LANGUAGES, LANGUAGE_WEIGHTS);
    const { tag, hard } = categoryTag(rng, isCode, highFreq);
    const ex = prompt(rng, language);
    const first = highFreq ? rng.pick(HIGH_FREQ_PROMPTS) : isCode ? `Write a Python function for ${ex.topic}.` : ex.prompt;
    const n = highFreq ? 1 : 1 + rng.weightedIndex([80, 15, 5]);
    const turns: Exchange[] = [];
    for (let t = 0; t < n; t++) {
      const user = t === 0 ? first : followUp(rng, language);
      turns.push({
        user,
        a: styledAnswer(rng, language, ex.topic, ma.style, isCode),
        b: styledAnswer(rng, language, ex.topic, mb.style, isCode),
      });
    }
    const isRefusal = !isCode && rng.bool(0.03);
    if (isRefusal) turns[turns.length - 1]![rng.bool(0.5) ? 'a' : 'b'] = REFUSAL;
    const meta = convMetadata(turns);
    const style = styleLogit(meta);
    const v = { isCode, language, hard };
    const ra = ratingOf(o, base, ma.name, v);
    const rb = ratingOf(o, base, mb.name, v);
    const outcome = drawOutcome(rng, ra + ELO_PER_LOGIT * style, rb, o.pTie, o.pBothBad);
    return {
      a: ma.name,
      b: mb.name,
      outcome,
      language,
      isCode,
      isRefusal,
      hard,
      turns,
      meta,
      category: tag,
      dedup: { high_freq: highFreq, sampled: highFreq ? rng.bool(HIGH_FREQ_SAMPLED) : true },
      day,
      style,
      ra,
      rb,
    };
  });
  return votes;
}

/** SQL (over a relation with the style counts as columns la, lb, ha, hb, ia, ib, ba, bb) giving d_f per feature. */
export const STYLE_DIFF_SQL: Record<StyleFeature, string> = {
  length: '(la - lb) / (la + lb + 1)',
  header: '(ha - hb) / (ha + hb + 1)',
  list: '(ia - ib) / (ia + ib + 1)',
  bold: '(ba - bb) / (ba + bb + 1)',
};
