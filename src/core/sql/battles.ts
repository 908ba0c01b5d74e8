import { OUTCOME_CODE, OUTCOMES, type Outcome } from '../outcome.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { mappingColumns, mappingProblems, type ColumnMapping, type SideSource } from '../schema/mapping.ts';
import { quoteIdent } from './quote.ts';
import { derivedColumns } from '../schema/derived.ts';
import { Params, type SqlQuery } from './statement.ts';

export const BATTLES_TABLE = 'battles';
export const REJECTED_TABLE = 'rejected_rows';
export const MODEL_TYPE = 'model_name';
export const OUTCOME_TYPE = 'outcome_label';

/** Why a row is in rejected_rows; unknown labels carry the value: 'unknown winner label "x"'. */
export const REJECT_REASONS = ['null model', 'model against itself', 'null winner', 'unknown winner label', 'invalid weight'] as const;

// Names the builder gives its own columns; file columns with these names are kept as raw_<name>.
const RESERVED = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight', 'winner', 'reason', 'tie_flag', 'outcome_code']);

export interface BattlesInput {
  /** The loaded file's table (a table, not a view: its rowid becomes battles.row_id). */
  raw: string;
  /** DESCRIBE of the raw table. */
  columns: readonly ColumnInfo[];
  mapping: ColumnMapping;
  /** Long-text columns left out of battles; fetch them from raw by row_id when shown. */
  textColumns?: readonly string[];
  /** false when raw is a view (no rowid): battles then has no row_id column. */
  rowIds?: boolean;
}

/** A raw column copied into battles for slicing, and its name there. */
export interface KeptColumn {
  source: string;
  name: string;
}

/** Raw columns that battles keeps: all but the mapped ones and the long text. */
export function keptColumns(input: BattlesInput): KeptColumn[] {
  const skip = new Set([...mappingColumns(input.mapping), ...(input.textColumns ?? [])]);
  const taken = new Set(RESERVED);
  const kept: KeptColumn[] = [];
  for (const c of input.columns) {
    if (skip.has(c.name)) continue;
    let name = c.name;
    while (taken.has(name)) name = `raw_${name}`;
    taken.add(name);
    kept.push({ source: c.name, name });
  }
  return kept;
}

/**
 * Statements that (re)build `battles` and `rejected_rows` from a raw table, to run in order
 * (runStatements). battles: row_id, model_a and model_b as ENUM model_name (codes in name order,
 * built only from accepted rows so every model has votes), outcome as ENUM outcome_label
 * (codes = OUTCOME_CODE), weight DOUBLE, then the kept columns. rejected_rows: row_id, reason,
 * the raw model and winner values as text, weight, then the kept columns. Both end with the
 * dimensions derived from loaded text (schema/derived.ts). Every raw row lands in exactly one table.
 */
export function battlesSql(input: BattlesInput): SqlQuery[] {
  const problems = mappingProblems(input.mapping, input.columns);
  if (problems.length) throw new Error(`battles: ${problems.join('; ')}`);
  if ([BATTLES_TABLE, REJECTED_TABLE].includes(input.raw)) {
    throw new Error(`battles: the raw table cannot be called "${input.raw}"`);
  }
  const params = new Params();
  const rows = normalisedRows(input, params);
  const p = params.values;
  const kept = [...keptColumns(input).map((k) => k.name), ...derivedColumns(input.columns).map((d) => d.name)]
    .map((name) => `, ${quoteIdent(name)}`)
    .join('');
  const rowId = input.rowIds === false ? '' : 'row_id, ';
  const M = quoteIdent(MODEL_TYPE);
  const O = quoteIdent(OUTCOME_TYPE);
  const pairs = quoteIdent(RAW_PAIR_COUNTS_TABLE);
  return [
    { sql: `DROP TABLE IF EXISTS ${quoteIdent(BATTLES_TABLE)}`, params: [] },
    { sql: `DROP TABLE IF EXISTS ${quoteIdent(REJECTED_TABLE)}`, params: [] },
    { sql: `DROP TYPE IF EXISTS ${M}`, params: [] },
    { sql: `DROP TYPE IF EXISTS ${O}`, params: [] },
    { sql: `CREATE TYPE ${O} AS ENUM ('a', 'b', 'tie', 'both_bad')`, params: [] },
    // ENUM values cannot be parameters, so the names go through a small table: the pair counts by
    // model name, which also give the first leaderboard before battles exists (step 'pair-counts').
    {
      sql:
        `CREATE OR REPLACE TEMP TABLE ${pairs} AS SELECT model_a, model_b, outcome_code AS outcome, sum(weight) AS n ` +
        `FROM (${rows}) WHERE reason IS NULL GROUP BY ALL`,
      params: p,
      step: 'pair-counts',
    },
    {
      sql: `CREATE TYPE ${M} AS ENUM (SELECT model_a AS m FROM ${pairs} UNION SELECT model_b FROM ${pairs} ORDER BY m)`,
      params: [],
    },
    {
      sql:
        `CREATE TABLE ${quoteIdent(BATTLES_TABLE)} AS SELECT ${rowId}CAST(model_a AS ${M}) AS model_a, ` +
        `CAST(model_b AS ${M}) AS model_b, CAST(${OUTCOME_FROM_CODE} AS ${O}) AS outcome, weight${kept} ` +
        `FROM (${rows}) WHERE reason IS NULL`,
      params: p,
    },
    {
      sql:
        `CREATE TABLE ${quoteIdent(REJECTED_TABLE)} AS SELECT ${rowId}reason, model_a, model_b, winner, weight${kept} ` +
        `FROM (${rows}) WHERE reason IS NOT NULL`,
      params: p,
    },
    { sql: `DROP TABLE ${pairs}`, params: [] },
  ];
}

