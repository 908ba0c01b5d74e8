import { describe, expect, it } from 'vitest';
import { VoteTally } from '../../../src/core/tally/vote-tally.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

/** Rows per distinct tuple, from a tally and from a plain Map over the same rows. */
function tallyAgainstMap(columns: number, rows: number, distinct: number[], seed: number) {
  const random = seededRandom(seed);
  const tally = new VoteTally(
    Array.from({ length: columns }, (_, c) => `c${c}`),
    false,
  );
  const expected = new Map<string, number>();
  const batch = 1000;
  for (let start = 0; start < rows; start += batch) {
    const n = Math.min(batch, rows - start);
    const values = distinct.map((d) => Array.from({ length: n }, () => `v${Math.floor(random.next() * d)}`));
    const codes = values.map((column, c) => Int32Array.from(column, (v) => tally.code(c, v)));
    tally.addCoded(codes, null, n);
    for (let r = 0; r < n; r++) {
      const key = values.map((column) => column[r]).join('|');
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
  }
  const got = new Map<string, number>();
  for (let t = 0; t < tally.tuples; t++) {
    const key = tally.codes.map((codes, c) => tally.values[c][codes[t]]).join('|');
    expect(got.has(key)).toBe(false);
    got.set(key, tally.rows[t]);
  }
  return { got, expected, tally };
}

describe('VoteTally', () => {
  it('numbers each distinct tuple once while the values stay few (dense pair tables that grow)', () => {
    const { got, expected, tally } = tallyAgainstMap(3, 50_000, [150, 150, 4], 1);
    expect(got).toEqual(expected);
    expect(tally.totalRows).toBe(50_000);
  });

  it('numbers each distinct tuple once when the values are too many for a dense table (hashing)', () => {
    // 6,000 × 6,000 possible pairs: past the dense limit, so pairs are hashed from then on.
    const { got, expected } = tallyAgainstMap(2, 60_000, [6000, 6000], 2);
    expect(got).toEqual(expected);
    expect(got.size).toBeGreaterThan(50_000);
  });
});
