import { describe, expect, it } from 'vitest';
import { compareSlices, MAX_DROPPED_SHARE, SliceComparer } from '../../../src/core/stats/slice-compare.ts';
import { sliceConditions, sliceDimensions, pickLabel } from '../../../src/core/sql/slices.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { countsOf, randomRatings, simulateVotes } from './fixtures.ts';

const M = 16;
const PLANTED = 3;
const EFFECT = 300;
const truth = randomRatings(M, 80, 7);
const names = [...truth.map((_, k) => `m${k}`), 'newcomer'];
const withNames = (c: PairCounts): PairCounts => ({ ...c, models: names });

// Left: model 3 is 300 points stronger, and a newcomer plays only there. Right: everyone as usual.
const leftTruth = [...truth.map((r, k) => (k === PLANTED ? r + EFFECT : r)), 1000];
const left = withNames(simulateVotes(leftTruth, 14_000, seededRandom(11)));
const right = withNames(simulateVotes(truth, 14_000, seededRandom(12)));

describe('slice vs slice on simulated votes', () => {
  const result = compareSlices(left, right, { rounds: 300, seed: 5 });

  it('marks the model planted much stronger in the left slice as a significant rise near the planted size', () => {
    const planted = result.common.find((r) => r.model === `m${PLANTED}`)!;
    const expected = EFFECT;
    expect(planted.significant).toBe(true);
    expect(planted.diffLower!).toBeGreaterThan(0);
    expect(planted.diffLower!).toBeLessThan(expected);
    expect(planted.diffUpper!).toBeGreaterThan(expected);
    expect(result.common[0].model).toBe(`m${PLANTED}`);
    expect(planted.left.rank).toBeLessThan(planted.right.rank);
  });

  it('leaves the unchanged models unmarked: Holm keeps the family-wise error under 5%', () => {
    // Over four simulated datasets: the planted model is always caught; without a correction about
    // 3 of the 60 unchanged models would be flagged, with Holm's at most one in the four runs.
    let falsePositives = 0;
    for (const seed of [11, 21, 31, 41]) {
      const l = withNames(simulateVotes(leftTruth, 14_000, seededRandom(seed)));
      const r = withNames(simulateVotes(truth, 14_000, seededRandom(seed + 1)));
      const run = compareSlices(l, r, { rounds: 300, seed });
      expect(run.common.find((x) => x.model === `m${PLANTED}`)!.significant).toBe(true);
      const others = run.common.filter((x) => x.model !== `m${PLANTED}`);
      expect(others).toHaveLength(M - 1);
      for (const x of others) expect(Math.abs(x.diff)).toBeLessThan(60);
      falsePositives += others.filter((x) => x.significant).length;
    }
    expect(falsePositives).toBeLessThanOrEqual(1);
  });

  it('states the correction and how many models it covers', () => {
    expect(result.correction).toEqual({ method: 'holm', family: M, level: 0.95 });
    expect(result.status).toBe('done');
    for (const r of result.common) {
      expect(r.pAdjusted!).toBeGreaterThanOrEqual(r.p!);
      expect(r.significant).toBe(r.pAdjusted! < 0.05);
    }
  });

  it('centres the left slice on 1000 over the models rated in both and aligns the right on the median difference', () => {
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const diffs = result.common.map((r) => r.diff).sort((x, y) => x - y);
    expect(mean(result.common.map((r) => r.left.rating))).toBeCloseTo(1000, 9);
    expect((diffs[M / 2 - 1] + diffs[M / 2]) / 2).toBeCloseTo(0, 9);
    for (const r of result.common) {
      expect(r.diff).toBeCloseTo(r.left.rating - r.right.rating, 9);
      expect(r.left.lower!).toBeLessThanOrEqual(r.left.rating);
      expect(r.left.upper!).toBeGreaterThanOrEqual(r.left.rating);
    }
  });

  it('lists a model with votes in one slice only apart, saying why', () => {
    expect(result.common.map((r) => r.model)).not.toContain('newcomer');
    expect(result.apart).toEqual([
      expect.objectContaining({ model: 'newcomer', rightRating: null, rightVotes: 0, reason: 'right: no votes' }),
    ]);
    expect(result.apart[0].leftRating).not.toBeNull();
    expect(result.apart[0].leftVotes).toBeGreaterThan(0);
  });

  it('gives the same intervals whether run in chunks or at once, for a seed', () => {
    const chunked = new SliceComparer(left, right, { rounds: 60, seed: 9 });
    expect(chunked.current().common.every((r) => r.significant === null)).toBe(true);
    while (!chunked.finished) chunked.runRounds(7);
    expect(chunked.current()).toEqual(compareSlices(left, right, { rounds: 60, seed: 9 }));
  });

  it('says nothing is significant until every round has run', () => {
    const run = new SliceComparer(left, right, { rounds: 60, seed: 9 });
    run.runRounds(59);
    const partial = run.current();
    expect(partial.status).toBe('running');
    expect(partial.common.every((r) => r.significant === null && r.diffLower !== null)).toBe(true);
    run.runRounds(1);
    expect(run.current().common.find((r) => r.model === `m${PLANTED}`)!.significant).toBe(true);
  });

  it('refuses slices whose model lists differ', () => {
    expect(() => new SliceComparer(left, { ...right, models: names.slice(0, M) })).toThrow(/same models/);
  });
});

