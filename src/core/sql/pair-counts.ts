import type { Connector, Row } from './connector.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { BATTLES_TABLE, MODEL_TYPE } from './battles.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';

/**
 * Votes aggregated to (a, b, outcome, n): a and b are model_name ENUM codes, outcome the
 * OUTCOME_CODE, n the summed weight. Grouping is on the ENUM columns, i.e. on integers.
 */
export function pairCountsSql(where?: SqlCondition, table: string = BATTLES_TABLE): SqlQuery {
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      'CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n ' +
      `FROM ${quoteIdent(table)}${whereClause(where)} GROUP BY model_a, model_b, outcome ORDER BY 1, 2, 3`,
    params: where?.params ?? [],
  };
}

/**
 * Pair counts of `battles` under `where`. The model list (the ENUM's order) is fixed per dataset:
 * pass it when known, so a filter change costs one query and nothing can queue in between. `table`
 * is battles or a table with its columns (the slice cube).
 */
export async function readCounts(db: Connector, where?: SqlCondition, models?: readonly string[], table?: string): Promise<PairCounts> {
  const cells = pairCountsSql(where, table);
  const countRows = await db.query(cells.sql, cells.params);
  const modelRows = models ? models.map((model, code) => ({ model, code })) : await db.query(modelsSql().sql);
  return readPairCounts(modelRows, countRows);
}

/** Model names in ENUM code order, so row i is the model whose code is i. */
export function modelsSql(): SqlQuery {
  return {
    sql:
      // enum_range gives VARCHAR[]: cast back to read each name's code rather than trust list order.
      `SELECT m AS model, CAST(enum_code(CAST(m AS ${quoteIdent(MODEL_TYPE)})) AS INTEGER) AS code ` +
      `FROM (SELECT unnest(enum_range(NULL::${quoteIdent(MODEL_TYPE)})) AS m) ORDER BY code`,
    params: [],
  };
}

/** ' WHERE <condition>' or '' — shared by every builder that takes a filter condition. */
export function whereClause(where?: SqlCondition): string {
  return where && where.sql ? ` WHERE ${where.sql}` : '';
}

/** Turns the rows of modelsSql() and pairCountsSql() into the typed arrays statistics take. */
export function readPairCounts(modelRows: readonly Row[], countRows: readonly Row[]): PairCounts {
  const models = modelRows.map((r, i) => {
    if (Number(r.code) !== i) throw new Error(`readPairCounts: model codes are not 0..n-1 at row ${i}`);
    return String(r.model);
  });
  const k = countRows.length;
  const out: PairCounts = {
    models,
    a: new Int32Array(k),
    b: new Int32Array(k),
    outcome: new Uint8Array(k),
    n: new Float64Array(k),
  };
  countRows.forEach((r, i) => {
    out.a[i] = Number(r.a);
    out.b[i] = Number(r.b);
    out.outcome[i] = Number(r.outcome);
    out.n[i] = Number(r.n);
  });
  return out;
}

/**
 * Rows of rawPairCountsSql() as PairCounts, models in the order the model_name ENUM gives them
 * (byte order of their UTF-8, as DuckDB sorts text) and cells in the order of pairCountsSql(),
 * so the early fit and the fit on battles see identical input.
 */
export function readRawPairCounts(rows: readonly Row[]): PairCounts {
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const number = (name: string): number => {
    let k = numbers.get(name);
    if (k === undefined) {
      k = names.push(name) - 1;
      numbers.set(name, k);
    }
    return k;
  };
  const a = Int32Array.from(rows, (r) => number(String(r.model_a)));
  const b = Int32Array.from(rows, (r) => number(String(r.model_b)));
  const layout = layOutCells(
    names,
    a,
    b,
    Uint8Array.from(rows, (r) => Number(r.outcome)),
  );
  return {
    models: layout.models,
    a: layout.a,
    b: layout.b,
    outcome: layout.outcome,
    n: Float64Array.from(layout.order, (i) => Number(rows[i].n)),
  };
}

/** Cells laid out as pairCountsSql gives them; `order[at]` is the position, among the cells given, of the one placed at `at`. */
export interface CellLayout {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  order: Float64Array;
}

/**
 * Cells given by their models' numbers in `names` (and an outcome code), laid out as the battles
 * table gives them: models in byte order (the model_name ENUM's), cells sorted by (a, b, outcome).
 */
export function layOutCells(names: readonly string[], a: ArrayLike<number>, b: ArrayLike<number>, outcome: Uint8Array): CellLayout {
  const models = inByteOrder(names);
  const place = new Map(models.map((m, i) => [m, i]));
  const rank = Int32Array.from(names, (m) => place.get(m)!);
  const k = outcome.length;
  const ranksA = new Int32Array(k);
  const ranksB = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    ranksA[i] = rank[a[i]];
    ranksB[i] = rank[b[i]];
  }
  const order = cellOrder(ranksA, ranksB, outcome, models.length);
  const out: CellLayout = { models, a: new Int32Array(k), b: new Int32Array(k), outcome: new Uint8Array(k), order };
  for (let at = 0; at < k; at++) {
    out.a[at] = ranksA[order[at]];
    out.b[at] = ranksB[order[at]];
    out.outcome[at] = outcome[order[at]];
  }
  return out;
}

/** Model names in the order DuckDB sorts text (the bytes of their UTF-8), as the model_name ENUM lists them. */
export function inByteOrder(names: readonly string[]): string[] {
  const encoder = new TextEncoder();
  return names
    .map((name) => ({ name, bytes: encoder.encode(name) }))
    .sort((x, y) => compareBytes(x.bytes, y.bytes))
    .map((m) => m.name);
}

/**
 * The cells' positions sorted by (a, b, outcome), equal cells in their order: each cell's sort key
 * and position as one number, so the sort is a typed array's (a few ms for 100k cells, where a
 * comparator took tens on a page's first board).
 */
export function cellOrder(a: Int32Array, b: Int32Array, outcome: Uint8Array, models: number): Float64Array {
  const k = a.length;
  const outcomes = outcome.reduce((max, o) => Math.max(max, o + 1), 1);
  const keys = new Float64Array(k);
  if (models * models * outcomes * k < Number.MAX_SAFE_INTEGER) {
    for (let i = 0; i < k; i++) keys[i] = ((a[i] * models + b[i]) * outcomes + outcome[i]) * k + i;
    keys.sort();
    for (let i = 0; i < k; i++) keys[i] %= k;
    return keys;
  }
  // Too many models and cells for one exact number each.
  keys.forEach((_, i) => (keys[i] = i));
  return Float64Array.from([...keys].sort((x, y) => a[x] - a[y] || b[x] - b[y] || outcome[x] - outcome[y]));
}

function compareBytes(x: Uint8Array, y: Uint8Array): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
