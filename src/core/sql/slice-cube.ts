/**
 * The slice cube: `battles` summed by pair, outcome and every low-cardinality dimension, so a filter
 * change's pair counts read tens of thousands of rows instead of millions. Its columns keep the
 * names, paths and types of battles (a struct field stays a field of a struct of the same name),
 * so the very condition filtersSql builds for battles runs on the cube unchanged, and the counts
 * are the same sums: exact, not approximated. Filters on anything else (dates, ranges on a column
 * with many values) read battles.
 */
import type { ColumnInfo } from '../schema/column.ts';
import type { DimensionHint } from '../schema/preset.ts';
import { BATTLES_TABLE } from './battles.ts';
import type { Connector } from './connector.ts';
import type { Filter } from './filters.ts';
import { quoteIdent, quotePath } from './quote.ts';
import { parseDuckType, typeAtPath } from '../schema/duckdb-type.ts';
import { decideDimensions } from '../view/dimensions.ts';
import { lowCardinality, sliceCardinalitySql, sliceDimensions } from './slices.ts';

/** Most values a dimension may have to go into the cube. */
export const CUBE_MAX_VALUES = 60;
/** Most dimensions it keeps (sizing a cube of n dimensions hashes n²/2 columns a row). */
export const CUBE_MAX_DIMENSIONS = 16;
/** A cube with more rows than this share of battles saves too little to be worth building. */
export const CUBE_MAX_SHARE = 0.25;
/** Below this many rows a filter's scan of battles takes a few milliseconds: no cube. */
export const CUBE_MIN_ROWS = 100_000;

export interface CubeLimits {
  maxShare?: number;
  minRows?: number;
}

export interface SliceCube {
  table: string;
  /** The dimensions it keeps, as filter paths. */
  paths: string[][];
  rows: number;
  /** Date columns it keeps as their day (the day cube): counted by day, never filtered on. */
  days?: string[][];
}

/** The cube's count of battles behind each of its rows (beside `weight`, their summed votes). */
export const CUBE_ROWS = 'cube_rows';

/** Where a count runs: battles (one row a battle) or a cube (`rowsColumn` battles a row). */
export interface CountSource {
  table: string;
  rowsColumn: string | null;
}

export const BATTLES_SOURCE: CountSource = { table: BATTLES_TABLE, rowsColumn: null };

/**
 * The first cube that keeps every path counted and serves every filter in force (the filter
 * widgets' counts), else battles.
 */
export function countSource(
  cubes: readonly (SliceCube | null)[],
  paths: readonly (readonly string[])[],
  filters: readonly Filter[],
): CountSource {
  for (const cube of cubes) {
    if (!cube || !cubeServes(cube, filters)) continue;
    const kept = new Set([...cube.paths, ...(cube.days ?? [])].map((p) => JSON.stringify(p)));
    if (paths.every((p) => kept.has(JSON.stringify(p)))) return { table: cube.table, rowsColumn: CUBE_ROWS };
  }
  return BATTLES_SOURCE;
}

/**
 * The SELECT list of the cube: each top-level column once, struct fields rebuilt as nested
 * struct_pack so `(col).field` reads the same on the cube as on battles.
 */
export function cubeColumnsSql(paths: readonly (readonly string[])[]): string[] {
  interface Node {
    leaf: readonly string[] | null;
    fields: Map<string, Node>;
  }
  const root = new Map<string, Node>();
  for (const path of paths) {
    let level = root;
    path.forEach((name, depth) => {
      let node = level.get(name);
      if (!node) level.set(name, (node = { leaf: null, fields: new Map() }));
      if (depth === path.length - 1) node.leaf = path;
      level = node.fields;
    });
  }
  const expression = (node: Node): string =>
    node.leaf
      ? quotePath(node.leaf)
      : `struct_pack(${[...node.fields].map(([name, sub]) => `${quoteIdent(name)} := ${expression(sub)}`).join(', ')})`;
  return [...root].map(([name, node]) => `${expression(node)} AS ${quoteIdent(name)}`);
}

export function createCubeSql(table: string, paths: readonly (readonly string[])[]): string {
  const dims = cubeColumnsSql(paths);
  return (
    `CREATE OR REPLACE TABLE ${quoteIdent(table)} AS SELECT model_a, model_b, outcome, ${dims.join(', ')}, sum(weight) AS weight, ` +
    `count(*) AS ${quoteIdent(CUBE_ROWS)} ` +
    `FROM ${quoteIdent(BATTLES_TABLE)} GROUP BY ALL`
  );
}

/** True when every filter reads only what the cube keeps (the outcome, or one of its dimensions, whose values it keeps exactly). */
export function cubeServes(cube: SliceCube, filters: readonly Filter[]): boolean {
  const kept = new Set(cube.paths.map((p) => JSON.stringify(p)));
  return filters.every((f) => f.kind === 'exclude-outcomes' || kept.has(JSON.stringify(f.path)));
}

/** One row: k1 … kn, the approximate rows of a cube of the first 1 … n dimensions. */
export function cubeSizesSql(paths: readonly (readonly string[])[]): string {
  const sizes = paths.map((_, k) => {
    const dims = paths.slice(0, k + 1).map((p) => quotePath(p));
    return `approx_count_distinct(row(model_a, model_b, outcome, ${dims.join(', ')})) AS k${k + 1}`;
  });
  return `SELECT ${sizes.join(', ')} FROM ${quoteIdent(BATTLES_TABLE)}`;
}

/**
 * Builds the cube of battles as `table`, keeping the low-cardinality dimensions (the preset's first)
 * as far as the cube stays within `maxShare` of battles' rows; null (and no table) when no cube
 * would pay, as for small or pre-aggregated files. Three reads of battles, behind the page.
 */
