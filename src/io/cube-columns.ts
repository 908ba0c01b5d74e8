/**
 * The page's cubes from DuckDB's Arrow answers: the slice cube's rows (cubeRowsSql) into the columns
 * CubeCounts codes, the pair × day cube's (pairDaysSql) into DayCounts' rows.
 * A BIGINT becomes a number only while it is exact; past 2^53 it stays a bigint, which CubeCounts
 * leaves to SQL.
 */
import type { Table } from 'apache-arrow';
import type { CubeColumns, CubeValue } from '../core/tally/cube-counts.ts';
import type { DayRows } from '../core/tally/day-counts.ts';

/** A column of a cube's Arrow answer; `what` names the cube in the error. */
function child(table: Table, name: string, what: string) {
  const vector = table.getChild(name);
  if (!vector) throw new Error(`${what}: no column ${name}`);
  return vector;
}

/**
 * A numeric column (integers, UTINYINT or doubles, none NULL) as its own typed array, not a copy: a
 * mapped copy of the pair × day cube's 570k rows × 5 columns held the page's thread for a quarter of
 * a second. A BIGINT column comes as numbers.
 */
function numbers(table: Table, name: string, what: string): ArrayLike<number> {
  const values = child(table, name, what).toArray() as ArrayLike<number> | BigInt64Array;
  return values instanceof BigInt64Array ? Float64Array.from(values, Number) : values;
}

export function cubeColumnsFromArrow(table: Table, models: readonly string[], paths: readonly (readonly string[])[]): CubeColumns {
  const what = 'cube rows';
  const dims = paths.map((path, i) => {
    const vector = child(table, `d${i}`, what);
    const values = new Array<CubeValue>(table.numRows);
    for (let r = 0; r < table.numRows; r++) {
      const v: unknown = vector.get(r);
      values[r] = (typeof v === 'bigint' && Number.isSafeInteger(Number(v)) ? Number(v) : v) as CubeValue;
    }
    return { path, values };
  });
  const [a, b, outcome, weight] = ['a', 'b', 'outcome', 'weight'].map((name) => numbers(table, name, what));
  return { models, a, b, outcome, weight, dims };
}

/** The pair × day cube's rows (pairDaysSql) from DuckDB's Arrow answer. */
export function dayRowsFromArrow(table: Table, models: readonly string[]): DayRows {
  const [a, b, outcome, day, weight] = ['a', 'b', 'outcome', 'day', 'weight'].map((name) => numbers(table, name, 'pair × day rows'));
  return { models, a, b, outcome, day, weight };
}
