/**
 * A low-cardinality column chunk read as what it is: its dictionary (each distinct value once) and one
 * index per row, never a value per row. Writers store columns of model names and verdicts (text) and
 * of turns (integers) this way, so counting votes reads about a byte per row instead of the row's
 * value; a boolean chunk (bits, no dictionary) reads as indices into [false, true]. A chunk stored any
 * other way (plain values, a dictionary given up half-way, a codec not read here) returns null, and
 * the caller reads it the general way.
 */
import { ThriftReader, type ThriftStruct } from './thrift-compact.ts';
import type { ColumnChunk, FlatColumn } from './footer.ts';
import { PhysicalType } from './footer.ts';

export interface DictionaryChunk {
  /** Text, integers (numbers; a bigint past 32 bits, as Arrow reads it) or [false, true]. */
  dictionary: (string | number | bigint | boolean)[];
  /** Each value's index in `dictionary`, or -1 for a null. */
  indices: Int32Array;
}

/** Uncompresses a page's bytes with the chunk's codec to `length` bytes; null for a codec it does not read. */
export type Uncompress = (codec: number, bytes: Uint8Array, length: number) => Uint8Array | null;

const DATA_PAGE = 0,
  DICTIONARY_PAGE = 2,
  DATA_PAGE_V2 = 3;
const PLAIN = 0,
  PLAIN_DICTIONARY = 2,
  RLE = 3,
  RLE_DICTIONARY = 8;

/** The columns read here: text, and (when `values` allows) signed integers and booleans. */
export type ChunkValues = 'text' | 'text, integers and booleans';

/** Whether a chunk of `column` may be read here (whether it is, its pages tell: see readDictionaryChunk). */
export function readableColumn(column: FlatColumn, values: ChunkValues = 'text'): boolean {
  if (column.physicalType === PhysicalType.BYTE_ARRAY) return true;
  return values !== 'text' && (column.physicalType === PhysicalType.BOOLEAN || column.signedInteger);
}

/**
 * Decodes `bytes` (the chunk's byte range) of a flat column readableColumn allows; null when the
 * chunk is not wholly dictionary-encoded (booleans: plain or RLE bits) or its codec is not read.
 */
export function readDictionaryChunk(
  column: FlatColumn,
  chunk: ColumnChunk,
  bytes: Uint8Array,
  uncompress: Uncompress,
  values: ChunkValues = 'text',
): DictionaryChunk | null {
  if (!readableColumn(column, values)) return null;
  const boolean = column.physicalType === PhysicalType.BOOLEAN;
  const decoder = new TextDecoder();
  const indices = new Int32Array(chunk.values);
  let dictionary: DictionaryChunk['dictionary'] | null = boolean ? [false, true] : null;
  let filled = 0;
  let at = 0;
  while (filled < chunk.values) {
    if (at >= bytes.length) throw new RangeError(`parquet: the chunk ends after ${filled} of ${chunk.values} values`);
    const reader = new ThriftReader(bytes, at);
    const header = reader.readStruct();
    const size = header[3] as number;
    const body = bytes.subarray(reader.at, reader.at + size);
    at = reader.at + size;
    const type = header[1] as number;
    if (type === DICTIONARY_PAGE) {
      const info = header[7] as ThriftStruct;
      if (boolean || (info[2] !== PLAIN && info[2] !== PLAIN_DICTIONARY)) return null;
      const page = uncompress(chunk.codec, body, header[2] as number);
      if (!page) return null;
      const count = info[1] as number;
      dictionary =
        column.physicalType === PhysicalType.BYTE_ARRAY
          ? plainByteArrays(page, count, decoder)
          : plainIntegers(page, count, column.physicalType);
    } else if (type === DATA_PAGE || type === DATA_PAGE_V2) {
      if (!dictionary) return null;
      const v2 = type === DATA_PAGE_V2;
      const info = header[v2 ? 8 : 5] as ThriftStruct;
      const values = info[1] as number;
      const encoding = info[v2 ? 4 : 2];
      const bits = boolean && (encoding === PLAIN || encoding === RLE);
      if (!bits && encoding !== RLE_DICTIONARY && encoding !== PLAIN_DICTIONARY) return null;
      if (filled + values > chunk.values) throw new RangeError('parquet: the pages hold more values than the chunk');
      const out = indices.subarray(filled, filled + values);
      let page: Uint8Array | null, levels: Uint8Array | null;
      if (v2) {
        const levelBytes = (info[5] as number) + ((info[6] as number) ?? 0);
        levels = column.maxDefinition > 0 ? body.subarray((info[6] as number) ?? 0, levelBytes) : null;
        const compressed = info[7] !== false;
        const rest = body.subarray(levelBytes);
        page = compressed ? uncompress(chunk.codec, rest, (header[2] as number) - levelBytes) : rest;
        if (!page) return null;
      } else {
        page = uncompress(chunk.codec, body, header[2] as number);
        if (!page) return null;
        levels = null;
        if (column.maxDefinition > 0) {
          if (info[3] !== RLE) return null;
          const length = new DataView(page.buffer, page.byteOffset, 4).getUint32(0, true);
          levels = page.subarray(4, 4 + length);
          page = page.subarray(4 + length);
        }
      }
      if (bits) readBooleans(page, levels, out, encoding === RLE);
      else readIndices(page, levels, out, dictionary.length);
      filled += values;
    }
    // Index pages (and pages of types to come) hold no values: skipped.
  }
  return { dictionary: dictionary ?? [], indices };
}

