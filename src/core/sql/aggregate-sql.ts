/**
 * The counts aggregation as one portable SELECT for a distributed engine (Spark, BigQuery, Trino,
 * DuckDB): the same rules as battlesSql (src/core/sql/battles.ts) — a tie flag first, then a winner
 * value naming a side's model, then the label map; rows with a missing or self-paired model, an
 * unknown winner or a weight that is not a positive finite number are left out — grouped to
 * (model_a, model_b, winner, count, ...by). Printed for a person to run, so values are literals
 * escaped per dialect; nothing here is run on user input by this project except in tests.
 */
import type { Outcome } from '../outcome.ts';
import { OUTCOMES } from '../outcome.ts';
import type { ColumnMapping, SideSource } from '../schema/mapping.ts';
import { quoteIdent } from './quote.ts';

export const DIALECTS = ['spark', 'bigquery', 'trino', 'duckdb'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** The winner values of the counts file, as the pair-counts preset reads them. */
export const WINNER_LABEL: Record<Outcome, string> = { a: 'model_a', b: 'model_b', tie: 'tie', both_bad: 'tie (bothbad)' };

interface DialectRules {
  ident: (name: string) => string;
  literal: (value: string) => string;
  text: string;
  double: string;
  boolean: string;
  tryCast: string;
}

// Spark and BigQuery read backslash escapes in strings ('' would be two adjacent literals there);
// Trino and DuckDB double the quote. BigQuery escapes a backtick in an identifier with a backslash.
const backslashed = (s: string, quote: string) =>
  s.replace(/[\\\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : '\\r')).replaceAll(quote, `\\${quote}`);
const doubled = (s: string) => `'${s.replaceAll("'", "''")}'`;

const RULES: Record<Dialect, DialectRules> = {
  spark: {
    ident: (n) => `\`${nonEmpty(n).replaceAll('`', '``')}\``,
    literal: (v) => `'${backslashed(v, "'")}'`,
    text: 'STRING', double: 'DOUBLE', boolean: 'BOOLEAN', tryCast: 'TRY_CAST',
  },
  bigquery: {
    ident: (n) => `\`${backslashed(nonEmpty(n), '`')}\``,
    literal: (v) => `'${backslashed(v, "'")}'`,
    text: 'STRING', double: 'FLOAT64', boolean: 'BOOL', tryCast: 'SAFE_CAST',
  },
  trino: { ident: quoteIdent, literal: doubled, text: 'VARCHAR', double: 'DOUBLE', boolean: 'BOOLEAN', tryCast: 'TRY_CAST' },
  duckdb: { ident: quoteIdent, literal: doubled, text: 'VARCHAR', double: 'DOUBLE', boolean: 'BOOLEAN', tryCast: 'TRY_CAST' },
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
  const by = input.by ?? [];
  const table = input.table.split('.').map(r.ident).join('.');
  const side = (s: SideSource) =>
    s.kind === 'column' ? `NULLIF(CAST(${r.ident(s.column)} AS ${r.text}), '')` : `CAST(${r.literal(s.name)} AS ${r.text})`;
  const winner = m.winner.kind === 'column' ? `CAST(${r.ident(m.winner.column)} AS ${r.text})` : `CAST(NULL AS ${r.text})`;
  const weight = m.weight ? `${r.tryCast}(${r.ident(m.weight)} AS ${r.double})` : `CAST(1 AS ${r.double})`;
  const tie = m.tieFlag ? `COALESCE(${r.tryCast}(${r.ident(m.tieFlag)} AS ${r.boolean}), FALSE)` : 'FALSE';
  const byCols = by.map((c, i) => `${r.ident(c)} AS ${r.ident(`by_${i}`)}`);
  const source = [`${side(m.modelA)} AS a`, `${side(m.modelB)} AS b`, `${winner} AS w`, `${weight} AS n`, `${tie} AS tie_flag`, ...byCols];
  const label = (o: Outcome) => r.literal(WINNER_LABEL[o]);
  const out = (name: string) => r.ident(name);
  const byOut = by.map((c, i) => `${r.ident(`by_${i}`)} AS ${out(c)}`);
  // Positions: the count is column 4, the --by columns follow it.
  const keys = ['1', '2', '3', ...by.map((_, i) => String(i + 5))].join(', ');
  return [
    `SELECT a AS ${out('model_a')}, b AS ${out('model_b')}, outcome AS ${out('winner')}, SUM(n) AS ${out('count')}${byOut.map((c) => `, ${c}`).join('')}`,
    `FROM (`,
    `  SELECT *, ${outcomeCase(m, r, label)} AS outcome`,
    `  FROM (SELECT ${source.join(', ')} FROM ${table}) AS src`,
    `) AS coded`,
    // A weight must be positive and finite; NaN fails the comparison in all four engines.
    `WHERE a IS NOT NULL AND b IS NOT NULL AND a <> b AND outcome IS NOT NULL AND n > 0 AND n <= 1.7976931348623157e308`,
    `GROUP BY ${keys}`,
    `ORDER BY ${keys}`,
  ].join('\n');
}

/** Same branch order as battles.ts outcomeCase: tie flag, then a winner naming a side, then labels. */
function outcomeCase(m: ColumnMapping, r: DialectRules, label: (o: Outcome) => string): string {
  if (m.winner.kind === 'constant') return label(m.winner.outcome);
  const branches: string[] = [];
  if (m.tieFlag) branches.push(`WHEN tie_flag THEN ${label('tie')}`);
  if (m.winner.namesModel) branches.push(`WHEN w = a THEN ${label('a')}`, `WHEN w = b THEN ${label('b')}`);
  const entries = Object.entries(m.winner.labels);
  for (const o of OUTCOMES) {
    const values = entries.filter(([, v]) => v === o).map(([k]) => r.literal(k));
    if (values.length) branches.push(`WHEN w IN (${values.join(', ')}) THEN ${label(o)}`);
  }
  return branches.length ? `CASE ${branches.join(' ')} END` : `CAST(NULL AS ${r.text})`;
}
