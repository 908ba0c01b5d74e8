/**
 * Reading a parquet source's mapped columns into a VoteTally, shared by the counting worker and its
 * helper: each takes every other row group (a share), so on two cores a file is counted by both at
 * once; the helper's tally is merged into the counting worker's, exactly (VoteTally.addGroup).
 * A local file's dictionary-encoded text columns (model names, verdicts: how writers store them) are
 * read as dictionary and indices (core/parquet); any other row group through parquet-wasm.
 */
import { ParquetFile } from 'parquet-wasm/esm';
import { DataType, makeVector, tableFromIPC, type Data, type Table, type Vector } from 'apache-arrow';
import { footerLength, readFooter, TAIL_BYTES, type ParquetFooter } from '../core/parquet/footer.ts';
import { readDictionaryChunk, type DictionaryChunk } from '../core/parquet/dictionary-chunk.ts';
import { uncompressPage } from '../core/parquet/uncompress.ts';
import type { Cell } from '../core/schema/row-vote.ts';
import type { Share, TallyData } from './count-protocol.ts';
import { Utf8Codes } from '../core/tally/utf8-codes.ts';
import { VoteTally } from '../core/tally/vote-tally.ts';

export function openPart(part: Blob | string): Promise<ParquetFile> {
  return typeof part === 'string' ? ParquetFile.fromUrl(part) : ParquetFile.fromFile(part);
}

/** One row group's mapped columns: an Arrow table, or each column's dictionary and indices (in the columns' order). */
export type GroupColumns = { kind: 'table'; table: Table } | { kind: 'dictionary'; rows: number; chunks: DictionaryChunk[] };

/** Tallies the mapped columns of one row group into `tally`. */
export class TableTallier {
  private readonly coders: Utf8Codes[];

  constructor(
    private readonly tally: VoteTally,
    private readonly tallied: readonly string[],
    private readonly weight: string | null,
  ) {
    this.coders = tallied.map((_, c) => new Utf8Codes((text) => tally.code(c, text)));
  }

  add(group: GroupColumns): void {
    if (group.kind === 'dictionary') return this.addDictionaries(group.chunks, group.rows);
    for (const batch of group.table.batches) {
      const n = batch.numRows;
      const codes = this.tallied.map((name, c) => encode(batch.getChild(name)!, this.tally, c, this.coders[c], n));
      const w = this.weight ? weights(batch.getChild(this.weight)!, n) : null;
      this.tally.addCoded(codes, w, n);
    }
  }

  /** Rows given by dictionary indices: each dictionary value is coded once, each row takes its value's code. */
  private addDictionaries(chunks: DictionaryChunk[], rows: number): void {
    const codes = chunks.map(({ dictionary, indices }, c) => {
      const keys = Int32Array.from(dictionary, (value) => this.tally.code(c, value));
      const nullCode = this.tally.code(c, null);
      const out = new Int32Array(rows);
      for (let r = 0; r < rows; r++) out[r] = indices[r] < 0 ? nullCode : keys[indices[r]];
      return out;
    });
    this.tally.addCoded(codes, null, rows);
  }
}

/**
 * Reads the share's row groups of every part (parts[0] already open as `first`), one group at a
 * time, into `onGroup`; stops early when `live()` turns false. Returns false when stopped.
 */
export async function readShare(
  first: ParquetFile,
  parts: readonly (Blob | string)[],
  columns: readonly string[],
  share: Share,
  live: () => boolean,
  onGroup: (group: GroupColumns, last: boolean) => void,
): Promise<boolean> {
  const files: ParquetFile[] = [first];
  try {
    let number = 0;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      const file = k === 0 ? first : (files[k] = await openPart(part));
      const footer = typeof part === 'string' ? null : await blobFooter(part);
      const groups = file.metadata().rowGroups().length;
      const direct =
        footer?.rowGroups.length === groups ? (g: number) => readChunks(part as Blob, footer, g, columns) : () => Promise.resolve(null);
      // The next group's chunks are asked for while this one is decoded: each read of a local file waits on the browser.
      let ahead: { g: number; chunks: Promise<GroupColumns | null> } | null = null;
      for (let g = 0; g < groups; g++, number++) {
        if (number % share.of !== share.index) continue;
        if (!live()) return false;
        const chunks = ahead?.g === g ? ahead.chunks : direct(g);
        ahead = g + share.of < groups ? { g: g + share.of, chunks: direct(g + share.of) } : null;
        const group: GroupColumns =
          (await chunks) ??
          ({
            kind: 'table',
            table: tableFromIPC((await file.read({ rowGroups: [g], columns: [...columns], batchSize: 1 << 20 })).intoIPCStream()),
          } as const);
        onGroup(group, k === parts.length - 1 && g >= groups - share.of);
      }
    }
    return true;
  } finally {
    for (const f of files.slice(1)) f.free();
  }
}

/** A local file's footer, read by core/parquet; null when it cannot be (parquet-wasm reads the file then). */
async function blobFooter(blob: Blob): Promise<ParquetFooter | null> {
  try {
    const tail = new Uint8Array(await blob.slice(blob.size - TAIL_BYTES).arrayBuffer());
    const length = footerLength(tail);
    return readFooter(new Uint8Array(await blob.slice(blob.size - TAIL_BYTES - length, blob.size - TAIL_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

/** Row group `g` of `columns` as dictionaries and indices, when every one of them is a dictionary-encoded text chunk (else null). */
async function readChunks(blob: Blob, footer: ParquetFooter, g: number, columns: readonly string[]): Promise<GroupColumns | null> {
  const group = footer.rowGroups[g];
  const found = columns.map((name) => ({ column: footer.columns.get(name), chunk: group.chunks.get(name) }));
  if (found.some(({ column, chunk }) => !column || !chunk || chunk.values !== group.rows)) return null;
  try {
    const bytes = await Promise.all(found.map(({ chunk }) => blob.slice(chunk!.start, chunk!.start + chunk!.length).arrayBuffer()));
    const chunks: DictionaryChunk[] = [];
    for (let c = 0; c < found.length; c++) {
      const read = readDictionaryChunk(found[c].column!, found[c].chunk!, new Uint8Array(bytes[c]), uncompressPage);
      if (!read) return null;
      chunks.push(read);
    }
    return { kind: 'dictionary', rows: group.rows, chunks };
  } catch {
    // Bytes this reader does not make sense of: parquet-wasm reads the group, and says what is wrong with it if anything is.
    return null;
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
