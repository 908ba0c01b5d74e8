import { describe, expect, it } from 'vitest';
import { INTERVAL_ROW_HEIGHT, intervalChartOptions, intervalSelection } from '../../../src/core/charts/interval-chart.ts';
import { computeLeaderboard, type Leaderboard } from '../../../src/core/stats/leaderboard.ts';
import { simulateVotes } from '../stats/fixtures.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { PLANTED_GROUPS, pairCountsSample } from './fixtures.ts';

type Mark = { data: { model: string }[] };

describe('interval chart', () => {
  const board = computeLeaderboard(pairCountsSample(), { bootstrapRounds: 50, seed: 1 });

  it('lists rated models best first within each group, with their intervals', () => {
    const { points, hidden, groups } = intervalSelection(board, null);
    expect(hidden).toBe(0);
    expect(groups).toEqual(['group 1', 'group 2']);
    const first = points.filter((p) => p.group === 'group 1');
    expect(first.map((p) => p.rating)).toEqual([...first.map((p) => p.rating)].sort((a, b) => b - a));
    expect(new Set(first.map((p) => p.model))).toEqual(new Set(PLANTED_GROUPS[0]));
    for (const p of points) {
      expect(p.lower!).toBeLessThanOrEqual(p.rating);
      expect(p.upper!).toBeGreaterThanOrEqual(p.rating);
      expect(p.tip).toMatch(/95% CI/);
    }
  });

  it('marks where a group that is not comparable begins', () => {
    const options = intervalChartOptions({ points: intervalSelection(board, null).points, width: 800 });
    const marks = options.marks as unknown as Mark[];
    expect(marks).toHaveLength(6);
    expect(marks[2].data.map((p) => p.model)).toEqual([intervalSelection(board, null).points.find((p) => p.group === 'group 2')!.model]);
    expect(options.color).toMatchObject({ type: 'ordinal', domain: ['group 1', 'group 2'] });
  });

  it('draws the point only while intervals are not computed yet', () => {
    const early: Leaderboard = computeLeaderboard(pairCountsSample(), { bootstrapRounds: 0 });
    const { points } = intervalSelection(early, null);
    expect(points.every((p) => p.lower === null && p.upper === null)).toBe(true);
    const marks = intervalChartOptions({ points, width: 800 }).marks as unknown as Mark[];
    expect(marks[0].data).toHaveLength(0);
    expect(marks[1].data).toHaveLength(points.length);
    expect(points[0].tip).toMatch(/interval computing/);
  });

  it('grows in height at a fixed row height and keeps 150 models to the top N asked for', () => {
    const ratings = Array.from({ length: 150 }, (_, k) => 800 + k * 3);
    const counts = simulateVotes(ratings, 60_000, seededRandom(7), 0.1);
    counts.models = counts.models.map((_, k) => `model-${String(k).padStart(3, '0')}-with-a-rather-long-name`);
    const many = computeLeaderboard(counts, { bootstrapRounds: 0 });
    const top = intervalSelection(many, 20);
    expect(top.points).toHaveLength(20);
    expect(top.hidden).toBe(intervalSelection(many, null).points.length - 20);
    const a = intervalChartOptions({ points: top.points, width: 900 });
    const b = intervalChartOptions({ points: intervalSelection(many, 50).points, width: 900 });
    expect((b.height as number) - (a.height as number)).toBe(30 * INTERVAL_ROW_HEIGHT);
    expect((a.y as { domain: string[] }).domain).toEqual(top.points.map((p) => p.model));
  });

  it('gives the same options for the same board', () => {
    const points = intervalSelection(board, 5).points;
    expect(JSON.stringify(intervalChartOptions({ points, width: 700 }))).toBe(JSON.stringify(intervalChartOptions({ points, width: 700 })));
  });
});
