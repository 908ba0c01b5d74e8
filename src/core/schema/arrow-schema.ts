import { DataType, type Field, type Schema } from 'apache-arrow';

export interface SourceColumn {
  name: string;
  /** DuckDB-style type name, enough for role detection before any row is loaded. */
  type: string;
}

/** Arrow fields as DuckDB-like type names (VARCHAR, BIGINT, STRUCT(...), LIST(...)). */
export function schemaColumns(schema: Schema): SourceColumn[] {
  return schema.fields.map((field) => ({ name: field.name, type: duckType(field) }));
}

function duckType(field: Field): string {
  const type = field.type;
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return 'VARCHAR';
  if (DataType.isBool(type)) return 'BOOLEAN';
  if (DataType.isInt(type)) return type.bitWidth === 64 ? 'BIGINT' : 'INTEGER';
  if (DataType.isFloat(type) || DataType.isDecimal(type)) return 'DOUBLE';
  if (DataType.isTimestamp(type)) return 'TIMESTAMP';
  if (DataType.isDate(type)) return 'DATE';
  if (DataType.isDictionary(type)) return DataType.isUtf8(type.dictionary) ? 'VARCHAR' : 'UNKNOWN';
  if (DataType.isStruct(type)) {
    return `STRUCT(${type.children.map((c) => `"${c.name.replaceAll('"', '""')}" ${duckType(c)}`).join(', ')})`;
  }
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) return `${duckType(type.children[0])}[]`;
  if (DataType.isBinary(type)) return 'BLOB';
  return 'UNKNOWN';
}
