import { describe, expect, it } from 'vitest';
import {
  cellText,
  decisiveVotes,
  matrixCells,
  matrixCellSize,
  matrixOrder,
  matrixPlotOptions,
  matrixValues,
  pairConfidence,
  predictedValues,
  shortLabel,
  type MatrixSource,
} from '../../../src/core/charts/matrix.ts';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import { predictedWinProbability } from '../../../src/core/stats/predicted.ts';
import { winMatrix } from '../../../src/core/stats/win-matrix.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { countsOf } from '../stats/fixtures.ts';
import { PLANTED_GROUPS, pairCountsSample } from './fixtures.ts';

function sourceOf(counts: PairCounts): MatrixSource {
  return {
    models: counts.models,
    observed: winMatrix(counts),
    decisive: decisiveVotes(counts),
    board: computeLeaderboard(counts, { bootstrapRounds: 0 }),
  };
}

// x beats y 4–2 (3 from seat a, 1 from seat b), 4 ties; y beats z 3–1; x and z only tie; w has no votes.
const small = countsOf(
  ['<b>x</b>', 'y', 'z', 'w'],
  [
    [0, 1, 0, 3],
    [1, 0, 1, 1],
    [1, 0, 0, 2],
    [0, 1, 2, 3],
    [1, 0, 3, 1],
    [0, 2, 2, 5],
    [1, 2, 0, 3],
    [2, 1, 0, 1],
  ],
);

describe('matrix data', () => {
  it('counts non-tie votes of a pair in both seat orders', () => {
    const d = decisiveVotes(small);
    expect(d[0][1]).toBe(6);
    expect(d[1][0]).toBe(6);
    expect(d[0][2]).toBe(0);
    expect(d[1][2]).toBe(4);
  });

  it('orders models as the leaderboard does and leaves out models without votes', () => {
    const source = sourceOf(small);
    const order = matrixOrder(source.board, source.models, null);
    expect(order.map((i) => source.models[i])).toEqual(source.board.rows.filter((r) => r.votes > 0).map((r) => r.model));
    expect(order).not.toContain(3);
    expect(matrixOrder(source.board, source.models, 2)).toEqual(order.slice(0, 2));
  });

  it('leaves pairs without a non-tie vote empty, never 0.5, and says why on hover', () => {
    const source = sourceOf(small);
    const order = [0, 1, 2];
    const values = matrixValues('fraction', source, order);
    expect(values[0][1]).toBeCloseTo(4 / 6, 12);
    expect(values[0][2]).toBeNull();
    expect(values[0][0]).toBeNull();
    const cells = matrixCells('fraction', source, order);
    expect(cells).toHaveLength(6);
    expect(cells.find((c) => c.row === '<b>x</b>' && c.col === 'y')!.tip).toBe('<b>x</b> vs y: <b>x</b> won 66.7% of 6 non-tie votes');
    expect(cells.find((c) => c.row === '<b>x</b>' && c.col === 'z')!.tip).toBe('<b>x</b> vs z: no non-tie votes (5 ties)');
  });

  it('counts every vote in battle-count mode and leaves unplayed pairs empty', () => {
    const source = sourceOf(small);
    const values = matrixValues('battles', source, [0, 1, 2, 3]);
    expect(values[0][1]).toBe(10);
    expect(values[0][2]).toBe(5);
    expect(values[0][3]).toBeNull();
    expect(matrixCells('battles', source, [0, 1])[0].tip).toBe('<b>x</b> vs y: 10 votes, 6 of them non-tie');
  });

  it('predicts from the ratings inside a group and refuses to predict across groups', () => {
    const counts = pairCountsSample();
    const source = sourceOf(counts);
    const predicted = predictedValues(source.board, source.models);
    const [groupA, groupB] = PLANTED_GROUPS;
    const at = (m: string) => counts.models.indexOf(m);
    const rating = (m: string) => source.board.rows.find((r) => r.model === m)!.rating!;
    expect(predicted[at(groupA[0])][at(groupA[1])]).toBeCloseTo(predictedWinProbability(rating(groupA[0]), rating(groupA[1])), 12);
    for (const a of groupA)
      for (const b of groupB) {
        expect(predicted[at(a)][at(b)]).toBeNull();
        expect(predicted[at(b)][at(a)]).toBeNull();
      }
    const cell = matrixCells('predicted', source, [at(groupA[0]), at(groupB[0])])[0];
    expect(cell.tip).toMatch(/different comparison groups/);
  });

  it('shows no figure between the two disconnected groups of pair-counts.csv in any mode', () => {
    const counts = pairCountsSample();
    const source = sourceOf(counts);
    const order = matrixOrder(source.board, source.models, null);
    const group = new Map(PLANTED_GROUPS.flatMap((g, k) => g.map((m) => [m, k] as const)));
    for (const mode of ['fraction', 'battles', 'predicted'] as const) {
      const cells = matrixCells(mode, source, order);
      const across = cells.filter((c) => group.get(c.row) !== group.get(c.col));
      expect(across.length).toBe(2 * PLANTED_GROUPS[0].length * PLANTED_GROUPS[1].length);
      expect(across.every((c) => c.value === null)).toBe(true);
    }
  });
});

