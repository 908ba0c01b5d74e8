import { describe, expect, it } from 'vitest';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { partitionComparisonGraph } from '../../../src/core/stats/components.ts';
import { collapsePairs } from '../../../src/core/stats/pair-table.ts';
import { countsOf } from './fixtures.ts';

const A = 0,
  B = 1,
  TIE = 2,
  BOTH_BAD = 3;
/** Both directions of a decisive result between x and y, so the pair alone has a finite MLE. */
const mutual = (x: number, y: number, xWins = 2, yWins = 1): [number, number, number, number][] => [
  [x, y, A, xWins],
  [x, y, B, yWins],
];
const noNaN = (ratings: (number | null)[]) => ratings.every((r) => r === null || Number.isFinite(r));

describe('comparison groups', () => {
  const models = ['p', 'q', 'r', 's', 't'];
  const counts = countsOf(models, [...mutual(0, 1), ...mutual(1, 2, 3, 2), ...mutual(3, 4)]);

  it('rates two disconnected groups separately, each with mean 1000, and warns', () => {
    const fit = fitBradleyTerry(counts);
    expect(fit.group).toEqual([0, 0, 0, 1, 1]);
    const mean = (ks: number[]) => ks.reduce((s, k) => s + fit.ratings[k]!, 0) / ks.length;
    expect(mean([0, 1, 2])).toBeCloseTo(1000, 9);
    expect(mean([3, 4])).toBeCloseTo(1000, 9);
    expect(fit.warnings).toContainEqual(expect.objectContaining({ kind: 'disconnected', groupSizes: [3, 2] }));
  });

  it('anchors only the anchor group; other groups keep mean 1000', () => {
    const fit = fitBradleyTerry(counts, { anchor: { model: 's', value: 1200 } });
    expect(fit.ratings[3]).toBeCloseTo(1200, 9);
    expect((fit.ratings[0]! + fit.ratings[1]! + fit.ratings[2]!) / 3).toBeCloseTo(1000, 9);
  });
});

describe('models without a finite rating', () => {
  it('flags a model that never lost and one that never won, keeps them out of the fit, and rates the rest', () => {
    const models = ['champ', 'x', 'y', 'z', 'loser'];
    const counts = countsOf(models, [[0, 1, A, 5], [2, 0, B, 3], ...mutual(1, 2), ...mutual(2, 3), [3, 4, A, 4], [4, 1, B, 2]]);
    const fit = fitBradleyTerry(counts);
    expect(fit.excluded).toEqual(['never-lost', null, null, null, 'never-won']);
    expect(fit.ratings[0]).toBeNull();
    expect(fit.ratings[4]).toBeNull();
    expect(noNaN(fit.ratings)).toBe(true);
    expect((fit.ratings[1]! + fit.ratings[2]! + fit.ratings[3]!) / 3).toBeCloseTo(1000, 9);
    expect(fit.group).toEqual([0, 0, 0, 0, 0]);
    expect(fit.warnings).toContainEqual(expect.objectContaining({ kind: 'excluded' }));
  });

  it('iterates: removing a never-lost model exposes one that then never lost', () => {
    // top beats second always; second beats the rest always except top; rest are mutual.
    const counts = countsOf(['top', 'second', 'u', 'v'], [[0, 1, A, 3], [1, 2, A, 4], [1, 3, A, 2], ...mutual(2, 3)]);
    const { excluded } = partitionComparisonGraph(collapsePairs(counts));
    expect(excluded).toEqual(['never-lost', 'never-lost', null, null]);
  });

  it('does not flag a model whose only non-losses are ties, since a tie is half a win', () => {
    const counts = countsOf(['x', 'y', 'z'], [[0, 1, TIE, 1], [0, 1, B, 3], ...mutual(1, 2)]);
    const fit = fitBradleyTerry(counts);
    expect(fit.excluded).toEqual([null, null, null]);
    expect(noNaN(fit.ratings) && fit.ratings.every((r) => r !== null)).toBe(true);
  });

  it('keeps the rest rated when one model beat every opponent it met', () => {
    const counts = countsOf(['new', 'x', 'y', 'z'], [[0, 1, A, 3], [2, 0, B, 1], ...mutual(1, 2), ...mutual(2, 3)]);
    const fit = fitBradleyTerry(counts);
    expect(fit.excluded).toEqual(['never-lost', null, null, null]);
    expect(fit.group).toEqual([0, 0, 0, 0]);
  });

  it('flags a whole block that never won against a larger block, though each member won inside it', () => {
    const counts = countsOf(
      ['a1', 'a2', 'a3', 'b1', 'b2'],
      [...mutual(0, 1), ...mutual(1, 2), ...mutual(3, 4), [0, 3, A, 3], [1, 4, A, 2]],
    );
    const { excluded } = partitionComparisonGraph(collapsePairs(counts));
    expect(excluded).toEqual([null, null, null, 'never-won', 'never-won']);
  });

  it('removes a model that beat two separate groups and rates each group on its own', () => {
    const counts = countsOf(['king', 'a1', 'a2', 'b1', 'b2'], [...mutual(1, 2), ...mutual(3, 4), [0, 1, A, 2], [0, 3, A, 2]]);
    const fit = fitBradleyTerry(counts);
    expect(fit.excluded).toEqual(['never-lost', null, null, null, null]);
    expect(fit.group.slice(1)).toEqual([0, 0, 1, 1]);
    expect(fit.warnings.map((w) => w.kind)).toEqual(['disconnected', 'excluded']);
  });
});

