/**
 * Topics recovered from prompts with planted topics: several vocabularies (real words of six
 * languages and scripts, invented words of three scripts), several seeds and numbers of topics.
 * The broad topics must match the planted groups (adjusted Rand index > 0.8), each planted group's
 * label must name its own words, and the same input and seed must give the same topics.
 */
import { describe, expect, it } from 'vitest';
import { adjustedRand } from '../../../src/core/stats/adjusted-rand.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { clusterTopics } from '../../../src/core/topics/cluster.ts';
import { STOPWORDS } from '../../../src/core/topics/stopwords.ts';
import { FILLER, REAL_VOCABULARIES, SUB_TOPICS, inventedVocabulary, plantedPrompts, type Planted } from './planted.ts';

const real = Object.values(REAL_VOCABULARIES);

function invented(seed: number, scripts: ('latin' | 'cyrillic' | 'greek')[]): string[][] {
  const random = seededRandom(seed);
  return scripts.map((s) => inventedVocabulary(s, 20, random));
}

/** The planted group most of a topic's prompts come from. */
function majority(planted: Planted, top: Int32Array, topic: number): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < top.length; i++) if (top[i] === topic) counts.set(planted.truth[i], (counts.get(planted.truth[i]) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

const cases = [
  { name: 'six languages, six topics', vocabularies: real, seed: 1, perTopic: 250 },
  { name: 'four of them, another seed', vocabularies: real.slice(0, 4), seed: 2, perTopic: 300 },
  { name: 'three others, more filler', vocabularies: real.slice(3), seed: 5, perTopic: 300, fillerWords: 10 },
  {
    name: 'invented words, eight topics in three scripts',
    vocabularies: invented(9, ['latin', 'cyrillic', 'greek', 'latin', 'latin', 'cyrillic', 'latin', 'greek']),
    seed: 3,
    perTopic: 200,
  },
  {
    name: 'invented words, five topics',
    vocabularies: invented(21, ['latin', 'greek', 'cyrillic', 'latin', 'greek']),
    seed: 4,
    perTopic: 250,
  },
];

describe('clusterTopics on planted topics', () => {
  for (const c of cases) {
    it(c.name, () => {
      const planted = plantedPrompts(c.vocabularies, FILLER, c.perTopic, c.seed, 4, c.fillerWords ?? 7);
      const model = clusterTopics(planted.texts, { seed: c.seed + 10 });
      const broad = model.nodes.filter((n) => n.level === 1);
      expect(adjustedRand(model.top, planted.truth)).toBeGreaterThan(0.8);
      // Each broad topic's label names words of the group it mostly holds, and no filler word.
      for (const node of broad) {
        const group = new Set(c.vocabularies[majority(planted, model.top, node.id)]);
        expect(node.terms.length).toBe(5);
        expect(node.terms.filter((t) => group.has(t)).length, `${node.terms.join(' ')}`).toBeGreaterThanOrEqual(4);
        for (const t of node.terms) expect(STOPWORDS.has(t), t).toBe(false);
      }
      // Every planted group is named by some topic.
      const named = new Set(broad.map((n) => majority(planted, model.top, n.id)));
      expect(named.size).toBe(c.vocabularies.length);
      // Sizes add up, at both levels, and every prompt's leaf lies under its broad topic.
      expect(broad.reduce((s, n) => s + n.size, 0)).toBe(planted.texts.length);
      for (let i = 0; i < planted.texts.length; i++) {
        const leaf = model.nodes[model.leaf[i]];
        expect(leaf.level === 1 ? leaf.id : leaf.parent).toBe(model.top[i]);
      }
      for (const node of broad) {
        const children = model.nodes.filter((n) => n.parent === node.id);
        if (children.length) expect(children.reduce((s, n) => s + n.size, 0)).toBe(node.size);
        for (const e of node.examples) expect(model.top[e]).toBe(node.id);
      }
    });
  }

  it('gives the same topics for the same prompts and seed', () => {
    const planted = plantedPrompts(real.slice(0, 3), FILLER, 150, 8);
    const a = clusterTopics(planted.texts, { seed: 3 });
    const b = clusterTopics(planted.texts, { seed: 3 });
    expect(Array.from(b.top)).toEqual(Array.from(a.top));
    expect(Array.from(b.leaf)).toEqual(Array.from(a.leaf));
    expect(b.nodes).toEqual(a.nodes);
  });

  it('splits a broad topic into its planted sub-topics', () => {
    // Two broad groups (English cooking, French travel) of two sub-groups each: a prompt draws 3
    // words of its broad group, 3 of its sub-group and 5 filler words.
    const random = seededRandom(31);
    const broadWords = SUB_TOPICS.broad;
    const subWords = SUB_TOPICS.sub;
    const texts: string[] = [];
    const truth: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const sub = Math.floor(random.next() * 4);
      const draw = (xs: string[], k: number) => Array.from({ length: k }, () => xs[Math.floor(random.next() * xs.length)]);
      texts.push([...draw(broadWords[sub >> 1], 3), ...draw(subWords[sub], 3), ...draw(FILLER, 5)].join(' '));
      truth.push(sub);
    }
    const model = clusterTopics(texts, { seed: 2 });
    const broadTruth = truth.map((t) => t >> 1);
    expect(adjustedRand(model.top, broadTruth)).toBeGreaterThan(0.8);
    expect(adjustedRand(model.leaf, truth)).toBeGreaterThan(0.8);
  });

  it('leaves prompts without text out', () => {
    const planted = plantedPrompts(real.slice(0, 3), FILLER, 100, 9);
    const texts: (string | null)[] = [...planted.texts, null, '', '?!'];
    const model = clusterTopics(texts, { seed: 1 });
    expect(Array.from(model.top.slice(-3))).toEqual([-1, -1, -1]);
    expect(adjustedRand(model.top.slice(0, -3), planted.truth)).toBeGreaterThan(0.8);
  });
});
