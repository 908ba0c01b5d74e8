/**
 * The counts aggregation as one portable SELECT for a distributed engine (Spark, BigQuery, Trino,
 * DuckDB): the same rules as battlesSql (src/core/sql/battles.ts) — a tie flag first, then a winner
 * value naming a side's model, then the label map; rows with a missing or self-paired model, an
 * unknown winner or a weight that is not a positive finite number are left out — grouped to
 * (model_a, model_b, winner, count, ...by). Printed for a person to run, so values are literals
 * escaped per dialect; nothing here is run on user input by this project except in tests.
 */
import type { Outcome } from '../outcome.ts';
import type { ColumnMapping } from '../schema/mapping.ts';
import { quoteIdent } from './quote.ts';
import {
  missingSideExpression,
  outcomeExpression,
  sideExpression,
  votedExpression,
  winnerTextExpression,
  type VoteDialect,
} from './vote-expressions.ts';

export const DIALECTS = ['spark', 'bigquery', 'trino', 'duckdb'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** The winner values of the counts file, as the pair-counts preset reads them. */
export const WINNER_LABEL: Record<Outcome, string> = { a: 'model_a', b: 'model_b', tie: 'tie', both_bad: 'tie (bothbad)' };

interface DialectRules extends Omit<VoteDialect, 'value'> {
  literal: (value: string) => string;
}

// Spark and BigQuery read backslash escapes in strings ('' would be two adjacent literals there);
// Trino and DuckDB double the quote. BigQuery escapes a backtick in an identifier with a backslash.
const backslashed = (s: string, quote: string) =>
  s.replace(/[\\\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : '\\r')).replaceAll(quote, `\\${quote}`);
const doubled = (s: string) => `'${s.replaceAll("'", "''")}'`;

// Trino and DuckDB write all of this alike: standard quoting, VARCHAR, TRY_CAST and strpos.
const STANDARD: DialectRules = {
  ident: quoteIdent,
  literal: doubled,
  text: 'VARCHAR',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
  tryCast: 'TRY_CAST',
  strpos: (h, n) => `strpos(${h}, ${n})`,
};

const RULES: Record<Dialect, DialectRules> = {
  spark: {
    ident: (n) => `\`${nonEmpty(n).replaceAll('`', '``')}\``,
    literal: (v) => `'${backslashed(v, "'")}'`,
    text: 'STRING',
    double: 'DOUBLE',
    boolean: 'BOOLEAN',
    tryCast: 'TRY_CAST',
    strpos: (h, n) => `instr(${h}, ${n})`,
  },
  bigquery: {
    ident: (n) => `\`${backslashed(nonEmpty(n), '`')}\``,
    literal: (v) => `'${backslashed(v, "'")}'`,
    text: 'STRING',
    double: 'FLOAT64',
    boolean: 'BOOL',
    tryCast: 'SAFE_CAST',
    strpos: (h, n) => `strpos(${h}, ${n})`,
  },
  trino: STANDARD,
  duckdb: STANDARD,
};

function nonEmpty(name: string): string {
  if (typeof name !== 'string' || name === '') throw new Error('aggregateSql: identifier must be a non-empty string');
  return name;
}

export interface AggregateSqlInput {
  /** The votes table; dots separate catalog, schema and table, each part quoted on its own. */
  table: string;
  mapping: ColumnMapping;
  /** Columns kept as dimensions of the counts. */
  by?: readonly string[];
  dialect: Dialect;
}

/** A string literal in the dialect (exported for tests). */
export const sqlLiteral = (dialect: Dialect, value: string): string => RULES[dialect].literal(value);
/** An identifier in the dialect (exported for tests). */
export const sqlIdent = (dialect: Dialect, name: string): string => RULES[dialect].ident(name);

export function aggregateSql(input: AggregateSqlInput): string {
  const r = RULES[input.dialect];
  if (!r) throw new Error(`aggregateSql: unknown dialect "${input.dialect}" (expected ${DIALECTS.join(', ')})`);
  const m = input.mapping;
  const d: VoteDialect = { ...r, value: r.literal };
  const by = input.by ?? [];
  const table = input.table.split('.').map(r.ident).join('.');
  const weight = m.weight ? `${r.tryCast}(${r.ident(m.weight)} AS ${r.double})` : `CAST(1 AS ${r.double})`;
  const tie = m.tieFlag ? `COALESCE(${r.tryCast}(${r.ident(m.tieFlag)} AS ${r.boolean}), FALSE)` : 'FALSE';
  const byCols = by.map((c, i) => `${r.ident(c)} AS ${r.ident(`by_${i}`)}`);
  const pairs = [{ modelA: m.modelA, modelB: m.modelB }, ...(m.extraPairs ?? [])];
  const label = (o: Outcome) => r.literal(WINNER_LABEL[o]);
  // One SELECT per pair a row holds; a pair whose side is absent in a row (no rejected answer) is left out.
  const sources = pairs.map((p) => {
    const missing = missingSideExpression([p.modelA, p.modelB], d);
    const voted = votedExpression(m.winner, d, label);
    const cols = [
      `${sideExpression(p.modelA, d)} AS model_a`,
      `${sideExpression(p.modelB, d)} AS model_b`,
      `${winnerTextExpression(m.winner, d)} AS winner`,
      `${weight} AS n`,
      `${tie} AS tie_flag`,
      ...(voted ? [`${voted} AS voted`] : []),
      ...byCols,
    ];
    return `SELECT ${cols.join(', ')} FROM ${table}${missing ? ` WHERE (${missing}) IS NULL` : ''}`;
  });
  const out = (name: string) => r.ident(name);
  const byOut = by.map((c, i) => `${r.ident(`by_${i}`)} AS ${out(c)}`);
  // Positions: the count is column 4, the --by columns follow it.
  const keys = ['1', '2', '3', ...by.map((_, i) => String(i + 5))].join(', ');
  return [
    `SELECT model_a AS ${out('model_a')}, model_b AS ${out('model_b')}, outcome AS ${out('winner')}, SUM(n) AS ${out('count')}${byOut.map((c) => `, ${c}`).join('')}`,
    `FROM (`,
    `  SELECT *, ${outcomeExpression(m, d, label)} AS outcome`,
    `  FROM (${sources.join(' UNION ALL ')}) AS src`,
    `) AS coded`,
    // A weight must be positive and finite; NaN fails the comparison in all four engines.
    `WHERE model_a IS NOT NULL AND model_b IS NOT NULL AND model_a <> model_b AND outcome IS NOT NULL AND n > 0 AND n <= 1.7976931348623157e308`,
    `GROUP BY ${keys}`,
    `ORDER BY ${keys}`,
  ].join('\n');
}
