/**
 * The distinct values of the columns a mapping reads, with their rows and summed weight, from a
 * table: the input of core/tally/vote-tally.ts when DuckDB reads the file (the command line), where
 * the page tallies them itself while it decodes. One GROUP BY on a few columns, no battles table.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import type { CellKind } from '../schema/row-vote.ts';
import { tallyColumns, talliedVotes, VoteTally, type TalliedVotes } from '../tally/vote-tally.ts';
import type { Connector } from './connector.ts';
import { quoteIdent } from './quote.ts';
import type { SqlQuery } from './statement.ts';

/**
 * One row per distinct tuple: the tally columns (as c0, c1, …), `rows`, `weight` (valid weights
 * summed; rows without a weight column count 1) and `invalid` (rows whose weight battles.ts rejects).
 */
export function voteTallySql(table: string, mapping: ColumnMapping): SqlQuery {
  const { columns, weight } = tallyColumns(mapping);
  const w = weight ? `TRY_CAST(${quoteIdent(weight)} AS DOUBLE)` : null;
  const valid = w ? `isfinite(${w}) AND ${w} > 0` : 'true';
  const select = columns.map((c, i) => `${quoteIdent(c)} AS c${i}`).join(', ');
  return {
    sql:
      `SELECT ${select}, count(*) AS rows, ` +
      (w
        ? `coalesce(sum(${w}) FILTER (WHERE ${valid}), 0) AS weight, count(*) FILTER (WHERE NOT coalesce(${valid}, false)) AS invalid `
        : 'count(*) AS weight, 0 AS invalid ') +
      `FROM ${quoteIdent(table)} GROUP BY ${columns.map((_, i) => `c${i}`).join(', ')}`,
    params: [],
  };
}

/** The battles table's pair counts and summary, from a tally of `table` (see vote-tally.ts). */
export async function readTally(
  db: Connector,
  table: string,
  mapping: ColumnMapping,
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
): Promise<TalliedVotes> {
  const { columns, weight } = tallyColumns(mapping);
  const q = voteTallySql(table, mapping);
  const tally = new VoteTally(columns, !!weight);
  for (const r of await db.query(q.sql, q.params)) {
    tally.addGroup(
      columns.map((_, i) => r[`c${i}`] as never),
      Number(r.rows),
      Number(r.weight),
      Number(r.invalid),
    );
  }
  return talliedVotes(tally, mapping, kinds);
}
