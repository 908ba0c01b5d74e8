import { DataType, type Table } from 'apache-arrow';
import type { Row } from '../core/sql/connector.ts';
import type { TimeUnit } from '../core/text/time-text.ts';

/** Arrow rows as plain objects; bigint becomes number so callers never mix the two. */
export function arrowToRows(table: Table): Row[] {
  const names = table.schema.fields.map((f) => f.name);
  const columns = names.map((_, i) => table.getChildAt(i));
  const rows: Row[] = new Array(table.numRows);
  for (let r = 0; r < table.numRows; r++) {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]] = plain(columns[c]?.get(r));
    rows[r] = row;
  }
  return rows;
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value)) return value;
  // Arrow vectors (lists) and struct rows both know how to become plain JSON.
  const json = (value as { toJSON?: () => unknown }).toJSON?.();
  if (Array.isArray(json)) return json.map(plain);
  if (json && typeof json === 'object') {
    return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** The table's columns whose values are times (they come as epoch milliseconds), with how each reads. */
export function arrowTimeUnits(table: Table): Map<string, TimeUnit> {
  const units = new Map<string, TimeUnit>();
  for (const { name, type } of table.schema.fields) {
    if (DataType.isDate(type)) units.set(name, 'date');
    else if (DataType.isTimestamp(type)) units.set(name, type.timezone ? 'instant' : 'timestamp');
  }
  return units;
}
