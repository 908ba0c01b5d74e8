import { OUTCOME_CODE, type Outcome } from '../outcome.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { mappingColumns, mappingProblems, type ColumnMapping } from '../schema/mapping.ts';
import {
  missingSideExpression,
  outcomeExpression,
  sideExpression,
  unclearWinnerReason,
  votedExpression,
  winnerTextExpression,
  type VoteDialect,
} from './vote-expressions.ts';
import { quoteIdent } from './quote.ts';
import { derivedColumns } from '../schema/derived.ts';
import { isStrongVerdict } from '../schema/winner-labels.ts';
import { Params, type SqlQuery } from './statement.ts';

export const BATTLES_TABLE = 'battles';
export const REJECTED_TABLE = 'rejected_rows';
export const MODEL_TYPE = 'model_name';
export const OUTCOME_TYPE = 'outcome_label';
/**
 * The column of battles that says a vote's verdict was a strong one (A>>B, B>>A): present only when
 * the winner column's labels include strong verdicts (schema/winner-labels.ts isStrongVerdict).
 */
export const STRONG_VERDICT = 'strong_verdict';

/** Why a row is in rejected_rows; unknown labels carry the value: 'unknown winner label "x"'. */
export const REJECT_REASONS = [
  'no <side> answer',
  'null model',
  'model against itself',
  'not exactly one winner column set',
  'no valid verdict',
  'null winner',
  'unknown winner label',
  'invalid weight',
] as const;

// Names the builder gives its own columns; file columns with these names are kept as raw_<name>.
const RESERVED = new Set([
  'row_id',
  'model_a',
  'model_b',
  'outcome',
  'weight',
  'winner',
  'reason',
  'tie_flag',
  'outcome_code',
  'missing_side',
  'pair',
  'voted',
  STRONG_VERDICT,
  '__raw_rowid',
]);

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
  /** JSON-string columns and the struct type each is read as (schema/json-columns.ts). */
  decode?: Readonly<Record<string, string>>;
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
  const pair = input.mapping.extraPairs?.length ? ['pair'] : [];
  const strong = strongLabels(input.mapping).length ? [STRONG_VERDICT] : [];
  const kept = [...keptColumns(input).map((k) => k.name), ...derivedColumns(input.columns).map((d) => d.name), ...pair, ...strong]
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

/** One row per raw row and pair: model names, winner text, outcome_code (0..3 or NULL), weight, reason (NULL = usable). */
function normalisedRows(input: BattlesInput, params: Params): string {
  const { mapping: m } = input;
  const d: VoteDialect = {
    ident: quoteIdent,
    value: (v) => params.add(v),
    text: 'VARCHAR',
    double: 'DOUBLE',
    boolean: 'BOOLEAN',
    tryCast: 'TRY_CAST',
    strpos: (h, n) => `strpos(${h}, ${n})`,
  };
  const decode = Object.entries(input.decode ?? {});
  // JSON-string columns are read through their struct type (json-columns.ts), so every later step sees fields.
  const from = decode.length
    ? `(SELECT ${input.rowIds === false ? '' : `rowid AS ${quoteIdent(DECODED_ROW_ID)}, `}* REPLACE (${decode
        .map(([c, type]) => `TRY_CAST(${quoteIdent(c)} AS ${type}) AS ${quoteIdent(c)}`)
        .join(', ')}) FROM ${quoteIdent(input.raw)})`
    : quoteIdent(input.raw);
  const rowId = input.rowIds === false ? '' : `${decode.length ? quoteIdent(DECODED_ROW_ID) : 'rowid'} AS row_id, `;
  const weight = m.weight ? `TRY_CAST(${quoteIdent(m.weight)} AS DOUBLE)` : 'CAST(1 AS DOUBLE)';
  const tie = m.tieFlag ? `TRY_CAST(${quoteIdent(m.tieFlag)} AS BOOLEAN) IS TRUE` : 'false';
  const kept = keptColumns(input)
    .map((k) => `, ${quoteIdent(k.source)} AS ${quoteIdent(k.name)}`)
    .join('');
  const derived = derivedColumns(input.columns)
    .map((x) => `, ${x.expression} AS ${quoteIdent(x.name)}`)
    .join('');
  const pairs = [{ modelA: m.modelA, modelB: m.modelB }, ...(m.extraPairs ?? [])];
  // Decided without building the expression: building it binds its parameters.
  const anyMissing = pairs.some((p) => [p.modelA, p.modelB].some((x) => x.kind === 'constant' && !!x.presentIn));
  const selects = pairs.map((p, i) => {
    const missing = anyMissing ? `, ${missingSideExpression([p.modelA, p.modelB], d) ?? 'CAST(NULL AS VARCHAR)'} AS missing_side` : '';
    const pair = pairs.length > 1 ? `, CAST(${i + 1} AS UTINYINT) AS pair` : '';
    const voted = votedExpression(m.winner, d, code);
    return (
      `SELECT ${rowId}${sideExpression(p.modelA, d)} AS model_a, ${sideExpression(p.modelB, d)} AS model_b, ` +
      `${winnerTextExpression(m.winner, d)} AS winner, ${weight} AS weight, ${tie} AS tie_flag${voted ? `, CAST(${voted} AS UTINYINT) AS voted` : ''}` +
      `${missing}${kept}${derived}${pair} FROM ${from}`
    );
  });
  // The main pair keeps every row (so each raw row lands in battles or rejected_rows); an extra pair
  // only the rows where it exists.
  const raw = selects.map((s, i) => (i === 0 || !anyMissing ? s : `SELECT * FROM (${s}) WHERE missing_side IS NULL`)).join(' UNION ALL ');
  const outcome = outcomeExpression(m, d, code);
  const coded = `SELECT *, CAST(${outcome} AS UTINYINT) AS outcome_code FROM (${raw})`;
  const unclear = unclearWinnerReason(m.winner);
  const reason =
    `CASE ${anyMissing ? 'WHEN missing_side IS NOT NULL THEN missing_side ' : ''}WHEN model_a IS NULL OR model_b IS NULL THEN 'null model' ` +
    `WHEN model_a = model_b THEN 'model against itself' ` +
    `${unclear ? `WHEN outcome_code IS NULL THEN '${unclear}' ` : ''}` +
    `WHEN outcome_code IS NULL AND winner IS NULL THEN 'null winner' ` +
    `WHEN outcome_code IS NULL THEN 'unknown winner label "' || winner || '"' ` +
    `WHEN weight IS NULL OR NOT isfinite(weight) OR weight <= 0 THEN 'invalid weight' END`;
  // A winner column on arena-hard's scale keeps whether each verdict was strong ([[A>>B]]).
  const strongValues = strongLabels(m).map((v) => params.add(v));
  const strong = strongValues.length ? `, coalesce(winner IN (${strongValues.join(', ')}), false) AS ${quoteIdent(STRONG_VERDICT)}` : '';
  return `SELECT *, ${reason} AS reason${strong} FROM (${coded})`;
}

/** The winner column's raw values that are strong verdicts, in label order. */
export function strongLabels(m: ColumnMapping): string[] {
  return m.winner.kind === 'column' ? Object.keys(m.winner.labels).filter(isStrongVerdict) : [];
}

/** The column a JSON-decoding source adds for raw's rowid (a subquery has no rowid of its own). */
const DECODED_ROW_ID = '__raw_rowid';

const code = (o: Outcome): string => String(OUTCOME_CODE[o]);
