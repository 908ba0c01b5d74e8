/**
 * The parquet reader started ahead of DuckDB's load (warmParquetReader) is stopped for a file
 * dropped meanwhile: its start would take a core from that file's board. The browser's Worker is
 * the edge here: a stand-in records what became of each reader.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropWarmParquetReader, warmParquetReader } from '../../../src/io/load-parquet.ts';

class StandInWorker {
  static made: StandInWorker[] = [];
  terminated = false;
  constructor() {
    StandInWorker.made.push(this);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('the parquet reader started ahead', () => {
  beforeEach(() => {
    StandInWorker.made = [];
    vi.stubGlobal('Worker', StandInWorker);
  });
  afterEach(() => {
    dropWarmParquetReader();
    vi.unstubAllGlobals();
  });

  it('is started once, stopped for a dropped file, and started again after', () => {
    warmParquetReader();
    warmParquetReader();
    expect(StandInWorker.made).toHaveLength(1);
    dropWarmParquetReader();
    expect(StandInWorker.made[0].terminated).toBe(true);
    warmParquetReader();
    expect(StandInWorker.made).toHaveLength(2);
    expect(StandInWorker.made[1].terminated).toBe(false);
  });
});
