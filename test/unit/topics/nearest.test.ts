/**
 * A prompt's nearest prompts against a brute-force cosine written here: every prompt's vector
 * compared with the query's by the plain formula a·b / (|a| |b|), sorted, cut at k or at the
 * threshold. And on planted topics, a query made of one vocabulary's words finds that topic's prompts.
 */
import { describe, expect, it } from 'vitest';
import { embedText, promptVectors } from '../../../src/core/topics/vectors.ts';
import { nearestBattles, nearestPrompts, similaritySpread } from '../../../src/core/topics/nearest.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from './planted.ts';

const vocabularies = Object.values(REAL_VOCABULARIES).slice(0, 4);
const planted = plantedPrompts(vocabularies, FILLER, 100, 3);
const texts: (string | null)[] = [...planted.texts, null, '', '?!'];
const vectors = promptVectors(texts, 128);

function bruteForce(query: Float32Array, allowed?: (i: number) => boolean): { i: number; s: number }[] {
  const out: { i: number; s: number }[] = [];
  for (let i = 0; i < vectors.n; i++) {
    const row = vectors.data.subarray(i * vectors.dims, (i + 1) * vectors.dims);
    let ab = 0,
      aa = 0,
      bb = 0;
    for (let d = 0; d < vectors.dims; d++) {
      ab += row[d] * query[d];
      aa += row[d] * row[d];
      bb += query[d] * query[d];
    }
    if (aa === 0 || (allowed && !allowed(i))) continue;
    out.push({ i, s: ab / Math.sqrt(aa * bb) });
  }
  return out.sort((x, y) => y.s - x.s || x.i - y.i);
}

describe('nearest prompts', () => {
  const query = embedText(vectors.space, 'recipe for a garlic butter sauce in the oven, please')!;

  it('places a text of the file exactly where the file put it', () => {
    const again = embedText(vectors.space, planted.texts[17])!;
    const row = vectors.data.subarray(17 * vectors.dims, 18 * vectors.dims);
    for (let d = 0; d < vectors.dims; d++) expect(again[d]).toBeCloseTo(row[d], 6);
    const near = nearestPrompts(vectors, again, { k: 1 });
    expect(near.similarity[0]).toBeCloseTo(1, 5);
    expect(planted.texts[near.rows[0]]).toBe(planted.texts[17]);
  });

  it('the nearest k are the brute force’s first k, in its order', () => {
    const expected = bruteForce(query);
    for (const k of [1, 10, 57, 200]) {
      const near = nearestPrompts(vectors, query, { k });
      expect(Array.from(near.rows)).toEqual(expected.slice(0, k).map((x) => x.i));
      near.similarity.forEach((s, j) => expect(s).toBeCloseTo(expected[j].s, 5));
    }
    // More than there are: every prompt with text, never the three without.
    const all = nearestPrompts(vectors, query, { k: 10_000 });
    expect(all.rows.length).toBe(planted.texts.length);
    expect(all.candidates).toBe(planted.texts.length);
  });

  it('a threshold takes every prompt at least that near, and none below', () => {
    const expected = bruteForce(query);
    for (const min of [0.2, 0.35, 0.5]) {
      const near = nearestPrompts(vectors, query, { minSimilarity: min });
      // Float32 rounding may move a prompt lying on the threshold: compare away from it.
      const clear = expected.filter((x) => Math.abs(x.s - min) > 1e-5);
      const chosen = new Set(near.rows);
      for (const x of clear) expect(chosen.has(x.i), `${x.s}`).toBe(x.s >= min);
      expect(near.rows.length).toBeGreaterThan(0);
    }
  });

  it('a slice narrows the candidates', () => {
    const odd = (i: number) => i % 2 === 1;
    const allowed = Uint8Array.from({ length: vectors.n }, (_, i) => (odd(i) ? 1 : 0));
    const near = nearestPrompts(vectors, query, { k: 30 }, allowed);
    expect(Array.from(near.rows)).toEqual(
      bruteForce(query, odd)
        .slice(0, 30)
        .map((x) => x.i),
    );
  });

  it('a query of one vocabulary finds mostly that planted topic’s prompts (four in five at least)', () => {
    for (let t = 0; t < vocabularies.length; t++) {
      const q = embedText(vectors.space, vocabularies[t].slice(0, 5).join(' '))!;
      const near = nearestPrompts(vectors, q, { k: 50 });
      const own = Array.from(near.rows).filter((i) => planted.truth[i] === t).length;
      expect(own, vocabularies[t][0]).toBeGreaterThanOrEqual(40);
    }
  });

  it('battles by row id, within the slice’s row ids', () => {
    const rowIds = Int32Array.from({ length: vectors.n }, (_, i) => 1000 + 3 * i);
    const slice = Array.from(rowIds).filter((_, i) => i % 3 !== 0);
    const text = 'étoile galaxie télescope';
    const near = nearestBattles({ vectors, rowIds }, text, { k: 25 }, slice);
    const q = embedText(vectors.space, text)!;
    expect(Array.from(near.rowIds)).toEqual(
      bruteForce(q, (i) => i % 3 !== 0)
        .slice(0, 25)
        .map((x) => rowIds[x.i]),
    );
    expect(near.candidates).toBe(slice.length - 2);
    expect(() => nearestBattles({ vectors, rowIds }, ' ?! ', { k: 5 })).toThrow(/no letters or digits/);
  });

  it('the spread of the chosen similarities', () => {
    expect(similaritySpread(new Float32Array([0.9, 0.5, 0.7]))).toEqual({ min: 0.5, median: expect.closeTo(0.7, 6) });
    expect(similaritySpread(new Float32Array([0.25, 0.75, 0.5, 1]))).toEqual({ min: 0.25, median: 0.625 });
    expect(similaritySpread(new Float32Array([]))).toBeNull();
  });
});