/** Where battlesSql() leaves the pair counts by model name between its steps 'pair-counts' and the end. */
export const RAW_PAIR_COUNTS_TABLE = 'battles_pair_counts';

/** The pair counts by model name, readable right after battlesSql()'s step 'pair-counts'. */
export function rawPairCountsSql(): SqlQuery {
  return { sql: `SELECT model_a, model_b, outcome, n FROM ${quoteIdent(RAW_PAIR_COUNTS_TABLE)}`, params: [] };
}

// Written out once; a test checks it against OUTCOMES / OUTCOME_CODE.
const OUTCOME_FROM_CODE = "CASE outcome_code WHEN 0 THEN 'a' WHEN 1 THEN 'b' WHEN 2 THEN 'tie' WHEN 3 THEN 'both_bad' END";

/** One row per raw row: model names, winner text, outcome_code (0..3 or NULL), weight, reason (NULL = usable). */
function normalisedRows(input: BattlesInput, params: Params): string {
  const { mapping: m } = input;
  const side = (s: SideSource) =>
    s.kind === 'column' ? `NULLIF(CAST(${quoteIdent(s.column)} AS VARCHAR), '')` : `CAST(${params.add(s.name)} AS VARCHAR)`;
  const winner = m.winner.kind === 'column' ? `CAST(${quoteIdent(m.winner.column)} AS VARCHAR)` : 'CAST(NULL AS VARCHAR)';
  const weight = m.weight ? `TRY_CAST(${quoteIdent(m.weight)} AS DOUBLE)` : 'CAST(1 AS DOUBLE)';
  const tie = m.tieFlag ? `TRY_CAST(${quoteIdent(m.tieFlag)} AS BOOLEAN) IS TRUE` : 'false';
  const kept = keptColumns(input)
    .map((k) => `, ${quoteIdent(k.source)} AS ${quoteIdent(k.name)}`)
    .join('');
  const derived = derivedColumns(input.columns)
    .map((d) => `, ${d.expression} AS ${quoteIdent(d.name)}`)
    .join('');
  const rowId = input.rowIds === false ? '' : 'rowid AS row_id, ';
  const raw =
    `SELECT ${rowId}${side(m.modelA)} AS model_a, ${side(m.modelB)} AS model_b, ${winner} AS winner, ` +
    `${weight} AS weight, ${tie} AS tie_flag${kept}${derived} FROM ${quoteIdent(input.raw)}`;

  const coded = `SELECT *, ${outcomeCase(input.mapping, params)} AS outcome_code FROM (${raw})`;
  const reason =
    `CASE WHEN model_a IS NULL OR model_b IS NULL THEN 'null model' ` +
    `WHEN model_a = model_b THEN 'model against itself' ` +
    `WHEN outcome_code IS NULL AND winner IS NULL THEN 'null winner' ` +
    `WHEN outcome_code IS NULL THEN 'unknown winner label "' || winner || '"' ` +
    `WHEN weight IS NULL OR NOT isfinite(weight) OR weight <= 0 THEN 'invalid weight' END`;
  return `SELECT *, ${reason} AS reason FROM (${coded})`;
}

/** The outcome code of a row: tie flag first, then a model named by the winner value, then the label map. */
function outcomeCase(m: ColumnMapping, params: Params): string {
  if (m.winner.kind === 'constant') return `CAST(${code(m.winner.outcome)} AS UTINYINT)`;
  const branches: string[] = [];
  if (m.tieFlag) branches.push(`WHEN tie_flag THEN ${code('tie')}`);
  if (m.winner.namesModel) {
    branches.push(`WHEN winner = model_a THEN ${code('a')}`, `WHEN winner = model_b THEN ${code('b')}`);
  }
  const entries = Object.entries(m.winner.labels);
  for (const o of OUTCOMES) {
    const values = entries.filter(([, v]) => v === o).map(([k]) => params.add(k));
    if (values.length) branches.push(`WHEN winner IN (${values.join(', ')}) THEN ${code(o)}`);
  }
  return branches.length ? `CAST(CASE ${branches.join(' ')} END AS UTINYINT)` : 'CAST(NULL AS UTINYINT)';
}

const code = (o: Outcome): string => String(OUTCOME_CODE[o]);
