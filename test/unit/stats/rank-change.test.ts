import { describe, expect, it } from 'vitest';
import { changeArrow, rankChanges } from '../../../src/core/stats/rank-change.ts';
import type { Leaderboard, LeaderboardRow } from '../../../src/core/stats/leaderboard.ts';

/** A board of given intervals (rating at the middle), one comparison group unless said. */
function board(rows: [model: string, lower: number, upper: number, group?: number][]): Leaderboard {
  return {
    rows: rows.map(([model, lower, upper, group = 0]): LeaderboardRow => ({
      model,
      rating: (lower + upper) / 2,
      lower,
      upper,
      rank: null,
      rankLower: null,
      rankUpper: null,
      bootstrapLower: lower,
      bootstrapUpper: upper,
      sandwichLower: null,
      sandwichUpper: null,
      se: null,
      tier: null,
      votes: 100,
      wins: 50,
      losses: 50,
      ties: 0,
      winRate: 0.5,
      group,
      flag: null,
    })),
    warnings: [],
    rounds: 100,
    roundsDone: 100,
    priorVotes: 1,
    davidson: null,
    intervalMethod: 'bootstrap',
    reweighted: false,
    signal: null,
    pairwise: null,
  };
}

describe('rankChanges', () => {
  // Whole file: a clearly first, b and c overlapping, d clearly last, e not in the slice.
  const overall = board([
    ['a', 1200, 1220],
    ['e', 1150, 1160],
    ['b', 1090, 1110],
    ['c', 1085, 1105],
    ['d', 900, 920],
  ]);
  // The slice: d clearly first, c clearly above b, a last of the three.
  const slice = board([
    ['d', 1300, 1320],
    ['c', 1100, 1120],
    ['b', 1000, 1020],
    ['a', 950, 1060],
  ]);
  const byModel = new Map(rankChanges(slice, overall).map((c) => [c.model, c]));

  it('counts the overall Rank (UB) among the models of the slice only (FastChat)', () => {
    // e, absent from the slice, no longer counts above b, c and d.
    expect(byModel.get('b')!.rankOverall).toBe(2);
    expect(byModel.get('d')!.rankOverall).toBe(4);
    expect(byModel.has('e')).toBe(false);
  });

  it('is overall rank − slice rank: up is positive', () => {
    expect(byModel.get('d')).toMatchObject({ rank: 1, rankOverall: 4, change: 3 });
    expect(byModel.get('a')).toMatchObject({ rank: 3, rankOverall: 1, change: -2 });
    expect(byModel.get('c')).toMatchObject({ rank: 2, rankOverall: 2, change: 0 });
  });

  it('gives a range from best and worst places on both boards', () => {
    // d: clearly last of 4 overall (worst = best = 4), clearly first in the slice: exactly +3.
    expect(byModel.get('d')).toMatchObject({ changeLower: 3, changeUpper: 3 });
    // b overall: 2nd to 3rd (overlaps c); in the slice: 3rd to 4th (overlaps a). Change from −2 to 0.
    expect(byModel.get('b')).toMatchObject({ changeLower: -2, changeUpper: 0 });
  });

  it('ranks within comparison groups and leaves out unrated models', () => {
    const split = board([
      ['a', 1000, 1010, 0],
      ['b', 990, 995, 0],
      ['x', 1500, 1600, 1],
    ]);
    const unrated = board([
      ['b', 1100, 1110],
      ['a', 900, 910],
    ]);
    unrated.rows.push({ ...unrated.rows[0], model: 'x', rating: null, lower: null, upper: null, group: null, flag: 'never-lost' });
    const changes = rankChanges(unrated, split);
    expect(changes.map((c) => c.model).sort()).toEqual(['a', 'b']);
    expect(changes.find((c) => c.model === 'b')).toMatchObject({ rank: 1, rankOverall: 2, change: 1 });
  });

  it('writes LMArena arrows', () => {
    expect([changeArrow(3), changeArrow(-2), changeArrow(0)]).toEqual(['↑3', '↓2', '–']);
  });
});
