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
  const side = t.split(' - ');
  if (side.length === 2 && side.every((s) => s.trim()))
    return { name: `${side[0].trim()} − ${side[1].trim()}`, kind: 'side', paths: side.map(path) };
  const eq = t.indexOf('=');
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
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const expr = (s: ControlSpec): string => {
    if (s.kind === 'seat') return '1.0';
    if (s.kind === 'side') return `CAST(${quotePath(s.paths[0])} AS DOUBLE) - CAST(${quotePath(s.paths[1])} AS DOUBLE)`;
    if (s.value !== undefined) return `CAST(CAST(${quotePath(s.paths[0])} AS VARCHAR) = ${params.add(s.value)} AS DOUBLE)`;
    return `CAST(${quotePath(s.paths[0])} AS DOUBLE)`;
  };
  const cols = specs.map((s, k) => `${expr(s)} AS ${quoteIdent(`c${k}`)}`).join(', ');
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, weight${cols ? `, ${cols}` : ''} ` +
      `FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)} ORDER BY row_id`,
    params: [...base, ...params.values],
  };
}

/** Rows of controlVotesSql as ControlVotes (models that appear, in code order) and the votes left out for a NULL. */
export function readControlVotes(
  modelNames: readonly string[],
  specs: readonly ControlSpec[],
  rows: readonly Row[],
): { votes: ControlVotes; missingVotes: number } {
  const complete = (r: Row) => specs.every((_, k) => r[`c${k}`] != null && Number.isFinite(Number(r[`c${k}`])));
  const { present, missingVotes, ...coded } = codedVotes(modelNames, rows, complete, 'readControlVotes');
  const controls: ControlColumn[] = specs.map((s, k) => ({
    name: s.name,
    kind: s.kind,
    values: Float64Array.from(present, (r) => Number(r[`c${k}`])),
  }));
  return {
    votes: { ...coded, controls },
    missingVotes,
  };
}
