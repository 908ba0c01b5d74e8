/**
 * The filter tally's cell table (issue 28) against sums written plainly: rows, valid weight and
 * invalid rows per (base tuple, combination), across a table that grows in both directions.
 */
import { describe, expect, it } from 'vitest';
import { SplitCells } from '../../../src/core/tally/split-cells.ts';

/** A small deterministic generator (the test's rows must not change between runs). */
function random(seed: number): () => number {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

interface Rows {
  keys: Int32Array;
  combos: Int32Array;
  weights: Float64Array;
}

function rows(n: number, bases: number, combos: number, next: () => number): Rows {
  const out = { keys: new Int32Array(n), combos: new Int32Array(n), weights: new Float64Array(n) };
  for (let r = 0; r < n; r++) {
    out.keys[r] = Math.floor(next() * bases);
    out.combos[r] = Math.floor(next() * combos);
    const u = next();
    // Valid weights, and the invalid kinds battles sets aside: missing, zero, negative, infinite.
    out.weights[r] = u < 0.1 ? NaN : u < 0.15 ? 0 : u < 0.2 ? -2 : u < 0.22 ? Infinity : Math.round(u * 100) / 10;
  }
  return out;
}

/** Per "base,combo": rows, valid weight and invalid rows, summed one row at a time. */
function plainSums(groups: Rows[], weighted: boolean): Map<string, [number, number, number]> {
  const sums = new Map<string, [number, number, number]>();
  for (const { keys, combos, weights } of groups)
    for (let r = 0; r < keys.length; r++) {
      const key = `${keys[r]},${combos[r]}`;
      const s = sums.get(key) ?? [0, 0, 0];
      s[0] += 1;
      if (!weighted) s[1] += 1;
      else if (weights[r] > 0 && weights[r] < Infinity) s[1] += weights[r];
      else s[2] += 1;
      sums.set(key, s);
    }
  return sums;
}

function cellSums(cells: SplitCells): Map<string, [number, number, number]> {
  const sums = new Map<string, [number, number, number]>();
  const shift = Math.log2(cells.stride);
  for (let i = 0; i < cells.size; i++) {
    const n = cells.rowsAt(i);
    if (n === 0) continue;
    sums.set(`${i >> shift},${i & (cells.stride - 1)}`, [n, cells.weight ? cells.weight[i] : n, cells.invalid ? cells.invalid[i] : 0]);
  }
  return sums;
}

describe('the cells of a filter tally', () => {
  it.each([false, true])('sum each (tuple, combination) as a plain sum does, while growing (weighted: %s)', (weighted) => {
    const next = random(7);
    // More tuples, then more combinations (the stride grows and every cell moves), then both.
    const groups = [rows(5000, 300, 3, next), rows(5000, 2500, 3, next), rows(5000, 2500, 40, next), rows(5000, 9000, 90, next)];
    const cells = new SplitCells(weighted);
    for (const group of groups) {
      const bases = Math.max(...group.keys) + 1;
      const combos = Math.max(...group.combos) + 1;
      expect(cells.fit(bases, combos)).toBe(true);
      cells.add(group.keys, group.combos, weighted ? group.weights : null, group.keys.length);
    }
    cells.addCell(5, 2, 3, weighted ? 1.5 : 3, weighted ? 1 : 0);
    const expected = plainSums(groups, weighted);
    const extra = expected.get('5,2') ?? [0, 0, 0];
    expected.set('5,2', [extra[0] + 3, extra[1] + (weighted ? 1.5 : 3), extra[2] + (weighted ? 1 : 0)]);
    const got = cellSums(cells);
    expect(cells.filled).toBe(expected.size);
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, [n, w, bad]] of expected) {
      const [gn, gw, gbad] = got.get(key)!;
      expect([gn, gbad], key).toEqual([n, bad]);
      expect(gw, key).toBeCloseTo(w, 9);
    }
  });

  it.each([false, true])('counts past 255 rows a cell, by rows and by whole cells (weighted: %s)', (weighted) => {
    const next = random(11);
    // A few cells with hundreds of rows each: every count goes over a byte, some several times.
    const groups = [rows(3000, 2, 2, next), rows(2000, 3, 2, next)];
    const cells = new SplitCells(weighted);
    for (const group of groups) {
      expect(cells.fit(3, 2)).toBe(true);
      cells.add(group.keys, group.combos, weighted ? group.weights : null, group.keys.length);
    }
    // Whole cells merged in: one that crosses 256 with what it held, one new past 256 alone.
    cells.addCell(0, 1, 300, weighted ? 30 : 300, 0);
    expect(cells.fit(5, 2)).toBe(true);
    cells.addCell(4, 0, 700, weighted ? 70 : 700, weighted ? 5 : 0);
    const expected = plainSums(groups, weighted);
    const add = (key: string, n: number, w: number, bad: number) => {
      const s = expected.get(key) ?? [0, 0, 0];
      expected.set(key, [s[0] + n, s[1] + w, s[2] + bad]);
    };
    add('0,1', 300, weighted ? 30 : 300, 0);
    add('4,0', 700, weighted ? 70 : 700, weighted ? 5 : 0);
    const got = cellSums(cells);
    expect(cells.filled).toBe(expected.size);
    expect(Math.max(...[...expected.values()].map(([n]) => n))).toBeGreaterThan(512);
    for (const [key, [n, w, bad]] of expected) {
      const [gn, gw, gbad] = got.get(key)!;
      expect([gn, gbad], key).toEqual([n, bad]);
      expect(gw, key).toBeCloseTo(w, 9);
    }
  });

  it('refuses a table past its bytes, and keeps what it holds', () => {
    const cells = new SplitCells(false, 4096 * 5);
    expect(cells.fit(1000, 4)).toBe(true);
    cells.add(Int32Array.of(999), Int32Array.of(3), null, 1);
    expect(cells.fit(1000, 8)).toBe(false);
    expect(cells.fit(5000, 4)).toBe(false);
    expect(cells.stride).toBe(4);
    expect(cells.rowsAt(999 * 4 + 3)).toBe(1);
    expect(cells.filled).toBe(1);
  });
});
