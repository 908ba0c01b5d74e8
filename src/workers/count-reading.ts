/**
 * Reading a parquet source's mapped columns into a VoteTally, shared by the counting worker and its
 * helper: each takes every other row group (a share), so on two cores a file is counted by both at
 * once; the helper's tally is merged into the counting worker's, exactly (core/tally/tally-parts.ts).
 * Dictionary-encoded text columns (model names, verdicts: how writers store them) are read as
 * dictionary and indices (core/parquet), from a local file or by range requests; any other column
 * (numbers, flags, text stored plainly) through parquet-wasm.
 */
import { ParquetFile } from 'parquet-wasm/esm';
import { DataType, makeVector, tableFromIPC, type Data, type Int, type Table, type Vector } from 'apache-arrow';
import type { ColumnChunk, ParquetFooter } from '../core/parquet/footer.ts';
import { partBytes } from './part-bytes.ts';
import { partFooter, type PartBytes } from '../core/parquet/part-footer.ts';
import { readableColumn, readDictionaryChunk, type ChunkValues, type DictionaryChunk } from '../core/parquet/dictionary-chunk.ts';
import { uncompressPage } from '../core/parquet/uncompress.ts';
import type { CellKind } from '../core/schema/row-vote.ts';
import type { Share } from './count-protocol.ts';
import { Utf8Codes } from '../core/tally/utf8-codes.ts';
import { VoteTally } from '../core/tally/vote-tally.ts';
import { dictionaryCodes, type Coder } from '../core/tally/dictionary-codes.ts';
import { DictionaryTally } from '../core/tally/dictionary-tally.ts';

/** A part opened by parquet-wasm, and its footer as core/parquet reads it (null when it cannot). */
export interface OpenedPart {
  file: ParquetFile;
  bytes: PartBytes;
  footer: ParquetFooter | null;
}

/** Opens a part with both readers at once: for an address, their footer requests go out together. */
export async function openPart(part: Blob | string): Promise<OpenedPart> {
  const bytes = partBytes(part);
  const [file, footer] = await Promise.all([
    typeof part === 'string' ? ParquetFile.fromUrl(part) : ParquetFile.fromFile(part),
    partFooter(bytes),
  ]);
  return { file, bytes, footer };
}

/**
 * One row group's mapped columns (in the order asked for): each either read directly as a dictionary
 * and indices, or (null there) a column of `table`, which parquet-wasm read.
 */
export interface GroupColumns {
  rows: number;
  dictionaries: (DictionaryChunk | null)[];
  table: Table | null;
}

/** Each row of a group as the tally numbered it (its tuple), and its weight when the tally sums one. */
export interface TalliedRows {
  keys: Int32Array;
  weights: Float64Array | null;
}

/** Tallies the mapped columns of one row group into `tally`. */
export class GroupTallier {
  private readonly coders: Utf8Codes[];
  private readonly keyed: DictionaryTally;

  constructor(
    private readonly tally: VoteTally,
    private readonly tallied: readonly string[],
    private readonly weight: string | null,
  ) {
    this.coders = tallied.map((_, c) => new Utf8Codes((text) => tally.code(c, text)));
    this.keyed = new DictionaryTally(tally);
  }

  /** Rows added so far (the tally's own count waits for settle()). */
  rows = 0;

  /** `group`'s columns are the tallied ones, then the weight column (when there is one). */
  add(group: GroupColumns): TalliedRows {
    const n = group.rows;
    this.rows += n;
    // Every column a dictionary and no weight (the usual vote file): rows counted by their indices' key.
    const chunks = group.dictionaries.slice(0, this.tallied.length);
    if (!this.weight && chunks.every((chunk) => chunk !== null)) {
      const keys = this.keyed.addRows(chunks as DictionaryChunk[], n);
      if (keys) return { keys, weights: null };
    }
    const codes = this.tallied.map((name, c) => groupCodes(group, c, name, this.tally, this.coders[c], c, n, false));
    // A weight is numeric (the shape check refuses any other), so parquet-wasm always reads it.
    const weights = this.weight ? readWeights(group.table!, this.weight, n) : null;
    return { keys: this.tally.addCoded(codes, weights, n), weights };
  }

  /** Every row added so far into the tally's counts: before the tally is read. */
  settle(): void {
    this.keyed.settle();
  }
}

/**
 * The codes of column `index` of `group` (named `name`), by `coder`'s column `c`. `numbers`: integers
 * coded as numbers (a filter column's), not as the bigints Arrow gives (the vote tally keeps those).
 */
