import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { adjustedRand } from '../../../src/core/stats/adjusted-rand.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from '../topics/planted.ts';
import { run, tempDir, write } from './helpers.ts';

/**
 * `rank --topics` on a file with planted topics (four vocabularies of four languages mixed with
 * filler words), each topic with its own best model: the broad topics recover the planted groups,
 * their labels name the planted words, and each topic's board equals a Bradley-Terry fit written
 * out here on that topic's votes alone.
 */
const dir = tempDir();
const MODELS = ['m-alpha', 'm-beta', 'm-gamma', 'm-delta'];
const vocabularies = Object.values(REAL_VOCABULARIES).slice(1, 5);
const planted = plantedPrompts(vocabularies, FILLER, 150, 31);
const random = seededRandom(8);
// Topic t's best model is MODELS[t]: it wins 85% of its votes there; the other pairs are even.
const votes = planted.texts.map((text, i) => {
  const a = Math.floor(random.next() * 4);
  let b = Math.floor(random.next() * 3);
  if (b >= a) b++;
  const best = planted.truth[i];
  const pA = a === best ? 0.85 : b === best ? 0.15 : 0.5;
  return { a: MODELS[a], b: MODELS[b], winner: random.next() < pA ? 'model_a' : 'model_b', text };
});
// The planted words hold no comma or quote: each row is plain CSV.
const file = write(
  dir,
  'planted.csv',
  ['model_a,model_b,winner,prompt', ...votes.map((v) => `${v.a},${v.b},${v.winner},${v.text}`)].join('\n') + '\n',
);

/** Bradley-Terry by Hunter's (2004) MM iteration over single votes: p_i ← W_i / Σ_j n_ij / (p_i + p_j); log-strengths. */
function bradleyTerry(list: { a: string; b: string; winner: string }[]): Map<string, number> {
  const m = MODELS.length;
  const wins = new Float64Array(m);
  const n = new Float64Array(m * m);
  for (const v of list) {
    const a = MODELS.indexOf(v.a),
      b = MODELS.indexOf(v.b);
    wins[v.winner === 'model_a' ? a : b]++;
    n[a * m + b]++;
    n[b * m + a]++;
  }
  let p = new Float64Array(m).fill(1);
  for (let it = 0; it < 5000; it++) {
    const next = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let d = 0;
      for (let j = 0; j < m; j++) if (j !== i && n[i * m + j] > 0) d += n[i * m + j] / (p[i] + p[j]);
      next[i] = wins[i] / d;
    }
    const g = Math.exp(next.reduce((s, x) => s + Math.log(x), 0) / m);
    p = next.map((x) => x / g);
  }
  return new Map(MODELS.map((model, i) => [model, Math.log(p[i])]));
}

interface Record {
  model: string;
  rank: number;
  rating: number;
  votes: number;
  rank_overall: number;
  rank_change: number;
}
interface Out {
  format: string;
  seed: number;
  topics: { id: number; parent: number | null; level: number; size: number; terms: string[]; examples: string[] }[];
  votes: { top: number[]; leaf: number[] };
  boards: { topic: number; board: { models: Record[] } }[];
}

const majority = (top: number[], t: number) => {
  const counts = new Map<number, number>();
  top.forEach((x, i) => x === t && counts.set(planted.truth[i], (counts.get(planted.truth[i]) ?? 0) + 1));
  return [...counts].sort((x, y) => y[1] - x[1])[0][0];
};

describe('rank --topics', () => {
  it('recovers the planted topics, names them by their words, and fits each board as a separate fit of its votes', async () => {
    const r = await run(main, file, '--topics', '--seed', '3', '--bootstrap', '0', '--json');
    expect(r.stderr).not.toMatch(/^rank:/m);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.format).toBe('arena-lens-topics/1');
    expect(out.seed).toBe(3);
    const broad = out.topics.filter((t) => t.level === 1);
    expect(broad).toHaveLength(4);
    expect(out.votes.top).toHaveLength(votes.length);
    expect(adjustedRand(Int32Array.from(out.votes.top), planted.truth)).toBeGreaterThan(0.8);
    for (const t of broad) {
      const words = new Set(vocabularies[majority(out.votes.top, t.id)]);
      expect(t.terms.filter((w) => words.has(w)).length, t.terms.join(' ')).toBeGreaterThanOrEqual(4);
      expect(t.examples.length).toBeGreaterThan(0);
    }
    // Sub-topics sit under broad ones and their sizes add up.
    for (const t of broad) {
      const subs = out.topics.filter((s) => s.parent === t.id);
      if (subs.length) expect(subs.reduce((s, x) => s + x.size, 0)).toBe(t.size);
    }
    const scale = 400 / Math.LN10;
    expect(out.boards.map((b) => b.topic)).toEqual(broad.map((t) => t.id));
    for (const b of out.boards) {
      const own = votes.filter((_, i) => out.votes.top[i] === b.topic);
      const theta = bradleyTerry(own);
      const rating = new Map(b.board.models.map((m) => [m.model, m.rating]));
      for (const model of MODELS)
        expect(rating.get(model)! - rating.get(MODELS[0])!).toBeCloseTo(scale * (theta.get(model)! - theta.get(MODELS[0])!), 1);
      expect(b.board.models.reduce((s, m) => s + m.votes, 0)).toBe(2 * own.length);
      // The planted best model leads its topic; rank change is the rank on all votes less the rank here.
      expect(b.board.models[0].model).toBe(MODELS[majority(out.votes.top, b.topic)]);
      for (const m of b.board.models) expect(m.rank_change).toBe(m.rank_overall - m.rank);
    }
  });

  it('prints the hierarchy and one topic’s board as text, a CSV of the boards, and says what is wrong', async () => {
    const all = await run(main, file, '--topics', '--seed', '3', '--bootstrap', '0');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^topics of 600 prompts with text \(of 600 votes\), seed 3: 4 broad topics/);
    expect(all.stdout).toMatch(/^\[0\] \S+ · \S+/m);
    const one = await run(main, file, '--topics', '--seed', '3', '--bootstrap', '0', '--topic', '2');
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^broad topic \[2\] /m);
    expect(one.stdout).not.toMatch(/^broad topic \[0\] /m);
    const csv = await run(main, file, '--topics', '--seed', '3', '--bootstrap', '0', '--csv');
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^topic_seed,topic,level,terms,rank,model,rating,lower,upper,votes,rank_overall,rank_change,flag,source_file,/,
    );
    expect(lines[1]).toMatch(/^3,\d+,1,/);
    expect(lines).toHaveLength(1 + 4 * MODELS.length);

    const usage = [
      await run(main, file, '--topic', '1'),
      await run(main, file, '--topics', '--method', 'elo'),
      await run(main, file, '--topics', '--seed', '0'),
      await run(main, file, '--topics', '--topic', '9999', '--bootstrap', '0'),
    ];
    expect(usage.map((u) => u.code)).toEqual([2, 2, 2, 2]);
    expect(usage[3].stderr).toMatch(/--topic 9999: no such topic/);
    const bare = write(dir, 'bare.csv', 'model_a,model_b,winner\na,b,model_a\nb,a,model_b\n');
    const none = await run(main, bare, '--topics');
    expect([none.code, none.stderr]).toEqual([1, expect.stringMatching(/no prompt text to cluster/)]);
  });
});
