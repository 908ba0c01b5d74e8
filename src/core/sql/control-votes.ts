/**
 * The votes of a slice with the covariates of "controls for any column" (stats/controls.ts): each
 * control is `seat` (seat A), a column (number or flag, a battle-level term), `COLUMN=VALUE` (a
 * categorical value as 0/1) or `A_COLUMN - B_COLUMN` (a per-side feature, A side minus B side).
 * Struct fields are written column.field. Names reach SQL only through quotePath, values only as
 * parameters. A vote with a NULL covariate is left out and counted.
 */
import type { ColumnInfo } from '../schema/column.ts';
import type { ControlColumn, ControlKind, ControlVotes } from '../stats/controls.ts';
import { BATTLES_TABLE } from './battles.ts';
import type { Row } from './connector.ts';
import { codedVotes } from './coded-votes.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent, quotePath } from './quote.ts';
import { Params, type SqlCondition, type SqlQuery } from './statement.ts';

export interface ControlSpec {
  name: string;
  kind: ControlKind;
  /** The column paths it reads: none (seat), one (battle), two (side: A then B). */
  paths: string[][];
  /** A categorical value: the control is path = value. */
  value?: string;
}

/** Parses one --control text; null when it is not one of the forms above. */
export function parseControl(text: string): ControlSpec | null {
  const t = text.trim();
  if (!t) return null;
  if (t.toLowerCase() === 'seat') return { name: 'seat A', kind: 'seat', paths: [] };
  const path = (p: string) => p.trim().split('.');
  // A value may hold anything ("a - b" included): an '=' before any ' - ' makes a value control.
  const eq = t.indexOf('='),
    dash = t.indexOf(' - ');
  const side = t.split(' - ');
  if ((eq < 0 || dash < eq) && side.length === 2 && side.every((s) => s.trim()))
    return { name: `${side[0].trim()} − ${side[1].trim()}`, kind: 'side', paths: side.map(path) };
  if (eq > 0)
    return { name: `${t.slice(0, eq).trim()} = ${t.slice(eq + 1)}`, kind: 'battle', paths: [path(t.slice(0, eq))], value: t.slice(eq + 1) };
  return { name: t, kind: 'battle', paths: [path(t)] };
}

/** Throws a message naming the first column a control reads that battles does not have. */
export function checkControls(specs: readonly ControlSpec[], columns: readonly ColumnInfo[]): void {
  const names = new Set(columns.map((c) => c.name));
  for (const s of specs)
    for (const p of s.paths)
      if (!names.has(p[0])) throw new Error(`control "${s.name}": no column "${p[0]}" (columns: ${[...names].join(', ')})`);
}

/** One row per vote of the slice: model codes, outcome code, weight and c0, c1 … (NULL rows included). */
export function controlVotesSql(specs: readonly ControlSpec[], where?: SqlCondition): SqlQuery {
  const { cols, params } = controlColumns(specs, where);
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, weight${cols.map((c) => `, ${c}`).join('')} ` +
      `FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)} ORDER BY row_id`,
    params,
  };
}

/**
 * The same votes as controlVotesSql, grouped: one row per (pair, outcome, c0, c1 …) with the summed
 * weight and the rows it holds (`rows`). The fit's likelihood and its sandwich are sums over votes,
 * so a cell of identical votes counts exactly as they do; seat A, flags and values make few cells,
 * which is what lets the page fit every vote of a big file. Needs no row_id (counts files).
 */
export function controlCellsSql(specs: readonly ControlSpec[], where?: SqlCondition, limit?: number): SqlQuery {
  const { cols, params } = controlColumns(specs, where);
  const keys = ['a', 'b', 'outcome', ...specs.map((_, k) => quoteIdent(`c${k}`))].join(', ');
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new RangeError(`controlCellsSql: bad limit ${limit}`);
  return {
    sql:
      `SELECT ${keys}, sum(weight) AS weight, count(*) AS ${quoteIdent('rows')} FROM (` +
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, weight${cols.map((c) => `, ${c}`).join('')} ` +
      `FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)}) GROUP BY ALL ORDER BY ALL` +
      (limit === undefined ? '' : ` LIMIT ${limit}`),
    params,
  };
}

/** Each control as `expression AS cK`, its values numbered after the slice's. */
function controlColumns(specs: readonly ControlSpec[], where?: SqlCondition): { cols: string[]; params: SqlQuery['params'] } {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const expr = (s: ControlSpec): string => {
    if (s.kind === 'seat') return '1.0';
    if (s.kind === 'side') return `CAST(${quotePath(s.paths[0])} AS DOUBLE) - CAST(${quotePath(s.paths[1])} AS DOUBLE)`;
    if (s.value !== undefined) return `CAST(CAST(${quotePath(s.paths[0])} AS VARCHAR) = ${params.add(s.value)} AS DOUBLE)`;
    return `CAST(${quotePath(s.paths[0])} AS DOUBLE)`;
  };
  return { cols: specs.map((s, k) => `${expr(s)} AS ${quoteIdent(`c${k}`)}`), params: [...base, ...params.values] };
}

/**
 * Rows of controlVotesSql or controlCellsSql as ControlVotes (models that appear, in code order), the
 * votes left out for a NULL, and per control the votes and rows where it is NULL (or not a finite
 * number), so the page can say which column cost how many.
 */
export function readControlVotes(
  modelNames: readonly string[],
  specs: readonly ControlSpec[],
  rows: readonly Row[],
): { votes: ControlVotes; missingVotes: number; missingRows: number; nullVotes: number[]; nullRows: number[] } {
  const set = (r: Row, k: number) => r[`c${k}`] != null && Number.isFinite(Number(r[`c${k}`]));
  const complete = (r: Row) => specs.every((_, k) => set(r, k));
  const { present, missingVotes, ...coded } = codedVotes(modelNames, rows, complete, 'readControlVotes');
  const controls: ControlColumn[] = specs.map((s, k) => ({
    name: s.name,
    kind: s.kind,
    values: Float64Array.from(present, (r) => Number(r[`c${k}`])),
  }));
  // A grouped cell holds `rows` rows; a vote row is one.
  const rowsOf = (r: Row) => (r.rows == null ? 1 : Number(r.rows));
  const nullVotes = specs.map(() => 0),
    nullRows = specs.map(() => 0);
  let missingRows = 0;
  for (const r of rows) {
    if (!complete(r)) missingRows += rowsOf(r);
    specs.forEach((_, k) => {
      if (set(r, k)) return;
      nullVotes[k] += Number(r.weight);
      nullRows[k] += rowsOf(r);
    });
  }
  return { votes: { ...coded, controls }, missingVotes, missingRows, nullVotes, nullRows };
}
