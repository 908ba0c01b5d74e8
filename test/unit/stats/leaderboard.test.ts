import { beforeAll, describe, expect, it } from 'vitest';
import { computeLeaderboard, IncrementalLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { countsOf, loadArenaCounts } from './fixtures.ts';

const finiteOrNull = (v: number | null) => v === null || Number.isFinite(v);

describe('computeLeaderboard on the Chatbot Arena counts', () => {
  let counts: PairCounts;
  beforeAll(async () => {
    counts = await loadArenaCounts();
  });

  it('ranks chatgpt-4o-latest first with an interval around its rating and a full record', () => {
    const board = computeLeaderboard(counts, { bootstrapRounds: 100, seed: 1 });
    expect(board.rows).toHaveLength(129);
    const top = board.rows[0];
    expect(top.model).toBe('chatgpt-4o-latest');
    expect(top.rating).toBeCloseTo(1203.931, 1);
    expect(top.rank).toBe(1);
    expect(top.lower!).toBeLessThan(top.rating!);
    expect(top.upper!).toBeGreaterThan(top.rating!);
    expect(top.votes).toBe(top.wins + top.losses + top.ties);
    expect(board.rows.every((r) => [r.rating, r.lower, r.upper, r.winRate].every(finiteOrNull))).toBe(true);
  });

  it('gives the same rows whether the bootstrap runs at once or in chunks', () => {
    const whole = computeLeaderboard(counts, { bootstrapRounds: 60, seed: 3 });
    const incremental = new IncrementalLeaderboard(counts, { bootstrapRounds: 60, seed: 3 });
    expect(incremental.current().rows[0].lower).toBeNull();
    expect(incremental.current().rows[0].rank).toBe(1);
    while (!incremental.finished) incremental.runRounds(25);
    expect(incremental.current()).toEqual(whole);
  });

  it('shows a bootstrap board’s point ratings at once, its sandwich columns from the next full look on', () => {
    const board = new IncrementalLeaderboard(counts, { bootstrapRounds: 50, seed: 2 });
    const first = board.current({ quick: true });
    expect(first.rows.every((r) => r.se === null && r.sandwichLower === null)).toBe(true);
    board.runRounds(10);
    const next = board.current();
    expect(next.rows.every((r) => r.se !== null && r.sandwichLower !== null)).toBe(true);
    expect(next.rows.map((r) => r.rating)).toEqual(first.rows.map((r) => r.rating));
    board.runRounds(Infinity);
    expect(board.current()).toEqual(computeLeaderboard(counts, { bootstrapRounds: 50, seed: 2 }));
    // Sandwich intervals computed ahead (computeSandwich) are the ones a quick look then shows.
    const ahead = new IncrementalLeaderboard(counts, { bootstrapRounds: 50, seed: 2 });
    ahead.computeSandwich();
    expect(ahead.current({ quick: true }).rows.map((r) => [r.se, r.sandwichLower, r.sandwichUpper])).toEqual(
      next.rows.map((r) => [r.se, r.sandwichLower, r.sandwichUpper]),
    );
    // A sandwich board shows its intervals at once, quick or not.
    const sandwich = new IncrementalLeaderboard(counts, { bootstrapRounds: 50, intervals: 'sandwich' }).current({ quick: true });
    expect(sandwich.rows[0].lower).not.toBeNull();
  });

  it('rates with Davidson ties on request and reports the tie parameter', () => {
    const board = computeLeaderboard(counts, { bootstrapRounds: 20, ties: 'davidson' });
    expect(board.davidson![0].nu!).toBeGreaterThan(0);
    expect(board.rows.every((r) => r.rating !== null)).toBe(true);
  });
});

describe('computeLeaderboard on awkward inputs', () => {
  it('keeps a never-lost model’s record visible with no rating, no rank and its flag', () => {
    const board = computeLeaderboard(
      countsOf(
        ['champ', 'x', 'y'],
        [
          [0, 1, 0, 3],
          [1, 2, 0, 5],
          [1, 2, 1, 4],
        ],
      ),
      { bootstrapRounds: 50 },
    );
    const champ = board.rows.find((r) => r.model === 'champ')!;
    expect(champ).toMatchObject({ rating: null, lower: null, rank: null, flag: 'never-lost', wins: 3, losses: 0, votes: 3, group: 0 });
    expect(board.rows.at(-1)!.model).toBe('champ');
  });

  it('returns empty ratings and a warning for zero votes, without throwing', () => {
    const board = computeLeaderboard(countsOf(['x', 'y'], []), { bootstrapRounds: 10 });
    expect(board.rows.map((r) => r.rating)).toEqual([null, null]);
    expect(board.warnings.map((w) => w.kind)).toContain('nothing-to-fit');
  });

  it('rejects an unknown ties option, naming the function', () => {
    expect(() => computeLeaderboard(countsOf(['x'], []), { ties: 'thirds' as 'half' })).toThrow(/computeLeaderboard: ties must be/);
  });
});
