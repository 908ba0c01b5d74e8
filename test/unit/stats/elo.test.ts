import { describe, expect, it } from 'vitest';
import { onlineElo } from '../../../src/core/stats/elo.ts';

const votes = (list: [number, number, number][]) =>
  [Int32Array.from(list, (v) => v[0]), Int32Array.from(list, (v) => v[1]), Uint8Array.from(list, (v) => v[2])] as const;

describe('onlineElo', () => {
  it('moves two 1000-rated models by K/2 = 2 points on the first decisive vote', () => {
    expect([...onlineElo(2, ...votes([[0, 1, 0]]))]).toEqual([1002, 998]);
  });

  it('applies the expected score 1/(1 + 10^(ΔR/400)) on the next vote (hand-computed)', () => {
    // After [1002, 998], model 1 wins: E_0 = 1/(1 + 10^(-4/400)) = 0.5057562, so model 0 loses 4·0.5057562.
    const r = onlineElo(
      2,
      ...votes([
        [0, 1, 0],
        [0, 1, 1],
      ]),
    );
    expect(r[0]).toBeCloseTo(999.9769751, 6);
    expect(r[1]).toBeCloseTo(1000.0230249, 6);
  });

  it('depends on the order of the votes, unlike Bradley-Terry', () => {
    const forward = onlineElo(
      2,
      ...votes([
        [0, 1, 0],
        [0, 1, 1],
      ]),
    );
    const backward = onlineElo(
      2,
      ...votes([
        [0, 1, 1],
        [0, 1, 0],
      ]),
    );
    expect(forward[0]).toBeLessThan(1000);
    expect(backward[0]).toBeGreaterThan(1000);
  });

  it('scores a tie and a both_bad vote as half a point and conserves the total', () => {
    const r = onlineElo(
      3,
      ...votes([
        [0, 1, 2],
        [1, 2, 3],
        [2, 0, 0],
      ]),
      { k: 32 },
    );
    expect(r[0] + r[1] + r[2]).toBeCloseTo(3000, 9);
    expect([...onlineElo(2, ...votes([[0, 1, 2]]))]).toEqual([1000, 1000]);
  });

  it('rejects an index outside the models, naming the function', () => {
    expect(() => onlineElo(2, ...votes([[0, 2, 0]]))).toThrow(/onlineElo: model index out of range/);
  });
});
