import { beforeAll, describe, expect, it } from 'vitest';
import { IncrementalLeaderboard, type LeaderboardOptions } from '../../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { countsOf, loadArenaCounts } from './fixtures.ts';

/** A board with `from`'s scale, rescaled to `to`'s, against a board fitted with `to` from the start. */
function rescaledAndFresh(counts: PairCounts, from: LeaderboardOptions, to: LeaderboardOptions, roundsBefore = Infinity) {
  const board = new IncrementalLeaderboard(counts, from);
  board.runRounds(roundsBefore);
  // Read before the change, as the page does: what the board keeps from it (pairwise shares) must not go stale.
  board.current();
  board.rescale({ anchor: to.anchor, mean: to.mean });
  board.runRounds(Infinity);
  const fresh = new IncrementalLeaderboard(counts, to);
  fresh.runRounds(Infinity);
  return { rescaled: board.current(), fresh: fresh.current() };
}

describe('changing the anchor is a translation of the same fit, not a refit', () => {
  let arena: PairCounts;
  beforeAll(async () => {
    arena = await loadArenaCounts();
  });

  it('gives exactly the board a refit anchored there gives: ratings, bootstrap and sandwich intervals, rank ranges, pairwise confidence', () => {
    const rounds = { bootstrapRounds: 200, seed: 3 };
    const to = { ...rounds, anchor: { model: 'mixtral-8x7b-instruct-v0.1', value: 1114 } };
    const { rescaled, fresh } = rescaledAndFresh(arena, rounds, to);
    expect(rescaled).toEqual(fresh);
    const anchored = rescaled.rows.find((r) => r.model === 'mixtral-8x7b-instruct-v0.1')!;
    expect(anchored.rating).toBe(1114);
    // Every round pins the anchor at its value: its own interval is the point, the others' are differences with it.
    expect([anchored.bootstrapLower, anchored.bootstrapUpper]).toEqual([1114, 1114]);
  });

  it('moves from one anchored model to another and back to the mean, also half-way through the rounds', () => {
    const rounds = { bootstrapRounds: 120, seed: 9 };
    const a = { ...rounds, anchor: { model: 'gpt-4-0613', value: 1200 } };
    const b = { ...rounds, anchor: { model: 'claude-2.1', value: 900.5 } };
    expect(rescaledAndFresh(arena, a, b, 50).rescaled).toEqual(rescaledAndFresh(arena, b, b).fresh);
    expect(rescaledAndFresh(arena, b, rounds, 0).rescaled).toEqual(rescaledAndFresh(arena, rounds, rounds).fresh);
    expect(rescaledAndFresh(arena, rounds, { ...rounds, mean: 1500 }, 60).rescaled).toEqual(
      rescaledAndFresh(arena, rounds, { ...rounds, mean: 1500 }).fresh,
    );
  });

  it('anchors only the anchor group of a disconnected graph, and says so when the anchor has no rating', () => {
    // Two groups, and a model that never lost.
    const counts = countsOf(
      ['a', 'b', 'c', 'd', 'e'],
      [
        [0, 1, 0, 6],
        [1, 0, 0, 4],
        [2, 3, 0, 5],
        [3, 2, 0, 3],
        [4, 0, 0, 2],
      ],
    );
    for (const anchor of [
      { model: 'c', value: 1300 },
      { model: 'e', value: 10 },
    ]) {
      const to = { bootstrapRounds: 50, seed: 1, anchor };
      const { rescaled, fresh } = rescaledAndFresh(counts, { bootstrapRounds: 50, seed: 1 }, to);
      expect(rescaled).toEqual(fresh);
    }
  });

  it('works the same with the Davidson ties model', () => {
    const options = { bootstrapRounds: 60, seed: 2, ties: 'davidson' as const };
    const to = { ...options, anchor: { model: 'gpt-4-0613', value: 1250 } };
    const { rescaled, fresh } = rescaledAndFresh(arena, options, to, 30);
    expect(rescaled).toEqual(fresh);
  });
});