/** PLAIN byte arrays: each a 4-byte little-endian length, then its bytes. */
function plainByteArrays(page: Uint8Array, count: number, decoder: TextDecoder): string[] {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const out: string[] = [];
  let at = 0;
  for (let k = 0; k < count; k++) {
    const length = view.getUint32(at, true);
    if (at + 4 + length > page.length) throw new RangeError('parquet: a dictionary value runs past its page');
    out.push(decoder.decode(page.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return out;
}

/** PLAIN integers (4 or 8 bytes, little-endian), as Arrow reads a signed column: numbers, a bigint past 32 bits. */
function plainIntegers(page: Uint8Array, count: number, type: number): (number | bigint)[] {
  const wide = type === PhysicalType.INT64;
  if (page.length < count * (wide ? 8 : 4)) throw new RangeError('parquet: a dictionary of integers runs past its page');
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const out: (number | bigint)[] = [];
  for (let k = 0; k < count; k++) {
    if (!wide) out.push(view.getInt32(4 * k, true));
    else {
      const low = view.getInt32(8 * k, true),
        high = view.getInt32(8 * k + 4, true);
      // A value within 32 bits is the number the general reader codes it as (its high word is the low word's sign).
      out.push(high === low >> 31 ? low : view.getBigInt64(8 * k, true));
    }
  }
  return out;
}

/**
 * How many of the page's `out.length` rows hold a value; when some are null, `out` is left holding
 * each row's definition level (1: a value, 0: null). Levels of one run of ones (a column declared
 * nullable that has no null: what writers usually give) need no decoding.
 */
function presentValues(levels: Uint8Array | null, out: Int32Array): number {
  if (!levels || allOnes(levels, out.length)) return out.length;
  hybrid(levels, 1, out);
  let present = 0;
  for (let r = 0; r < out.length; r++) present += out[r];
  return present;
}

/**
 * Fills `out` with booleans as indices into [false, true] (-1 for a null, when `levels` are given):
 * PLAIN pages pack one bit per value, RLE pages (v2) hold a 4-byte length, then the hybrid of 1 bit.
 */
function readBooleans(page: Uint8Array, levels: Uint8Array | null, out: Int32Array, rle: boolean): void {
  const present = presentValues(levels, out);
  const values = present < out.length ? new Int32Array(present) : out;
  if (rle) hybrid(page.subarray(4), 1, values);
  else {
    if (page.length * 8 < present) throw new RangeError(`parquet: ${present} booleans in a page of ${page.length} bytes`);
    for (let r = 0; r < present; r++) values[r] = (page[r >> 3] >> (r & 7)) & 1;
  }
  if (values === out) return;
  let k = 0;
  for (let r = 0; r < out.length; r++) out[r] = out[r] === 1 ? values[k++] : -1;
}

/**
 * Fills `out` with dictionary indices: a null (definition level 0, when `levels` are given) gets -1,
 * the others take the next index of the page's values (a bit width byte, then the RLE/bit-packed hybrid).
 */
function readIndices(page: Uint8Array, levels: Uint8Array | null, out: Int32Array, dictionarySize: number): void {
  const present = presentValues(levels, out);
  // A page without nulls (the usual case) is decoded in place.
  const values = present < out.length ? new Int32Array(present) : out;
  if (present > 0) {
    const width = page[0];
    if (width > 24) throw new RangeError(`parquet: dictionary indices of ${width} bits`);
    hybrid(page.subarray(1), width, values);
  }
  let largest = -1;
  // Indices of `width` bits all fall in a dictionary of 2^width values or more: nothing to check then.
  if (values === out && present > 0 && 2 ** page[0] <= dictionarySize) return;
  if (values === out) for (let r = 0; r < out.length; r++) largest = Math.max(largest, out[r]);
  else {
    let k = 0;
    for (let r = 0; r < out.length; r++) {
      const index = out[r] === 1 ? values[k++] : -1;
      largest = Math.max(largest, index);
      out[r] = index;
    }
  }
  if (largest >= dictionarySize) throw new RangeError(`parquet: index ${largest} past a dictionary of ${dictionarySize}`);
}

/** Whether 1-bit levels start with a run of `n` or more ones (an RLE run: a varint count << 1, then the value's byte). */
function allOnes(levels: Uint8Array, n: number): boolean {
  let header = 0,
    scale = 1,
    at = 0;
  for (;;) {
    if (at >= levels.length) return false;
    const b = levels[at++];
    header += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) break;
    scale *= 128;
  }
  return header % 2 === 0 && header / 2 >= n && levels[at] === 1;
}

/** The RLE / bit-packed hybrid encoding of `out.length` values of `width` bits (parquet's Encodings.md). */
export function hybrid(bytes: Uint8Array, width: number, out: Int32Array): void {
  const valueBytes = (width + 7) >> 3;
  const mask = width === 0 ? 0 : 2 ** width - 1;
  let at = 0,
    n = 0;
  while (n < out.length) {
    if (at >= bytes.length) throw new RangeError(`parquet: encoded values end after ${n} of ${out.length}`);
    let header = 0,
      scale = 1;
    for (;;) {
      const b = bytes[at++];
      header += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) break;
      scale *= 128;
    }
    if (header % 2 === 0) {
      // A run of one value repeated.
      const count = Math.min(header / 2, out.length - n);
      let value = 0;
      for (let k = 0; k < valueBytes; k++) value |= bytes[at + k] << (8 * k);
      at += valueBytes;
      out.fill(value, n, n + count);
      n += count;
    } else {
      // Groups of 8 values, `width` bits each, least significant bit first.
      const groups = (header - 1) / 2;
      const end = at + groups * width;
      const count = Math.min(groups * 8, out.length - n);
      let k = 0;
      if (width <= 8) {
        // Whole groups read as two 32-bit words each (4 values fit in 32 bits): no loop per bit.
        const whole = Math.min(count >> 3, Math.floor((bytes.length - at - 4 - (width >> 1)) / width));
        const half = 4 * width;
        const skip = half >> 3,
          shift = half & 7;
        for (let g = 0; g < whole; g++, at += width, k += 8) {
          const lo = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
          const q = at + skip;
          const hi = (bytes[q] | (bytes[q + 1] << 8) | (bytes[q + 2] << 16) | (bytes[q + 3] << 24)) >>> shift;
          out[n] = lo & mask;
          out[n + 1] = (lo >>> width) & mask;
          out[n + 2] = (lo >>> (2 * width)) & mask;
          out[n + 3] = (lo >>> (3 * width)) & mask;
          out[n + 4] = hi & mask;
          out[n + 5] = (hi >>> width) & mask;
          out[n + 6] = (hi >>> (2 * width)) & mask;
          out[n + 7] = (hi >>> (3 * width)) & mask;
          n += 8;
        }
      }
      let buffer = 0,
        bits = 0;
      for (; k < count; k++) {
        while (bits < width) {
          buffer |= bytes[at++] << bits;
          bits += 8;
        }
        out[n++] = buffer & mask;
        buffer >>>= width;
        bits -= width;
      }
      at = end;
    }
  }
}