export function groupCodes(
  group: GroupColumns,
  index: number,
  name: string,
  coder: Coder,
  utf8: Utf8Codes,
  c: number,
  n: number,
  numbers: boolean,
): Int32Array {
  const chunk = group.dictionaries[index];
  return chunk ? dictionaryCodes(chunk, coder, c, n) : tableCodes(group.table!, name, coder, c, utf8, n, numbers);
}

function tableCodes(table: Table, name: string, coder: Coder, c: number, utf8: Utf8Codes, n: number, numbers: boolean): Int32Array {
  const out = new Int32Array(n);
  let at = 0;
  for (const batch of table.batches) {
    encode(batch.getChild(name)!, coder, c, utf8, out.subarray(at, at + batch.numRows), numbers);
    at += batch.numRows;
  }
  return out;
}

/**
 * Reads the share's row groups of every part (parts[0] already open as `first`), one group at a
 * time, into `onGroup`; stops early when `live()` turns false. Returns false when stopped. `values`:
 * the chunks read as dictionaries here (text: the vote columns, whose integers Arrow's bigints
 * stand for; the filter columns' integers and booleans too), the rest by parquet-wasm.
 */
export async function readShare(
  first: OpenedPart,
  parts: readonly (Blob | string)[],
  columns: readonly string[],
  share: Share,
  live: () => boolean,
  onGroup: (group: GroupColumns, last: boolean) => void,
  values: ChunkValues = 'text',
): Promise<boolean> {
  const opened: OpenedPart[] = [first];
  try {
    let number = 0;
    for (let k = 0; k < parts.length; k++) {
      const { file, bytes, footer } = k === 0 ? first : (opened[k] = await openPart(parts[k]));
      const groups = file.metadata().rowGroups().length;
      const direct =
        footer?.rowGroups.length === groups ? (g: number) => readChunks(bytes, footer, g, columns, values) : () => Promise.resolve(null);
      // The next group's chunks are asked for while this one is decoded: each read waits on the browser (or the network).
      let ahead: { g: number; chunks: Promise<(DictionaryChunk | null)[] | null> } | null = null;
      for (let g = 0; g < groups; g++, number++) {
        if (number % share.of !== share.index) continue;
        if (!live()) return false;
        const chunks = ahead?.g === g ? ahead.chunks : direct(g);
        ahead = g + share.of < groups ? { g: g + share.of, chunks: direct(g + share.of) } : null;
        const dictionaries = (await chunks) ?? columns.map(() => null);
        const rest = columns.filter((_, c) => dictionaries[c] === null);
        const table = rest.length
          ? tableFromIPC((await file.read({ rowGroups: [g], columns: rest, batchSize: 1 << 20 })).intoIPCStream())
          : null;
        const group: GroupColumns = { rows: table?.numRows ?? footer!.rowGroups[g].rows, dictionaries, table };
        onGroup(group, k === parts.length - 1 && g >= groups - share.of);
      }
    }
    return true;
  } finally {
    for (const part of opened.slice(1)) part.file.free();
  }
}

/**
 * Row group `g` of `columns`, each as a dictionary and indices when it is a dictionary-encoded text
 * chunk, else null (parquet-wasm reads it); null for all when the footer does not describe the group.
 */
async function readChunks(
  part: PartBytes,
  footer: ParquetFooter,
  g: number,
  columns: readonly string[],
  values: ChunkValues,
): Promise<(DictionaryChunk | null)[] | null> {
  const group = footer.rowGroups[g];
  const found = columns.map((name) => ({ column: footer.columns.get(name), chunk: group.chunks.get(name) }));
  if (found.some(({ column, chunk }) => !column || !chunk || chunk.values !== group.rows)) return null;
  const readable = found.map(({ column }) => readableColumn(column!, values));
  const bytes = groupBytes(
    part,
    found.flatMap(({ chunk }, c) => (readable[c] ? [chunk!] : [])),
  );
  return Promise.all(
    found.map(async ({ column, chunk }, c) => {
      if (!readable[c]) return null;
      try {
        return readDictionaryChunk(column!, chunk!, await bytes(chunk!), uncompressPage, values);
      } catch {
        // Bytes this reader does not make sense of: parquet-wasm reads the column, and says what is wrong with it if anything is.
        return null;
      }
    }),
  );
}

/**
 * The bytes of each of `chunks` (a row group's): one read of the span they lie in when it is mostly
 * theirs, as a group's chunks usually are (a slice of a dropped file costs a round trip to the
 * browser's blob store, a range request one to the server); else a read each.
 */
function groupBytes(part: PartBytes, chunks: readonly ColumnChunk[]): (chunk: ColumnChunk) => Promise<Uint8Array> {
  const one = (chunk: ColumnChunk) => part.range(chunk.start, chunk.start + chunk.length);
  if (chunks.length < 2) return one;
  const start = Math.min(...chunks.map((c) => c.start));
  const end = Math.max(...chunks.map((c) => c.start + c.length));
  const own = chunks.reduce((sum, c) => sum + c.length, 0);
  if (end - start > SPAN_WASTE * own + SPAN_SLACK) return one;
  const span = part.range(start, end);
  return async (chunk) => (await span).subarray(chunk.start - start, chunk.start - start + chunk.length);
}

