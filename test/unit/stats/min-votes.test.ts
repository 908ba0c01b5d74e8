import { describe, expect, it } from 'vitest';
import { DEFAULT_SLICE_MIN_VOTES, dropModelsBelow, minVotesInForce } from '../../../src/core/stats/min-votes.ts';
import { countsOf } from './fixtures.ts';

// x–y 10 votes, x–z 3, y–z 1 (a tie), w–x 2 (both bad): votes x 15, y 11, z 4, w 2.
const counts = countsOf(
  ['w', 'x', 'y', 'z'],
  [
    [1, 2, 0, 6],
    [2, 1, 0, 4],
    [1, 3, 1, 3],
    [2, 3, 2, 1],
    [0, 1, 3, 2],
  ],
);
const cells = (c: ReturnType<typeof dropModelsBelow>['counts']) =>
  Array.from(c.n, (n, k) => [c.models[c.a[k]], c.models[c.b[k]], c.outcome[k], n]);

describe('minimum votes per model', () => {
  it('keeps the counts as they are when the threshold is 0 or nobody is under it', () => {
    expect(dropModelsBelow(counts, 0)).toEqual({ counts, droppedModels: [], dropped: [], droppedVotes: 0 });
    expect(dropModelsBelow(counts, 2).counts).toBe(counts);
  });

  it('drops models under the threshold with every cell they play in, and renumbers the rest', () => {
    const r = dropModelsBelow(counts, 5);
    expect(r.droppedModels).toEqual(['w', 'z']);
    expect(r.droppedVotes).toBe(3 + 1 + 2);
    expect(r.counts.models).toEqual(['x', 'y']);
    expect(cells(r.counts)).toEqual([
      ['x', 'y', 0, 6],
      ['y', 'x', 0, 4],
    ]);
  });

  it('keeps a model with no vote in the slice on the board (flagged no-votes there), so no model vanishes', () => {
    const withIdle = countsOf(
      ['idle', 'x', 'y'],
      [
        [1, 2, 0, 60],
        [2, 1, 0, 40],
        [1, 2, 2, 3],
      ],
    );
    const r = dropModelsBelow(withIdle, 50);
    expect(r.counts.models).toEqual(['idle', 'x', 'y']);
    expect(r.droppedModels).toEqual([]);
  });

  it('lists the models left out with their records, most votes first', () => {
    // z: beat x 3 times (seat b), tied y once; w: 2 both-bad votes.
    expect(dropModelsBelow(counts, 5).dropped).toEqual([
      { model: 'z', votes: 4, wins: 3, losses: 0, ties: 1 },
      { model: 'w', votes: 2, wins: 0, losses: 0, ties: 2 },
    ]);
  });

  it('applies the default minimum to filtered slices only, and a minimum the user set everywhere', () => {
    expect(minVotesInForce(null, true)).toBe(DEFAULT_SLICE_MIN_VOTES);
    expect(minVotesInForce(null, false)).toBe(0);
    expect(minVotesInForce(0, true)).toBe(0);
    expect(minVotesInForce(20, false)).toBe(20);
  });

  it('counts ties and both-bad votes towards a model, on either seat', () => {
    // w has exactly 2 votes, all both-bad, in seat a.
    expect(dropModelsBelow(counts, 2).droppedModels).toEqual([]);
    expect(dropModelsBelow(counts, 3).droppedModels).toEqual(['w']);
  });

  it('is one pass: a model pushed under the threshold by the removal is kept', () => {
    // At 12, w (2), y (11) and z (4) go; x had 15 votes and has none left once they are gone,
    // but it is not checked again.
    const r = dropModelsBelow(counts, 12);
    expect(r.droppedModels).toEqual(['w', 'y', 'z']);
    expect(r.counts.models).toEqual(['x']);
    expect(r.counts.n.length).toBe(0);
    expect(r.droppedVotes).toBe(16);
  });

  it('leaves the votes of kept and dropped cells summing to the total', () => {
    const total = counts.n.reduce((s, n) => s + n, 0);
    for (const min of [1, 3, 5, 11, 16]) {
      const r = dropModelsBelow(counts, min);
      expect(r.counts.n.reduce((s, n) => s + n, 0) + r.droppedVotes).toBe(total);
    }
  });

  it('refuses a threshold that is not a number', () => {
    expect(() => dropModelsBelow(counts, Number.NaN)).toThrow(/dropModelsBelow/);
  });
});
