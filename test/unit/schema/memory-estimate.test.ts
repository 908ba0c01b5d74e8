import { describe, expect, it } from 'vitest';
import {
  COPIES,
  estimateLoadBytes,
  LOAD_BUDGET_BYTES,
  PACK_ABOVE_BYTES,
  PACKED_SHARE,
  storageFor,
  storedBytes,
} from '../../../src/core/schema/memory-estimate.ts';

const BATTLES = ['VARCHAR', 'VARCHAR', 'VARCHAR', 'DOUBLE', 'VARCHAR', 'BIGINT'];
// The bench's second 20M file: battles plus a judge column of 500,000 distinct users.
const WITH_JUDGES = [...BATTLES, 'VARCHAR'];

describe('the memory estimate that refuses files too big for a tab', () => {
  it('lets 20 million battles in, as a tab holds them (packed: 116 and 651 MiB measured)', () => {
    expect(storedBytes(estimateLoadBytes(BATTLES, 20_000_000))).toBeLessThan(LOAD_BUDGET_BYTES);
    expect(storedBytes(estimateLoadBytes(WITH_JUDGES, 20_000_000))).toBeLessThan(LOAD_BUDGET_BYTES);
  });
  it('refuses 100 million battles before reading them', () => {
    expect(storedBytes(estimateLoadBytes(BATTLES, 100_000_000))).toBeGreaterThan(LOAD_BUDGET_BYTES);
  });
  it('counts the fields of nested moderation structs, not the struct as one value', () => {
    const struct = 'STRUCT("flagged" BOOLEAN, "categories" STRUCT("hate" BOOLEAN, "violence" BOOLEAN), "score" DOUBLE)';
    expect(estimateLoadBytes([struct], 1)).toBe(COPIES * (1 + 1 + 1 + 8));
  });
  it('grows with rows and columns', () => {
    expect(estimateLoadBytes(BATTLES, 2_000)).toBe(2 * estimateLoadBytes(BATTLES, 1_000));
    expect(estimateLoadBytes([...BATTLES, 'VARCHAR'], 1_000)).toBeGreaterThan(estimateLoadBytes(BATTLES, 1_000));
  });
});

describe('where a dataset is stored', () => {
  it('keeps files of a few million battles in the plain database, which fills fastest', () => {
    expect(storageFor(estimateLoadBytes(BATTLES, 1_670_000))).toBe('memory');
    expect(storageFor(estimateLoadBytes(BATTLES, 4_000_000))).toBe('memory');
  });
  it('packs 20 million battles, and anything past the threshold', () => {
    expect(storageFor(estimateLoadBytes(BATTLES, 20_000_000))).toBe('packed');
    expect(storageFor(PACK_ABOVE_BYTES + 1)).toBe('packed');
    expect(storageFor(PACK_ABOVE_BYTES)).toBe('memory');
  });
  it('counts packed files at their packed share, plain ones whole', () => {
    expect(storedBytes(PACK_ABOVE_BYTES)).toBe(PACK_ABOVE_BYTES);
    expect(storedBytes(3 * PACK_ABOVE_BYTES)).toBeCloseTo(3 * PACK_ABOVE_BYTES * PACKED_SHARE);
  });
});
