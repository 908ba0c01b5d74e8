import { describe, expect, it } from 'vitest';
import { intervalChartOptions, intervalSelection } from '../../../src/core/charts/interval-chart.ts';
import { MIN_PRICE, priceChartOptions } from '../../../src/core/charts/price-chart.ts';
import { orgLegend, paretoFrontier, type PricePoint } from '../../../src/core/metadata/metadata-board.ts';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import { simulateVotes } from '../stats/fixtures.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { pairCountsSample } from './fixtures.ts';
import type { ModelMeta } from '../../../src/core/metadata/metadata-table.ts';

type Mark = { data: PricePoint[] };
const meta = (name: string, organisation: string | null): ModelMeta => ({
  name,
  organisation,
  licence: null,
  openWeights: null,
  price: null,
  released: null,
  parameters: null,
  line: 1,
});

describe('organisation colours in the interval chart', () => {
  it('colour each dot by its organisation on a board of one group', () => {
    const counts = simulateVotes([900, 1000, 1100, 1200], 4000, seededRandom(3), 0.1);
    const board = computeLeaderboard(counts, { bootstrapRounds: 0 });
    const orgs = ['A', 'A', 'B', null];
    const byModel = new Map(counts.models.map((m, k) => [m, meta(m, orgs[k])]));
    const legend = orgLegend(counts.models, byModel);
    const options = intervalChartOptions({ points: intervalSelection(board, null).points, width: 800, organisations: legend });
    expect(options.color).toMatchObject({ type: 'ordinal', domain: ['A', 'B', 'no details'] });
  });

  it('leave the colour to comparison groups when there are several', () => {
    const board = computeLeaderboard(pairCountsSample(), { bootstrapRounds: 0 });
    const models = board.rows.map((r) => r.model);
    const legend = orgLegend(models, new Map(models.map((m) => [m, meta(m, 'X')])));
    const options = intervalChartOptions({ points: intervalSelection(board, null).points, width: 800, organisations: legend });
    expect(options.color).toMatchObject({ domain: ['group 1', 'group 2'] });
  });
});

describe('rating against price', () => {
  const points: PricePoint[] = [
    { model: 'free', price: 0, rating: 1000, organisation: null },
    { model: 'mid', price: 1, rating: 1100, organisation: null },
    { model: 'dear-worse', price: 10, rating: 1050, organisation: null },
  ];
  const frontier = paretoFrontier(points);
  const options = priceChartOptions({ points, frontier, legend: null, width: 600 });

  it('puts price on a log axis, a free model at the smallest price shown', () => {
    expect(options.x).toMatchObject({ type: 'log' });
    const dots = (options.marks as unknown as { data: PricePoint[]; channels: { x: { value: (p: PricePoint) => number } } }[])[1];
    expect(dots.data).toEqual(points);
    expect(points.map(dots.channels.x.value)).toEqual([MIN_PRICE, 1, 10]);
  });

  it('draws and names the frontier models only', () => {
    const marks = options.marks as unknown as Mark[];
    expect(marks[0].data.map((p) => p.model)).toEqual(['free', 'mid']);
    expect(marks[3].data.map((p) => p.model)).toEqual(['free', 'mid']);
  });
});