describe('slice vs slice when resamples lose a model’s finite rating', () => {
  // A "fragile" model with one loss and many wins in the left slice: about 1 resample in e (37%)
  // loses that loss, and with it the model's finite rating. The comparison must keep going.
  const names = ['fragile', 'a', 'b', 'c', 'd'];
  const cells = (fragileLosses: number): [number, number, number, number][] => [
    [0, 1, 0, 12],
    [1, 0, 0, fragileLosses],
    [0, 2, 0, 9],
    [2, 3, 0, 30],
    [3, 2, 0, 25],
    [1, 2, 0, 40],
    [2, 1, 0, 35],
    [3, 4, 0, 30],
    [4, 3, 0, 28],
    [1, 4, 0, 33],
    [4, 1, 0, 31],
    [1, 3, 1, 20],
    [3, 1, 1, 22],
  ];
  const l = countsOf(names, cells(1));
  const r = countsOf(names, cells(8));

  it('finishes every round, drops the model from the rounds where it has no finite rating and reports the share', () => {
    const run = compareSlices(l, r, { rounds: 300, seed: 4 });
    expect(run.status).toBe('done');
    expect(run.roundsDone).toBe(300);
    const fragile = run.common.find((x) => x.model === 'fragile')!;
    expect(fragile.droppedShare).toBeGreaterThan(0.25);
    expect(fragile.droppedShare).toBeLessThan(0.5);
    expect(fragile.roundsKept).toBe(Math.round(300 * (1 - fragile.droppedShare)));
    expect(run.roundsWithDrops).toBeGreaterThanOrEqual(fragile.roundsKept > 0 ? 300 - fragile.roundsKept : 0);
    // Too fragile for its interval to decide anything, however large its difference.
    expect(fragile.problem).toBe('fragile');
    expect(fragile.significant).toBe(false);
    expect(fragile.droppedShare).toBeGreaterThan(MAX_DROPPED_SHARE);
    // The others are never dropped and keep full intervals.
    for (const x of run.common.filter((y) => y.model !== 'fragile')) expect(x.droppedShare).toBe(0);
  });

  it('calls significant only intervals that contain their own estimate', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const run = compareSlices(l, r, { rounds: 100, seed });
      for (const x of run.common) {
        const inside = x.diffLower !== null && x.diffUpper !== null && x.diffLower <= x.diff && x.diff <= x.diffUpper;
        if (!inside) expect(x.problem).not.toBeNull();
        if (x.significant) expect(inside && x.problem === null).toBe(true);
      }
    }
  });

  it('runs no rounds and says so when fewer than two models are rated in both slices', () => {
    const tiny = countsOf(names, [
      [0, 1, 0, 3],
      [2, 3, 0, 1],
    ]);
    const run = new SliceComparer(tiny, r, { rounds: 300 });
    expect(run.finished).toBe(true);
    const result = run.current();
    expect(result.status).toBe('nothing');
    expect(result.common).toEqual([]);
    expect(result.roundsDone).toBe(0);
  });
});

describe('slice conditions', () => {
  const schema = [
    { name: 'row_id', type: 'BIGINT' },
    { name: 'model_a', type: 'model_name' },
    { name: 'language', type: 'VARCHAR' },
    { name: 'anony', type: 'BOOLEAN' },
    { name: 'turn', type: 'BIGINT' },
    { name: 'score', type: 'DOUBLE' },
    { name: 'tags', type: 'STRUCT(flagged BOOLEAN, note VARCHAR[])' },
  ];

  it('numbers its parameters after the current slice and reads "rest" as NOT the other side', () => {
    const base = { sql: '"turn" = $1', params: [1] };
    const [l, r] = sliceConditions(base, { kind: 'value', path: ['language'], value: 'French' }, { kind: 'rest' }, schema);
    expect(l).toEqual({ sql: '("turn" = $1) AND (("language" IN ($2)))', params: [1, 'French'] });
    expect(r).toEqual({ sql: '("turn" = $1) AND NOT coalesce((("language" IN ($2))), false)', params: [1, 'French'] });
    expect(() => sliceConditions(base, { kind: 'rest' }, { kind: 'rest' }, schema)).toThrow(/one side/);
  });

  it('reads "all votes" as the current slice itself, so a value is compared with the whole board', () => {
    const base = { sql: '"turn" = $1', params: [1] };
    const [l, r] = sliceConditions(base, { kind: 'value', path: ['language'], value: 'French' }, { kind: 'all' }, schema);
    expect(l).toEqual({ sql: '("turn" = $1) AND (("language" IN ($2)))', params: [1, 'French'] });
    expect(r).toEqual(base);
    expect(pickLabel({ kind: 'all' }, { kind: 'value', path: ['language'], value: 'French' }, [])).toBe('all votes');
    expect(pickLabel({ kind: 'value', path: ['language'], value: 'French' }, { kind: 'all' }, [])).toBe('language = French');
    expect(() => sliceConditions(base, { kind: 'all' }, { kind: 'rest' }, schema)).toThrow(/value on the other side/);
  });

  it('offers scalar text, boolean and integer columns and struct fields the preset names, not doubles or ids', () => {
    const dims = sliceDimensions(schema, [{ path: ['tags', 'flagged'], label: 'flagged', kind: 'boolean' }]);
    expect(dims).toEqual([
      { path: ['tags', 'flagged'], label: 'flagged' },
      { path: ['language'], label: 'language' },
      { path: ['anony'], label: 'anony' },
      { path: ['turn'], label: 'turn' },
    ]);
    expect(pickLabel({ kind: 'rest' }, { kind: 'value', path: ['language'], value: 'French' }, dims)).toBe('language ≠ French');
  });
});
