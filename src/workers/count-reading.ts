/**
 * Reading a parquet source's mapped columns into a VoteTally, shared by the counting worker and its
 * helper: each takes every other row group (a share), so on two cores a file is counted by both at
 * once; the helper's tally is merged into the counting worker's, exactly (VoteTally.addGroup).
 */
import { ParquetFile } from 'parquet-wasm/esm';
import { DataType, makeVector, tableFromIPC, type Data, type Table, type Vector } from 'apache-arrow';
import type { Cell } from '../core/schema/row-vote.ts';
import type { Share, TallyData } from './count-protocol.ts';
import { Utf8Codes } from '../core/tally/utf8-codes.ts';
import { VoteTally } from '../core/tally/vote-tally.ts';

export function openPart(part: Blob | string): Promise<ParquetFile> {
  return typeof part === 'string' ? ParquetFile.fromUrl(part) : ParquetFile.fromFile(part);
}

/** Tallies the mapped columns of one table (a row group) into `tally`. */
export class TableTallier {
  private readonly coders: Utf8Codes[];

  constructor(
    private readonly tally: VoteTally,
    private readonly tallied: readonly string[],
    private readonly weight: string | null,
  ) {
    this.coders = tallied.map((_, c) => new Utf8Codes((text) => tally.code(c, text)));
  }

  add(table: Table): void {
    for (const batch of table.batches) {
      const n = batch.numRows;
      const codes = this.tallied.map((name, c) => encode(batch.getChild(name)!, this.tally, c, this.coders[c], n));
      const w = this.weight ? weights(batch.getChild(this.weight)!, n) : null;
      this.tally.addCoded(codes, w, n);
    }
  }
}

/**
 * Reads the share's row groups of every part (parts[0] already open as `first`), one table at a
 * time, into `onTable`; stops early when `live()` turns false. Returns false when stopped.
 */
export async function readShare(
  first: ParquetFile,
  parts: readonly (Blob | string)[],
  columns: readonly string[],
  share: Share,
  live: () => boolean,
  onTable: (table: Table, last: boolean) => void,
): Promise<boolean> {
  const files: ParquetFile[] = [first];
  try {
    let number = 0;
    for (let k = 0; k < parts.length; k++) {
      const file = k === 0 ? first : (files[k] = await openPart(parts[k]));
      const groups = file.metadata().rowGroups().length;
      for (let g = 0; g < groups; g++, number++) {
        if (number % share.of !== share.index) continue;
        if (!live()) return false;
        const table = tableFromIPC((await file.read({ rowGroups: [g], columns: [...columns], batchSize: 1 << 20 })).intoIPCStream());
        onTable(table, k === parts.length - 1 && g >= groups - share.of);
      }
    }
    return true;
  } finally {
    for (const f of files.slice(1)) f.free();
  }
}

export function tallyData(tally: VoteTally): TallyData {
  return {
    values: tally.values,
    codes: tally.codes.map((list) => Int32Array.from(list)),
    rows: Float64Array.from(tally.rows),
    weight: Float64Array.from(tally.weight),
    invalid: Float64Array.from(tally.invalid),
  };
}

/** Adds a helper's tally to `tally` (same columns). */
export function mergeTally(tally: VoteTally, data: TallyData): void {
  const columns = data.values.length;
  for (let t = 0; t < data.rows.length; t++) {
    const values: Cell[] = [];
    for (let c = 0; c < columns; c++) values.push(data.values[c][data.codes[c][t]]);
    tally.addGroup(values, data.rows[t], data.weight[t], data.invalid[t]);
  }
}

/** Codes of one column's rows in a batch. */
function encode(vector: Vector, tally: VoteTally, c: number, coder: Utf8Codes, n: number): Int32Array {
  const out = new Int32Array(n);
  const nullCode = tally.code(c, null);
  let at = 0;
  for (const data of vector.data as Data[]) {
    const part = out.subarray(at, at + data.length);
    const validity = data.nullCount > 0 ? (data.nullBitmap ?? null) : null;
    if (DataType.isUtf8(data.type) && data.offset === 0) {
      coder.encode(data.valueOffsets as Int32Array, data.values as Uint8Array, validity, data.length, nullCode, part);
    } else if (DataType.isDictionary(data.type) && data.offset === 0 && data.dictionary) {
      const dictionary = data.dictionary.data[0];
      const keys = new Int32Array(dictionary.length);
      coder.encode(dictionary.valueOffsets as Int32Array, dictionary.values as Uint8Array, null, dictionary.length, nullCode, keys);
      const indices = data.values as ArrayLike<number>;
      for (let r = 0; r < data.length; r++) part[r] = validity && (validity[r >> 3] & (1 << (r & 7))) === 0 ? nullCode : keys[indices[r]];
    } else {
      // Booleans and numbers: few distinct values, read one by one.
      const column = makeVector(data);
      for (let r = 0; r < data.length; r++) part[r] = tally.code(c, column.get(r) as never);
    }
    at += data.length;
  }
  return out;
}

/** Each row's weight as a number (NaN when missing). */
function weights(vector: Vector, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const v = vector.get(r);
    out[r] = v === null || v === undefined ? NaN : Number(v);
  }
  return out;
}
