import { describe, expect, it } from 'vitest';
import { ExpectedScores, centre, drawOutcome, pWin } from '../../samples/ratings.ts';
import { Rng } from '../../samples/rng.ts';

describe('sample ratings helpers', () => {
  it('centre gives mean 1000', () => {
    const r = Object.values(centre({ a: 1500, b: 1200, c: 900 }));
    expect(r.reduce((s, x) => s + x, 0) / r.length).toBeCloseTo(1000, 6);
  });

  it('drawOutcome: expected score with ties as half a win equals the Bradley-Terry probability', () => {
    const rng = new Rng(7);
    for (const [ra, rb] of [
      [1000, 1000],
      [1200, 1000],
      [800, 1250],
    ] as const) {
      let score = 0;
      let draws = 0;
      const n = 40_000;
      for (let k = 0; k < n; k++) {
        const o = drawOutcome(rng, ra, rb, 0.15, 0.05);
        score += o === 'a' ? 1 : o === 'b' ? 0 : 0.5;
        if (o === 'tie' || o === 'both_bad') draws++;
      }
      expect(score / n).toBeCloseTo(pWin(ra, rb), 2);
      const p = pWin(ra, rb);
      expect(draws / n).toBeCloseTo(Math.min(0.2, 2 * p, 2 * (1 - p)), 2);
    }
  });

  it('ExpectedScores.fit recovers the ratings used', () => {
    const truth = centre({ x: 1200, y: 1050, z: 950, w: 800 });
    const e = new ExpectedScores();
    const names = Object.keys(truth);
    for (const a of names) for (const b of names) if (a !== b) e.add(a, b, truth[a]!, truth[b]!);
    const fit = e.fit();
    for (const n of names) expect(fit[n]).toBeCloseTo(truth[n]!, 1);
  });
});