/** A row group's chunks are read in one span when it is at most this many times their bytes, plus SPAN_SLACK. */
const SPAN_WASTE = 1.5;
const SPAN_SLACK = 64 * 1024;

/** Writes the codes of one column's rows in a batch into `out`. */
function encode(vector: Vector, tally: Coder, c: number, coder: Utf8Codes, out: Int32Array, numbers = false): void {
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
    } else if (DataType.isBool(data.type) && data.offset === 0) {
      encodeBooleans(data.values as Uint8Array, validity, data.length, (v) => tally.code(c, v), nullCode, part);
    } else if (
      numbers &&
      DataType.isInt(data.type) &&
      data.type.bitWidth >= 32 &&
      data.offset === 0 &&
      encodeIntegers(data as Data<Int>, validity, (v) => tally.code(c, v), nullCode, part)
    ) {
      // Integers read from their words (a filter column's values are numbers, not bigints).
    } else {
      // Numbers: few distinct values, read one by one.
      const column = makeVector(data);
      for (let r = 0; r < data.length; r++) part[r] = tally.code(c, column.get(r) as never);
    }
    at += data.length;
  }
}

/** Codes of a boolean column from its bitmap: two values, each coded when first met. */
function encodeBooleans(
  bits: Uint8Array,
  validity: Uint8Array | null,
  n: number,
  code: (v: boolean) => number,
  nullCode: number,
  out: Int32Array,
): void {
  let yes = -1,
    no = -1;
  for (let r = 0; r < n; r++) {
    if (validity && (validity[r >> 3] & (1 << (r & 7))) === 0) out[r] = nullCode;
    else if (bits[r >> 3] & (1 << (r & 7))) out[r] = yes >= 0 ? yes : (yes = code(true));
    else out[r] = no >= 0 ? no : (no = code(false));
  }
}

/**
 * Codes of a 32- or 64-bit integer column read as 32-bit words, small values looked up in an array
 * (a turn, a count): no bigint per row. False (nothing written that counts) when a value needs more
 * than 32 bits: the caller reads the column value by value.
 */
function encodeIntegers(
  data: Data<Int>,
  validity: Uint8Array | null,
  code: (v: number) => number,
  nullCode: number,
  out: Int32Array,
): boolean {
  const values = data.values as Int32Array | BigInt64Array | BigUint64Array | Uint32Array;
  const wide = data.type.bitWidth === 64;
  const signed = data.type.isSigned;
  const words = new Int32Array(values.buffer, values.byteOffset, data.length * (wide ? 2 : 1));
  const small = new Int32Array(1024).fill(-1);
  const other = new Map<number, number>();
  for (let r = 0; r < data.length; r++) {
    if (validity && (validity[r >> 3] & (1 << (r & 7))) === 0) {
      out[r] = nullCode;
      continue;
    }
    let v = words[wide ? 2 * r : r];
    if (wide) {
      const high = words[2 * r + 1];
      if (!(high === 0 && (v >= 0 || !signed)) && !(signed && high === -1 && v < 0)) return false;
      if (!signed || high === 0) v = v >>> 0;
    } else if (!signed) v = v >>> 0;
    if (v >= 0 && v < 1024) out[r] = small[v] >= 0 ? small[v] : (small[v] = code(v));
    else {
      let k = other.get(v);
      if (k === undefined) other.set(v, (k = code(v)));
      out[r] = k;
    }
  }
  return true;
}

/** Each row's weight as a number (NaN when missing), over the table's batches. */
function readWeights(table: Table, column: string, n: number): Float64Array {
  const out = new Float64Array(n);
  let at = 0;
  for (const batch of table.batches) {
    const vector = batch.getChild(column)!;
    for (let r = 0; r < batch.numRows; r++, at++) {
      const v = vector.get(r);
      out[at] = v === null || v === undefined ? NaN : Number(v);
    }
  }
  return out;
}

/** A column's kind as the battles SQL reads it, from its Arrow type; null for a type the tally does not read. */
export function kindOf(type: DataType | undefined): CellKind | null {
  if (!type) return null;
  if (DataType.isUtf8(type) || (DataType.isDictionary(type) && DataType.isUtf8(type.dictionary))) return 'text';
  if (DataType.isBool(type)) return 'boolean';
  if (DataType.isInt(type)) return 'integer';
  if (DataType.isFloat(type)) return 'float';
  return null;
}
