import { describe, expect, it } from 'vitest';
import { compareSlices, SliceComparer, sliceConditions, sliceDimensions, pickLabel } from '../../../src/core/stats/slice-compare.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { randomRatings, simulateVotes } from './fixtures.ts';

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

  it('leaves the unchanged models unmarked, but for the 5% a 95% interval lets through', () => {
    // Over four simulated datasets: the planted model is always caught, and the unchanged ones are
    // flagged at about the nominal rate (60 of them, so 3 expected; 6 allowed).
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
    expect(falsePositives).toBeLessThanOrEqual(6);
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

  it('refuses slices whose model lists differ', () => {
    expect(() => new SliceComparer(left, { ...right, models: names.slice(0, M) })).toThrow(/same models/);
  });
});

describe('slice conditions', () => {
  const schema = [
    { name: 'row_id', type: 'BIGINT' }, { name: 'model_a', type: 'model_name' }, { name: 'language', type: 'VARCHAR' },
    { name: 'anony', type: 'BOOLEAN' }, { name: 'turn', type: 'BIGINT' }, { name: 'score', type: 'DOUBLE' },
    { name: 'tags', type: 'STRUCT(flagged BOOLEAN, note VARCHAR[])' },
  ];

  it('numbers its parameters after the current slice and reads "rest" as NOT the other side', () => {
    const base = { sql: '"turn" = $1', params: [1] };
    const [l, r] = sliceConditions(base, { kind: 'value', path: ['language'], value: 'French' }, { kind: 'rest' }, schema);
    expect(l).toEqual({ sql: '("turn" = $1) AND (("language" IN ($2)))', params: [1, 'French'] });
    expect(r).toEqual({ sql: '("turn" = $1) AND NOT coalesce((("language" IN ($2))), false)', params: [1, 'French'] });
    expect(() => sliceConditions(base, { kind: 'rest' }, { kind: 'rest' }, schema)).toThrow(/one side/);
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
