import { describe, expect, it } from 'vitest';
import { axisLabels, cellOpacity, FULL_OPACITY_VOTES, matrixBodyOptions, voteOpacity } from '../../../src/core/charts/matrix-layout.ts';
import { decisiveVotes, matrixCells, matrixPlotOptions, type MatrixSource } from '../../../src/core/charts/matrix.ts';
import { FIRST_CELL, moveCell } from '../../../src/core/charts/matrix-nav.ts';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import { winMatrix } from '../../../src/core/stats/win-matrix.ts';
import { countsOf } from '../stats/fixtures.ts';

// x beats y 60 times out of 100 non-tie votes; y and z met twice (1–1); z and x never.
const counts = countsOf(
  ['x', 'y', 'z'],
  [
    [0, 1, 0, 60],
    [0, 1, 1, 40],
    [1, 2, 0, 1],
    [1, 2, 1, 1],
  ],
);
const source: MatrixSource = {
  models: counts.models,
  observed: winMatrix(counts),
  decisive: decisiveVotes(counts),
  board: computeLeaderboard(counts, { bootstrapRounds: 0 }),
};

describe('cell opacity from votes', () => {
  it('is full from the reference number of votes and grows as the square root below it', () => {
    expect(voteOpacity(FULL_OPACITY_VOTES)).toBe(1);
    expect(voteOpacity(10 * FULL_OPACITY_VOTES)).toBe(1);
    expect(voteOpacity(FULL_OPACITY_VOTES / 4)).toBeCloseTo(0.5, 12);
    expect(voteOpacity(1)).toBeGreaterThanOrEqual(0.15);
    expect(voteOpacity(0)).toBe(0.15);
  });

  it('makes a win fraction on 2 votes fainter than one on 100, in win-fraction mode only', () => {
    const cells = matrixCells('fraction', source, [0, 1, 2]);
    const opacity = cellOpacity('fraction', source);
    const xy = cells.find((c) => c.row === 'x' && c.col === 'y')!;
    const yz = cells.find((c) => c.row === 'y' && c.col === 'z')!;
    expect(opacity(xy)).toBe(1);
    expect(opacity(yz)).toBeCloseTo(Math.sqrt(2 / FULL_OPACITY_VOTES), 12);
    expect(yz.tip).toContain('of 2 non-tie votes');
    expect(cellOpacity('battles', source)(yz)).toBe(1);
    expect(cellOpacity('predicted', source)(yz)).toBe(1);
  });

  it('goes into the drawn cells and into the downloaded chart alike', () => {
    const cells = matrixCells('fraction', source, [0, 1, 2]);
    const opacity = cellOpacity('fraction', source);
    const input = { mode: 'fraction' as const, models: ['x', 'y', 'z'], cells, cellSize: 40, opacity };
    for (const options of [matrixPlotOptions(input), matrixBodyOptions(input)]) {
      const filled = (options.marks as unknown as { ariaDescription?: string; channels?: Record<string, unknown> }[]).find(
        (m) => m.ariaDescription === 'played pairs',
      );
      expect(Object.keys(filled!.channels!)).toContain('fillOpacity');
    }
  });
});

describe('the cells without axes', () => {
  it('give each model exactly cellSize pixels, with no margin and no axis', () => {
    const cells = matrixCells('fraction', source, [0, 1, 2]);
    const options = matrixBodyOptions({ mode: 'fraction', models: ['x', 'y', 'z'], cells, cellSize: 30 });
    expect(options).toMatchObject({ width: 90, height: 90, marginLeft: 0, marginTop: 0, marginRight: 0, marginBottom: 0 });
    expect(options.x).toMatchObject({ axis: null, round: false, domain: ['x', 'y', 'z'] });
    expect(options.y).toMatchObject({ axis: null, round: false, domain: ['x', 'y', 'z'] });
  });

  it('label the axes with names shortened from the middle', () => {
    expect(axisLabels(['claude-3-5-sonnet-20240620', 'gpt-4o'], 20)).toEqual(['claude-3-5…-20240620', 'gpt-4o']);
  });
});

describe('keyboard moves between cells', () => {
  it('move one cell with the arrows and stop at the edges', () => {
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', 5)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowDown', 5)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 2, col: 4 }, 'ArrowRight', 5)).toEqual({ row: 2, col: 4 });
    expect(moveCell({ row: 2, col: 4 }, 'ArrowLeft', 5)).toEqual({ row: 2, col: 3 });
  });

  it('jump to the row ends, the corners and ten rows at a time', () => {
    expect(moveCell({ row: 3, col: 2 }, 'Home', 129)).toEqual({ row: 3, col: 0 });
    expect(moveCell({ row: 3, col: 2 }, 'End', 129)).toEqual({ row: 3, col: 128 });
    expect(moveCell({ row: 3, col: 2 }, 'End', 129, true)).toEqual({ row: 128, col: 128 });
    expect(moveCell({ row: 3, col: 2 }, 'Home', 129, true)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 3, col: 2 }, 'PageDown', 129)).toEqual({ row: 13, col: 2 });
    expect(moveCell({ row: 3, col: 2 }, 'PageUp', 129)).toEqual({ row: 0, col: 2 });
  });

  it('ignore other keys and start off the diagonal', () => {
    expect(moveCell({ row: 1, col: 1 }, 'a', 5)).toBeNull();
    expect(moveCell({ row: 1, col: 1 }, 'Enter', 5)).toBeNull();
    expect(FIRST_CELL.row).not.toBe(FIRST_CELL.col);
  });
});