describe('matrix plot options', () => {
  const source = sourceOf(small);
  const order = [0, 1, 2];
  const models = order.map((i) => source.models[i]);

  it('is a square with both axes in rating order and the same output for the same input', () => {
    const input = { mode: 'fraction' as const, models, cells: matrixCells('fraction', source, order), cellSize: 40 };
    const options = matrixPlotOptions(input);
    expect(options.width).toBe(options.height);
    expect((options.x as { domain: string[] }).domain).toEqual(models);
    expect((options.y as { domain: string[] }).domain).toEqual(models);
    expect(options.color).toMatchObject({ type: 'diverging', pivot: 0.5, domain: [0, 1] });
    const again = matrixPlotOptions(input);
    expect(JSON.stringify(again)).toBe(JSON.stringify(options));
  });

  it('draws empty pairs as outlines only and writes figures in cells when they are large', () => {
    const cells = matrixCells('fraction', source, order);
    const marks = matrixPlotOptions({ mode: 'fraction', models, cells, cellSize: 40 }).marks as unknown as { data: unknown[] }[];
    const data = marks.map((m) => m.data.length);
    // outline (empty pairs), filled cells, text on dark, text on light, tip
    expect(data).toEqual([2, 4, expect.any(Number), expect.any(Number), 6]);
    expect(data[2] + data[3]).toBe(4);
    const tiny = matrixPlotOptions({ mode: 'fraction', models, cells, cellSize: 14 }).marks!;
    expect(tiny).toHaveLength(3);
  });

  it('uses a sequential scale for counts', () => {
    const cells = matrixCells('battles', source, order);
    expect(matrixPlotOptions({ mode: 'battles', models, cells, cellSize: 20 }).color).toMatchObject({
      type: 'sqrt',
      scheme: 'blues',
      domain: [0, 10],
    });
  });

  it('shortens long names on the axes and sizes cells to the width', () => {
    expect(shortLabel('claude-3-5-sonnet-20240620', 20)).toBe('claude-3-5…-20240620');
    expect(shortLabel('short')).toBe('short');
    expect(matrixCellSize(20, 1400)).toBe(44);
    expect(matrixCellSize(150, 1400)).toBe(18);
    // Given the height of a 800 px window's chart box (78%), top 20 fit in it: 20 cells and the
    // 28-character column labels (186 px) in 624 px.
    expect(matrixCellSize(20, 1000, 28, 624)).toBe(21);
    expect(20 * matrixCellSize(20, 1000, 28, 624) + 186).toBeLessThanOrEqual(624);
    // Never below 18 px: 129 models scroll.
    expect(matrixCellSize(129, 1000, 28, 624)).toBe(18);
    expect(cellText('fraction', 0.612)).toBe('61');
    expect(cellText('battles', 1204)).toBe('1.2k');
    expect(cellText('battles', 52_000)).toBe('52k');
  });
});

describe('the pairwise-confidence matrix', () => {
  it('shows, for each pair, the share of bootstrap rounds with the row model above, from the bootstrap draws', async () => {
    const { RatingBootstrap } = await import('../../../src/core/stats/bootstrap.ts');
    const { fitBradleyTerry } = await import('../../../src/core/stats/bradley-terry.ts');
    const { simulateVotes, randomRatings } = await import('../stats/fixtures.ts');
    const { seededRandom } = await import('../../../src/core/stats/random.ts');
    const counts = simulateVotes(randomRatings(5, 60, 8), 1500, seededRandom(8));
    const board = computeLeaderboard(counts, { bootstrapRounds: 200, seed: 2 });
    const source = { models: counts.models, observed: winMatrix(counts), decisive: decisiveVotes(counts), board };
    const order = matrixOrder(board, counts.models, null);
    const values = matrixValues('confidence', source, order);
    // The same seed's draws, counted directly.
    const run = new RatingBootstrap(fitBradleyTerry(counts), undefined, { rounds: 200, seed: 2 });
    run.runRounds(200);
    order.forEach((i, r) =>
      order.forEach((j, c) => {
        if (i === j) return expect(values[r][c]).toBeNull();
        const di = run.drawsOf(i)!,
          dj = run.drawsOf(j)!;
        const share = di.reduce((s, x, k) => s + (x > dj[k] ? 1 : x === dj[k] ? 0.5 : 0), 0) / 200;
        expect(values[r][c]).toBeCloseTo(share, 12);
      }),
    );
    const cells = matrixCells('confidence', source, order);
    expect(cells[0].tip).toMatch(/is rated above .* in \d+\.\d% of 200 bootstrap rounds/);
    expect(pairConfidence({ ...board, pairwise: null }, counts.models[0], counts.models[1])).toBeNull();
  });
});
