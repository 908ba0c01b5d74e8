/**
 * Every top-level column of a parquet file with the type DuckDB's read_parquet gives it (VARCHAR,
 * BIGINT, TIMESTAMP WITH TIME ZONE, STRUCT(…), T[] …), from the footer's schema elements alone: what
 * the shape is recognised from (core/schema/detect.ts) before, or without, any database. Types this
 * reader does not know are UNKNOWN: a column of that type is never one the tally reads directly.
 */
import type { ColumnInfo } from '../schema/column.ts';
import type { ThriftStruct, ThriftValue } from './thrift-compact.ts';

/** parquet.thrift's ConvertedType values used here. */
const Converted = {
  UTF8: 0,
  MAP: 1,
  MAP_KEY_VALUE: 2,
  LIST: 3,
  ENUM: 4,
  DECIMAL: 5,
  DATE: 6,
  TIME_MILLIS: 7,
  TIME_MICROS: 8,
  TIMESTAMP_MILLIS: 9,
  TIMESTAMP_MICROS: 10,
  UINT_8: 11,
  UINT_16: 12,
  UINT_32: 13,
  UINT_64: 14,
  INT_8: 15,
  INT_16: 16,
  INT_32: 17,
  INT_64: 18,
  JSON: 19,
} as const;

interface Node {
  element: ThriftStruct;
  children: Node[];
}

/** The root's children with DuckDB's type names; `schema` is FileMetaData's list of SchemaElements. */
export function footerColumnTypes(schema: readonly ThriftValue[]): ColumnInfo[] {
  let at = 0;
  const node = (): Node => {
    const element = schema[at++] as ThriftStruct;
    const count = num(element[5]);
    const children: Node[] = [];
    for (let k = 0; k < (Number.isFinite(count) ? count : 0); k++) children.push(node());
    return { element, children };
  };
  if (!schema.length) return [];
  const root = node();
  return root.children.map((c) => ({ name: text(c.element[4]), type: repeated(c) }));
}

/** A REPEATED field (legacy lists) is a list of its type. */
function repeated(n: Node): string {
  return num(n.element[3]) === 2 ? `${typeOf(n)}[]` : typeOf(n);
}

function typeOf(n: Node): string {
  const e = n.element;
  const converted = num(e[6]);
  const logical = e[10] as ThriftStruct | undefined;
  if (n.children.length || e[1] === undefined) {
    if (converted === Converted.LIST || logical?.[3] !== undefined) return listType(n);
    if (converted === Converted.MAP || converted === Converted.MAP_KEY_VALUE || logical?.[2] !== undefined) return mapType(n);
    return `STRUCT(${n.children.map((c) => `${quote(text(c.element[4]))} ${repeated(c)}`).join(', ')})`;
  }
  return leafType(e, converted, logical);
}

/** LIST: a repeated group of one element (or a repeated leaf), as DuckDB reads the standard and legacy layouts. */
function listType(n: Node): string {
  const inner = n.children[0];
  if (!inner) return 'UNKNOWN';
  if (inner.children.length === 1 && num(inner.element[3]) === 2) return `${repeatedOnce(inner.children[0])}[]`;
  return `${typeOf(inner)}[]`;
}

function repeatedOnce(n: Node): string {
  return num(n.element[3]) === 2 ? `${typeOf(n)}[]` : typeOf(n);
}

function mapType(n: Node): string {
  const pairs = n.children[0];
  if (!pairs || pairs.children.length !== 2) return 'UNKNOWN';
  return `MAP(${typeOf(pairs.children[0])}, ${typeOf(pairs.children[1])})`;
}

function leafType(e: ThriftStruct, converted: number, logical: ThriftStruct | undefined): string {
  const physical = num(e[1]);
  const decimal = converted === Converted.DECIMAL || logical?.[5] !== undefined;
  if (decimal) return `DECIMAL(${num(e[8])},${num(e[7])})`;
  switch (physical) {
    case 0:
      return 'BOOLEAN';
    case 1:
      if (converted === Converted.DATE || logical?.[6] !== undefined) return 'DATE';
      if (converted === Converted.TIME_MILLIS || logical?.[7] !== undefined) return 'TIME';
      return integerType(converted, logical, 32);
    case 2: {
      const stamp = logical?.[8] as ThriftStruct | undefined;
      if (stamp) return stamp[1] === true ? 'TIMESTAMP WITH TIME ZONE' : 'TIMESTAMP';
      if (converted === Converted.TIMESTAMP_MILLIS || converted === Converted.TIMESTAMP_MICROS) return 'TIMESTAMP WITH TIME ZONE';
      if (converted === Converted.TIME_MICROS || logical?.[7] !== undefined) return 'TIME';
      return integerType(converted, logical, 64);
    }
    case 3:
      return 'TIMESTAMP';
    case 4:
      return 'FLOAT';
    case 5:
      return 'DOUBLE';
    case 6: {
      const named =
        converted === Converted.UTF8 ||
        converted === Converted.ENUM ||
        converted === Converted.JSON ||
        logical?.[1] !== undefined ||
        logical?.[4] !== undefined ||
        logical?.[12] !== undefined;
      return named ? 'VARCHAR' : 'BLOB';
    }
    case 7:
      return logical?.[14] !== undefined ? 'UUID' : 'BLOB';
  }
  return 'UNKNOWN';
}

/** An integer's DuckDB name from its converted or logical annotation (INTEGER / BIGINT when plain). */
function integerType(converted: number, logical: ThriftStruct | undefined, bits: 32 | 64): string {
  const integer = logical?.[10] as ThriftStruct | undefined;
  const width = integer ? num(integer[1]) : NaN;
  const signed = integer ? integer[2] !== false : true;
  const byConverted: Record<number, string> = {
    [Converted.INT_8]: 'TINYINT',
    [Converted.INT_16]: 'SMALLINT',
    [Converted.INT_32]: 'INTEGER',
    [Converted.INT_64]: 'BIGINT',
    [Converted.UINT_8]: 'UTINYINT',
    [Converted.UINT_16]: 'USMALLINT',
    [Converted.UINT_32]: 'UINTEGER',
    [Converted.UINT_64]: 'UBIGINT',
  };
  if (Number.isFinite(width)) {
    const name = { 8: 'TINYINT', 16: 'SMALLINT', 32: 'INTEGER', 64: 'BIGINT' }[width];
    if (name) return signed ? name : `U${name}`;
  }
  return byConverted[converted] ?? (bits === 32 ? 'INTEGER' : 'BIGINT');
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const decoder = new TextDecoder();
const text = (v: ThriftValue | undefined): string => (v instanceof Uint8Array ? decoder.decode(v) : '');
const num = (v: ThriftValue | undefined): number => (typeof v === 'number' ? v : NaN);
