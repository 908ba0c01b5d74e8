import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWorkerGlobals } from './web-worker.ts';
import { MAX_RATED_MODELS, RatingsStore } from '../../../src/state/ratings.svelte.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

beforeAll(installWorkerGlobals);
const stores: RatingsStore[] = [];
afterAll(() => stores.forEach((s) => s.reset()));

/** Decisive votes only (outcome 0: a wins): `wins[i][j]` votes in which model i beat model j. */
function counts(models: string[], wins: number[][]): PairCounts {
  const a: number[] = [],
    b: number[] = [],
    n: number[] = [];
  wins.forEach((row, i) =>
    row.forEach((w, j) => {
      if (w === 0) return;
      a.push(i);
      b.push(j);
      n.push(w);
    }),
  );
  return { models, a: Int32Array.from(a), b: Int32Array.from(b), outcome: new Uint8Array(a.length), n: Float64Array.from(n) };
}
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
};
const rating = (store: RatingsStore, model: string) => store.leaderboard!.rows.find((r) => r.model === model)!.rating!;

describe('the ratings store, with the real rating worker', () => {
  it('fits a sub-slice in the worker: 30 wins to 10 is 400·log10(3) Elo points apart, around 1000', async () => {
    const store = new RatingsStore();
    stores.push(store);
    const board = await store.subBoard(
      counts(
        ['a', 'b'],
        [
          [0, 30],
          [10, 0],
        ],
      ),
      { bootstrapRounds: 0 },
    );
    const [a, b] = ['a', 'b'].map((m) => board.rows.find((r) => r.model === m)!.rating!);
    expect(a - b).toBeCloseTo(400 * Math.log10(3), 6);
    expect((a + b) / 2).toBeCloseTo(1000, 6);
  });

  it('shows the board of the newest counts when asked twice in a row, with its bootstrap rounds', async () => {
    const store = new RatingsStore();
    stores.push(store);
    const older = counts(
      ['x', 'y'],
      [
        [0, 5],
        [5, 0],
      ],
    );
    const newer = counts(
      ['p', 'q', 'r'],
      [
        [0, 20, 20],
        [10, 0, 20],
        [10, 10, 0],
      ],
    );
    void store.run(older, { bootstrapRounds: 50, seed: 1 });
    void store.run(newer, { bootstrapRounds: 50, seed: 1 });
    await until(() => !store.computing && store.leaderboard !== null);
    expect(store.counts).toBe(newer);
    expect(store.leaderboard!.rows.map((r) => r.model).sort()).toEqual(['p', 'q', 'r']);
    expect(store.roundsDone).toBe(50);
    expect(rating(store, 'p')).toBeGreaterThan(rating(store, 'q'));
    expect(rating(store, 'q')).toBeGreaterThan(rating(store, 'r'));
    expect(store.error).toBeNull();
  });

  it('says, without fitting, when there are more models than a tab can rate', async () => {
    const store = new RatingsStore();
    stores.push(store);
    const many = Array.from({ length: MAX_RATED_MODELS + 1 }, (_, i) => `m${i}`);
    await store.run({ models: many, a: new Int32Array(), b: new Int32Array(), outcome: new Uint8Array(), n: new Float64Array() }, {});
    expect(store.leaderboard).toBeNull();
    expect(store.error).toMatch(/^ratings: 1,501 models are too many to rate together/);
  });
});
