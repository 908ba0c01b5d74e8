import { describe, expect, it } from 'vitest';
import { countsFingerprint, countsTotals } from '../../../src/core/stats/pair-counts.ts';
import { countsOf as counts } from './fixtures.ts';

describe('counts fingerprints and totals', () => {
  const cells: [number, number, number, number][] = [
    [0, 1, 0, 12],
    [1, 0, 2, 3.5],
    [0, 2, 1, 7],
  ];

  it('gives equal counts in other objects the same fingerprint, and any change of a cell another', () => {
    const one = counts(['p', 'q', 'r', 's'], cells);
    expect(countsFingerprint(one)).toBe(countsFingerprint(counts(['p', 'q', 'r', 's'], cells)));
    expect(countsFingerprint(one)).toBe(countsFingerprint(one));
    const changed: [number, number, number, number][][] = [
      [
        [0, 1, 0, 12],
        [1, 0, 2, 3.25],
        [0, 2, 1, 7],
      ],
      [
        [0, 1, 0, 12],
        [1, 0, 3, 3.5],
        [0, 2, 1, 7],
      ],
      [
        [0, 1, 0, 12],
        [1, 0, 2, 3.5],
        [2, 0, 1, 7],
      ],
      [
        [0, 1, 0, 12],
        [1, 0, 2, 3.5],
      ],
    ];
    for (const other of changed) expect(countsFingerprint(counts(['p', 'q', 'r', 's'], other))).not.toBe(countsFingerprint(one));
    expect(countsFingerprint(counts(['p', 'q', 'x', 's'], cells))).not.toBe(countsFingerprint(one));
  });

  it('counts the votes and the models with any vote (s has none)', () => {
    const one = counts(['p', 'q', 'r', 's'], cells);
    expect(countsTotals(one)).toEqual({ votes: 22.5, models: 3 });
    expect(countsTotals(one)).toBe(countsTotals(one));
    expect(countsTotals(counts(['p', 'q'], []))).toEqual({ votes: 0, models: 0 });
  });
});
