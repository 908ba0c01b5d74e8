import { describe, expect, it } from 'vitest';
import type { DictionaryChunk } from '../../../src/core/parquet/dictionary-chunk.ts';
import { DictionaryTally } from '../../../src/core/tally/dictionary-tally.ts';
import { VoteTally } from '../../../src/core/tally/vote-tally.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

/** A chunk of `rows` indices into `dictionary`, a tenth of them null (-1). */
function chunk(dictionary: DictionaryChunk['dictionary'], rows: number, random: () => number): DictionaryChunk {
  const indices = Int32Array.from({ length: rows }, () => (random() < 0.1 ? -1 : Math.floor(random() * dictionary.length)));
  return { dictionary, indices };
}

/** Each tuple of values with its rows, read row by row from the chunks: the reference, written plainly. */
function rowByRow(chunks: DictionaryChunk[], rows: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let r = 0; r < rows; r++) {
    const key = JSON.stringify(chunks.map((c) => (c.indices[r] < 0 ? null : c.dictionary[c.indices[r]])));
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function tuples(tally: VoteTally): Map<string, number> {
  const out = new Map<string, number>();
  for (let t = 0; t < tally.tuples; t++) {
    if (tally.rows[t] === 0) continue;
    const key = JSON.stringify(tally.columns.map((_, c) => tally.values[c][tally.codes[c][t]]));
    out.set(key, (out.get(key) ?? 0) + tally.rows[t]);
    expect(tally.weight[t]).toBe(tally.rows[t]);
    expect(tally.invalid[t]).toBe(0);
  }
  return out;
}

describe('dictionary chunks tallied by key, without a code per row', () => {
  const rng = seededRandom(11);
  const random = () => rng.next();
  const models = Array.from({ length: 40 }, (_, k) => `model-${k}`);
  it.each([1, 2, 3, 4])('%i columns over several row groups: the tuples and rows counted row by row', (columns) => {
    const dictionaries: DictionaryChunk['dictionary'][] = [models, models.slice(5), ['model_a', 'model_b', 'tie'], [false, true]];
    const tally = new VoteTally(
      Array.from({ length: columns }, (_, c) => `c${c}`),
      false,
    );
    const keyed = new DictionaryTally(tally);
    const expected = new Map<string, number>();
    for (const rows of [1000, 1, 2500]) {
      // Each row group has its own dictionary order, as writers give.
      const chunks = dictionaries.slice(0, columns).map((d) =>
        chunk(
          [...d].sort(() => random() - 0.5),
          rows,
          random,
        ),
      );
      expect(keyed.add(chunks, rows)).toBe(true);
      for (const [key, n] of rowByRow(chunks, rows)) expected.set(key, (expected.get(key) ?? 0) + n);
    }
    keyed.settle();
    expect(tuples(tally)).toEqual(expected);
    expect(tally.totalRows).toBe(3501);
  });

  it("each row's tuple number, as addCoded gives it, with values new in later groups and rows settled twice", () => {
    const byKey = new VoteTally(['a', 'b', 'w'], false);
    const byRow = new VoteTally(['a', 'b', 'w'], false);
    const keyed = new DictionaryTally(byKey);
    // Models arrive over the groups (the dense tables grow), and rows are settled between groups once.
    const groups = [
      { rows: 1500, models: 5 },
      { rows: 7, models: 6 },
      { rows: 3000, models: 40 },
      { rows: 2000, models: 40 },
    ];
    groups.forEach(({ rows, models: m }, g) => {
      const verdicts = ['model_a', 'model_b', 'tie', 'tie (bothbad)'];
      const chunks = [models.slice(0, m), models.slice(1, m + 1), verdicts].map((d) =>
        chunk(
          [...d].sort(() => random() - 0.5),
          rows,
          random,
        ),
      );
      const rowTuples = keyed.addRows(chunks, rows)!;
      const coded = chunks.map((c, k) => Int32Array.from(c.indices, (i) => byRow.code(k, i < 0 ? null : c.dictionary[i])));
      byRow.addCoded(coded, null, rows);
      expect(rowTuples).toHaveLength(rows);
      for (let r = 0; r < rows; r++) {
        const values = chunks.map((c) => (c.indices[r] < 0 ? null : c.dictionary[c.indices[r]]));
        expect(byKey.columns.map((_, k) => byKey.values[k][byKey.codes[k][rowTuples[r]]])).toEqual(values);
      }
      if (g === 1) keyed.settle();
    });
    keyed.settle();
    expect(tuples(byKey)).toEqual(tuples(byRow));
    expect(byKey.totalRows).toBe(6507);
  });

  it('declines codes too many together for its tables, counting nothing', () => {
    const big = Array.from({ length: 3000 }, (_, k) => `m${k}`);
    const tally = new VoteTally(['a', 'b'], false);
    const keyed = new DictionaryTally(tally);
    expect(keyed.add([chunk(big, 10, random), chunk(big, 10, random)], 10)).toBe(false);
    keyed.settle();
    expect([tally.tuples, tally.totalRows]).toEqual([0, 0]);
  });
});
