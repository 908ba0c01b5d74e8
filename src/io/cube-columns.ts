/**
 * The page's cubes from DuckDB's Arrow answers: the slice cube's rows (cubeRowsSql) into the columns
 * CubeCounts codes, the pair × day cube's (pairDaysSql) into DayCounts' rows.
 * A BIGINT becomes a number only while it is exact; past 2^53 it stays a bigint, which CubeCounts
 * leaves to SQL.
 */
import type { Table } from 'apache-arrow';
import type { CubeColumns, CubeValue } from '../core/tally/cube-counts.ts';
import type { DayRows } from '../core/tally/day-counts.ts';

export function cubeColumnsFromArrow(table: Table, models: readonly string[], paths: readonly (readonly string[])[]): CubeColumns {
  const column = (name: string) => {
    const vector = table.getChild(name);
    if (!vector) throw new Error(`cube rows: no column ${name}`);
    return vector;
  };
  const numbers = (name: string) => Float64Array.from(column(name).toArray() as ArrayLike<number>, Number);
  const dims = paths.map((path, i) => {
    const vector = column(`d${i}`);
    const values = new Array<CubeValue>(table.numRows);
    for (let r = 0; r < table.numRows; r++) {
      const v: unknown = vector.get(r);
      values[r] = (typeof v === 'bigint' && Number.isSafeInteger(Number(v)) ? Number(v) : v) as CubeValue;
    }
    return { path, values };
  });
  return { models, a: numbers('a'), b: numbers('b'), outcome: numbers('outcome'), weight: numbers('weight'), dims };
}

/**
 * The pair × day cube's rows (pairDaysSql) from DuckDB's Arrow answer: its columns' own typed arrays
 * (integers, UTINYINT and doubles, none NULL), not copies: a mapped copy of 570k rows × 5 columns
 * held the page's thread for a quarter of a second.
 */
export function dayRowsFromArrow(table: Table, models: readonly string[]): DayRows {
  const numbers = (name: string): ArrayLike<number> => {
    const vector = table.getChild(name);
    if (!vector) throw new Error(`pair × day rows: no column ${name}`);
    const values = vector.toArray() as ArrayLike<number> | BigInt64Array;
    return values instanceof BigInt64Array ? Float64Array.from(values, Number) : values;
  };
  return { models, a: numbers('a'), b: numbers('b'), outcome: numbers('outcome'), day: numbers('day'), weight: numbers('weight') };
}
