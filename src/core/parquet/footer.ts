/**
 * The parts of a parquet footer (FileMetaData, parquet.thrift) that locate a flat column's chunks:
 * each top-level column's physical type and nullability, and each row group's rows and chunk byte
 * ranges with their codec. Field numbers are parquet.thrift's.
 */
import { ThriftReader, type ThriftStruct, type ThriftValue } from './thrift-compact.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { footerColumnTypes } from './column-types.ts';

/** parquet.thrift's Type. */
export const PhysicalType = {
  BOOLEAN: 0,
  INT32: 1,
  INT64: 2,
  INT96: 3,
  FLOAT: 4,
  DOUBLE: 5,
  BYTE_ARRAY: 6,
  FIXED_LEN_BYTE_ARRAY: 7,
} as const;
/** parquet.thrift's CompressionCodec. */
export const Codec = { UNCOMPRESSED: 0, SNAPPY: 1, GZIP: 2, LZO: 3, BROTLI: 4, LZ4: 5, ZSTD: 6, LZ4_RAW: 7 } as const;

export interface FlatColumn {
  name: string;
  physicalType: number;
  /** 1 when the column may hold nulls (OPTIONAL), 0 when REQUIRED. */
  maxDefinition: number;
  /**
   * An INT32 or INT64 column read as signed integers (no annotation, or a signed integer one): not a
   * date, time, timestamp, decimal or unsigned number, which Arrow reads as other types.
   */
  signedInteger: boolean;
}

/** parquet.thrift's ConvertedType values INT_8 … INT_64, and LogicalType's INTEGER field. */
const SIGNED_CONVERTED = new Set([15, 16, 17, 18]);
const LOGICAL_INTEGER = 10;

export interface ColumnChunk {
  codec: number;
  /** Values in the chunk, nulls included. */
  values: number;
  /** Byte range of the chunk's pages in the file (dictionary page first, when there is one). */
  start: number;
  length: number;
}

export interface RowGroup {
  rows: number;
  /** Chunks of the top-level flat columns, by name. */
  chunks: Map<string, ColumnChunk>;
}

export interface ParquetFooter {
  rows: number;
  /** Top-level columns that are leaves (no lists or structs), by name. */
  columns: Map<string, FlatColumn>;
  rowGroups: RowGroup[];
  /** Every top-level column (nested ones too), typed as DuckDB reads it (column-types.ts). */
  schema: ColumnInfo[];
}

/** Bytes of the footer's length and magic at the end of a file. */
export const TAIL_BYTES = 8;

/** Whether a file's first bytes are parquet's magic "PAR1" (every parquet file starts and ends with it). */
export function startsAsParquet(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31;
}

/** The footer's length from the file's last 8 bytes; throws unless they end with the plain (unencrypted) magic "PAR1". */
export function footerLength(tail: Uint8Array): number {
  const magic = String.fromCharCode(...tail.subarray(4, 8));
  if (magic !== 'PAR1') throw new RangeError(`parquet: the file does not end with PAR1 (found ${JSON.stringify(magic)})`);
  return new DataView(tail.buffer, tail.byteOffset, 8).getUint32(0, true);
}

export function readFooter(bytes: Uint8Array): ParquetFooter {
  const meta = new ThriftReader(bytes).readStruct();
  const columns = flatColumns(list(meta[2]));
  const rowGroups = list(meta[4]).map((group): RowGroup => {
    const chunks = new Map<string, ColumnChunk>();
    for (const chunk of list((group as ThriftStruct)[1])) {
      const info = (chunk as ThriftStruct)[3] as ThriftStruct | undefined;
      // A chunk kept in another file (file_path) or without metadata is not read here.
      if (!info || (chunk as ThriftStruct)[1] !== undefined) continue;
      const path = list(info[3]).map((p) => text(p));
      if (path.length !== 1 || !columns.has(path[0])) continue;
      const dataPage = num(info[9]);
      const dictionaryPage = info[11] === undefined ? null : num(info[11]);
      // Some writers record a dictionary offset of 0 for a chunk without one: the chunk starts at its first page.
      const start = dictionaryPage !== null && dictionaryPage > 0 && dictionaryPage < dataPage ? dictionaryPage : dataPage;
      chunks.set(path[0], { codec: num(info[4]), values: num(info[5]), start, length: num(info[7]) });
    }
    return { rows: num((group as ThriftStruct)[3]), chunks };
  });
  return { rows: num(meta[3]), columns, rowGroups, schema: footerColumnTypes(list(meta[2])) };
}

/** The root's children that are leaves, with their definition level; nested groups (lists, structs, maps) are left out. */
function flatColumns(schema: ThriftValue[]): Map<string, FlatColumn> {
  const columns = new Map<string, FlatColumn>();
  const root = schema[0] as ThriftStruct | undefined;
  let at = 1;
  const skip = (element: ThriftStruct) => {
    for (let k = 0; k < num(element[5] ?? 0); k++) skip(schema[at++] as ThriftStruct);
  };
  for (let k = 0; k < num(root?.[5] ?? 0); k++) {
    const element = schema[at++] as ThriftStruct;
    if (element[5] !== undefined) {
      skip(element);
      continue;
    }
    const repetition = num(element[3] ?? 0);
    // REPEATED (2) leaves are lists of values: not flat.
    if (repetition === 2 || element[1] === undefined) continue;
    const physicalType = num(element[1]);
    const logical = element[10] as ThriftStruct | undefined;
    const integer = logical?.[LOGICAL_INTEGER] as ThriftStruct | undefined;
    const signedInteger =
      (physicalType === PhysicalType.INT32 || physicalType === PhysicalType.INT64) &&
      (element[6] === undefined || SIGNED_CONVERTED.has(num(element[6]))) &&
      (logical === undefined || (integer !== undefined && integer[2] === true));
    columns.set(text(element[4]), { name: text(element[4]), physicalType, maxDefinition: repetition === 1 ? 1 : 0, signedInteger });
  }
  return columns;
}

const decoder = new TextDecoder();
const text = (v: ThriftValue | undefined): string => (v instanceof Uint8Array ? decoder.decode(v) : '');
const num = (v: ThriftValue | undefined): number => (typeof v === 'number' ? v : NaN);
const list = (v: ThriftValue | undefined): ThriftValue[] => (Array.isArray(v) ? v : []);
