/**
 * A prompt's nearest prompts: cosine similarity between a pasted prompt and every prompt of the file,
 * in the space the topics are found in (vectors.ts: unit vectors, so the cosine is the dot product).
 * The battles of those prompts give a prompt's leaderboard, a simple stand-in for
 * Prompt-to-Leaderboard (lmarena/p2l), which learns a model from prompt to leaderboard instead.
 */
import { embedText, type PromptVectors } from './vectors.ts';

/** The nearest `k` prompts, or every prompt at least `minSimilarity` near. */
export type NearChoice = { k: number } | { minSimilarity: number };

export interface NearestPrompts {
  /** Indices of the prompts (into the vectors' rows), nearest first; ties in row order. */
  rows: Int32Array;
  /** Each one's cosine similarity to the query, in the same order (non-increasing). */
  similarity: Float32Array;
  /** Prompts with text that could be chosen (present and allowed). */
  candidates: number;
}

/**
 * The prompts nearest `query` (a unit vector of the same space). `allowed` (per row, 1 = may be
 * chosen) narrows the candidates to a slice of the file; rows without text are never chosen.
 */
export function nearestPrompts(vectors: PromptVectors, query: Float32Array, choice: NearChoice, allowed?: Uint8Array): NearestPrompts {
  const { data, dims, n, present } = vectors;
  if (query.length !== dims) throw new Error(`nearestPrompts: the query has ${query.length} dimensions, the prompts ${dims}`);
  const sims = new Float64Array(n);
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!present[i] || (allowed && !allowed[i])) continue;
    let s = 0;
    const off = i * dims;
    for (let d = 0; d < dims; d++) s += data[off + d] * query[d];
    sims[i] = s;
    candidates.push(i);
  }
  candidates.sort((x, y) => sims[y] - sims[x] || x - y);
  let take: number;
  if ('k' in choice) {
    if (!(Number.isInteger(choice.k) && choice.k >= 1)) throw new Error(`nearestPrompts: k must be a whole number ≥ 1, got ${choice.k}`);
    take = Math.min(choice.k, candidates.length);
  } else {
    const min = choice.minSimilarity;
    if (!(min >= -1 && min <= 1)) throw new Error(`nearestPrompts: the similarity threshold must lie in [-1, 1], got ${min}`);
    take = 0;
    while (take < candidates.length && sims[candidates[take]] >= min) take++;
  }
  const rows = Int32Array.from(candidates.slice(0, take));
  return { rows, similarity: Float32Array.from(rows, (i) => sims[i]), candidates: candidates.length };
}

/** The least and the median similarity of the prompts chosen (null when none). */
export function similaritySpread(similarity: Float32Array): { min: number; median: number } | null {
  const n = similarity.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(similarity).sort();
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { min: sorted[0], median };
}

/** A file's prompts in the topics' space, with the battle (row id) each belongs to, in the same order. */
export interface PromptIndex {
  vectors: PromptVectors;
  rowIds: Int32Array;
}

export interface NearestBattles {
  /** Row ids of the battles, nearest prompt first. */
  rowIds: Int32Array;
  similarity: Float32Array;
  candidates: number;
}

/**
 * The battles whose prompts are nearest `text`, among `sliceRowIds` when given (the battles of
 * the slice), else among all. Throws when the text has nothing to compare (no letters or digits).
 */
export function nearestBattles(
  index: PromptIndex,
  text: string,
  choice: NearChoice,
  sliceRowIds?: ArrayLike<number> | null,
): NearestBattles {
  const query = embedText(index.vectors.space, text);
  if (!query) throw new Error('the prompt has no letters or digits to compare with the file’s prompts');
  let allowed: Uint8Array | undefined;
  if (sliceRowIds) {
    const position = new Map<number, number>();
    index.rowIds.forEach((id, i) => position.set(id, i));
    allowed = new Uint8Array(index.rowIds.length);
    for (let i = 0; i < sliceRowIds.length; i++) {
      const p = position.get(sliceRowIds[i]);
      if (p !== undefined) allowed[p] = 1;
    }
  }
  const near = nearestPrompts(index.vectors, query, choice, allowed);
  return { rowIds: Int32Array.from(near.rows, (i) => index.rowIds[i]), similarity: near.similarity, candidates: near.candidates };
}

/** The choice in words: "the 500 nearest prompts", "prompts at least 0.6 similar". */
export function nearChoiceText(choice: NearChoice): string {
  return 'k' in choice ? `the ${choice.k.toLocaleString('en-US')} nearest prompts` : `prompts at least ${choice.minSimilarity} similar`;
}