export async function buildSliceCube(
  db: Connector,
  table: string,
  columns: readonly ColumnInfo[],
  hints: readonly DimensionHint[],
  battleRows: number,
  { maxShare = CUBE_MAX_SHARE, minRows = CUBE_MIN_ROWS }: CubeLimits = {},
): Promise<SliceCube | null> {
  // A column of the file named like the cube's row count stays out of it.
  const candidates = sliceDimensions(columns, hints).filter((d) => d.path[0] !== CUBE_ROWS);
  if (candidates.length === 0 || battleRows < minRows) return null;
  const [cardinality] = await db.query(sliceCardinalitySql(candidates).sql);
  const low = lowCardinality(candidates, cardinality, CUBE_MAX_VALUES)
    .map((d) => d.path)
    .slice(0, CUBE_MAX_DIMENSIONS);
  if (low.length === 0) return null;
  const [sizes] = await db.query(cubeSizesSql(low));
  let keep = 0;
  while (keep < low.length && Number(sizes[`k${keep + 1}`]) <= battleRows * maxShare) keep++;
  if (keep === 0) return null;
  const paths = low.slice(0, keep);
  await db.query(createCubeSql(table, paths));
  const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
  return { table, paths, rows: Number(n) };
}

/** Types whose values JavaScript compares as SQL does (text, booleans, integers, doubles): the ones CubeCounts codes. */
const CODABLE = /^(VARCHAR|BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|DOUBLE)$/;

/** The cube's dimensions whose values the page may count itself (core/tally/cube-counts.ts). */
export function codableDimensions(cube: SliceCube, columns: readonly ColumnInfo[]): string[][] {
  const types = new Map(columns.map((c) => [c.name, c.type]));
  return cube.paths.filter((path) => {
    const text = types.get(path[0]);
    const type = text ? typeAtPath(parseDuckType(text), path.slice(1)) : undefined;
    return type?.kind === 'scalar' && CODABLE.test(type.name);
  });
}

/** The cube's rows for CubeCounts: model and outcome codes, weight, then each path as d0, d1 …, sorted by cell. */
export function cubeRowsSql(cube: SliceCube, paths: readonly (readonly string[])[]): string {
  const dims = paths.map((p, i) => `, ${quotePath(p)} AS d${i}`).join('');
  return (
    'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
    `CAST(enum_code(outcome) AS UTINYINT) AS outcome, weight${dims} FROM ${quoteIdent(cube.table)} ORDER BY a, b, outcome`
  );
}

/** A date column of battles and how votes-per-day reads it (dimension-stats.ts votesPerDaySql). */
export interface DayColumn {
  column: string;
  /** Its DuckDB type, kept in the day cube. */
  type: string;
  unixSeconds: boolean;
}

/** The date columns the filter panel shows votes per day for; top-level ones, which the day cube keeps by name. */
export function dayColumns(columns: readonly ColumnInfo[], hints: readonly DimensionHint[], ignored: readonly string[] = []): DayColumn[] {
  const types = new Map(columns.map((c) => [c.name, c.type]));
  return decideDimensions({ columns: [...columns], hints: [...hints], ignored })
    .filter((d) => (d.kind === 'date' || d.kind === 'unix-seconds') && d.path.length === 1)
    .map((d) => ({ column: d.path[0], type: types.get(d.path[0])!, unixSeconds: d.kind === 'unix-seconds' }));
}

/**
 * The day cube's copy of a date column: the start of its day, in its own type, so votesPerDaySql
 * finds the same day (unix seconds: floor(x / 86400) of a multiple of 86400 is that multiple's day;
 * dates and timestamps: the date cast back). NULL, NaN and infinities stay what they were.
 */
function dayStart(day: DayColumn): string {
  const col = quoteIdent(day.column);
  return day.unixSeconds
    ? `CASE WHEN isfinite(${col}) THEN floor(${col} / 86400) * 86400 ELSE ${col} END`
    : `CAST(CAST(${col} AS DATE) AS ${day.type})`;
}

/**
 * The day cube: battles summed by outcome, the slice cube's dimensions and each date column's day,
 * for the filter widgets (no model pairs, so it is small: the 1.67M battles of the benchmark by
 * language, turn and 90 days make 5k rows). The widgets' votes per day read it instead of battles;
 * null when it would not pay, as the slice cube.
 */
export async function buildDayCube(
  db: Connector,
  table: string,
  paths: readonly (readonly string[])[],
  days: readonly DayColumn[],
  battleRows: number,
  { maxShare = CUBE_MAX_SHARE, minRows = CUBE_MIN_ROWS }: CubeLimits = {},
): Promise<SliceCube | null> {
  if (days.length === 0 || battleRows < minRows) return null;
  const keys = [...paths.map((p) => quotePath(p)), ...days.map(dayStart)];
  const [size] = await db.query(`SELECT approx_count_distinct(row(outcome, ${keys.join(', ')})) AS k FROM ${quoteIdent(BATTLES_TABLE)}`);
  if (Number(size.k) > battleRows * maxShare) return null;
  const dims = paths.length ? `${cubeColumnsSql(paths).join(', ')}, ` : '';
  const dayColumns = days.map((d) => `${dayStart(d)} AS ${quoteIdent(d.column)}`).join(', ');
  await db.query(
    `CREATE OR REPLACE TABLE ${quoteIdent(table)} AS SELECT outcome, ${dims}${dayColumns}, sum(weight) AS weight, ` +
      `count(*) AS ${quoteIdent(CUBE_ROWS)} FROM ${quoteIdent(BATTLES_TABLE)} GROUP BY ALL`,
  );
  const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
  return { table, paths: paths.map((p) => [...p]), rows: Number(n), days: days.map((d) => [d.column]) };
}