describe('degenerate inputs', () => {
  it('a single model gives a null rating flagged no-votes and a nothing-to-fit warning, without throwing', () => {
    const fit = fitBradleyTerry(countsOf(['solo'], []));
    expect(fit.ratings).toEqual([null]);
    expect(fit.excluded).toEqual(['no-votes']);
    expect(fit.warnings.map((w) => w.kind)).toContain('nothing-to-fit');
  });

  it('zero votes give every model a null rating flagged no-votes', () => {
    const fit = fitBradleyTerry(countsOf(['x', 'y', 'z'], [[0, 1, A, 0]]));
    expect(fit.ratings).toEqual([null, null, null]);
    expect(fit.excluded).toEqual(['no-votes', 'no-votes', 'no-votes']);
  });

  it('one pair with both results rates the pair by the log-odds of its record', () => {
    const fit = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, A, 3],
          [1, 0, A, 1],
        ],
      ),
    );
    expect(fit.ratings[0]! - fit.ratings[1]!).toBeCloseTo(400 * Math.log10(3), 6);
    expect(fit.ratings[0]! + fit.ratings[1]!).toBeCloseTo(2000, 9);
  });

  it('one pair with a one-sided record flags both models and rates neither', () => {
    const fit = fitBradleyTerry(countsOf(['x', 'y'], [[0, 1, A, 3]]));
    expect(fit.ratings).toEqual([null, null]);
    expect(fit.excluded).toEqual(['never-lost', 'never-won']);
  });

  it('ignores votes of a model against itself and says so', () => {
    const fit = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 0, A, 5],
          [0, 1, BOTH_BAD, 2],
        ],
      ),
    );
    expect(fit.ratings).toEqual([1000, 1000]);
    expect(fit.warnings).toContainEqual(expect.objectContaining({ kind: 'self-pairs-ignored', votes: 5 }));
  });

  it('a model left with no opponent after exclusions is flagged isolated', () => {
    // top beats mid always; mid beats low always; mid plays nobody else.
    const fit = fitBradleyTerry(
      countsOf(
        ['top', 'mid', 'low'],
        [
          [0, 1, A, 2],
          [1, 2, A, 2],
        ],
      ),
    );
    expect(fit.excluded).toEqual(['never-lost', 'isolated', 'never-won']);
    expect(fit.ratings).toEqual([null, null, null]);
  });
});
