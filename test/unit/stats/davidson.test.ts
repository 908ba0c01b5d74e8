import { describe, expect, it } from 'vitest';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { fitDavidson } from '../../../src/core/stats/davidson.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { countsOf, randomRatings } from './fixtures.ts';

/** Votes drawn from Davidson's model with tie parameter nu (both_bad for every other tie). */
function simulateDavidson(ratings: number[], nu: number, votes: number, seed: number) {
  const random = seededRandom(seed),
    m = ratings.length;
  const tally = new Map<string, number>();
  for (let v = 0; v < votes; v++) {
    const a = Math.floor(random.next() * m);
    let b = Math.floor(random.next() * (m - 1));
    if (b >= a) b++;
    const pa = 10 ** (ratings[a] / 400),
      pb = 10 ** (ratings[b] / 400),
      tie = nu * Math.sqrt(pa * pb);
    const u = random.next() * (pa + pb + tie);
    const o = u < pa ? 0 : u < pa + pb ? 1 : v % 2 ? 2 : 3;
    const key = `${a},${b},${o}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return countsOf(
    ratings.map((_, k) => `m${k}`),
    [...tally].map(([k, n]) => [...k.split(',').map(Number), n] as [number, number, number, number]),
  );
}

describe('fitDavidson', () => {
  it('recovers the tie parameter and the ratings of tie-heavy simulated data', () => {
    const truth = randomRatings(8, 120, 21),
      nu = 1.5;
    const fit = fitDavidson(simulateDavidson(truth, nu, 40_000, 4));
    expect(Math.abs(fit.davidson[0].nu! / nu - 1)).toBeLessThan(0.05);
    expect(fit.davidson[0].tieProbabilityAtEqualRatings).toBeCloseTo(fit.davidson[0].nu! / (2 + fit.davidson[0].nu!), 12);
    const mean = truth.reduce((s, r) => s + r, 0) / truth.length;
    truth.forEach((r, k) => expect(Math.abs(fit.ratings[k]! - (r - mean + 1000))).toBeLessThan(15));
  });

  it('reduces to Bradley-Terry with nu = 0 when there are no ties', () => {
    const counts = countsOf(
      ['x', 'y', 'z'],
      [
        [0, 1, 0, 5],
        [0, 1, 1, 2],
        [1, 2, 0, 4],
        [1, 2, 1, 3],
        [0, 2, 1, 1],
        [0, 2, 0, 3],
      ],
    );
    const davidson = fitDavidson(counts),
      bt = fitBradleyTerry(counts);
    expect(davidson.davidson[0].nu).toBe(0);
    davidson.ratings.forEach((r, k) => expect(r!).toBeCloseTo(bt.ratings[k]!, 3));
    expect(davidson.warnings.map((w) => w.kind)).toContain('tie-parameter-degenerate');
  });

  it('matches the closed form for one pair: ν̂ = t / √(w_i·w_j), odds ratio w_i / w_j', () => {
    // Davidson (1970) §3: with a single pair the likelihood equations solve in closed form.
    const fit = fitDavidson(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, 0, 9],
          [0, 1, 1, 4],
          [0, 1, 2, 6],
        ],
      ),
    );
    expect(fit.davidson[0].nu!).toBeCloseTo(6 / Math.sqrt(9 * 4), 6);
    expect(fit.ratings[0]! - fit.ratings[1]!).toBeCloseTo(400 * Math.log10(9 / 4), 4);
  });
});
