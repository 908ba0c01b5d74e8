import { quoteIdent } from './quote.ts';
import type { SqlQuery } from './statement.ts';

/**
 * Distinct values of a raw winner column (as text, NULL included) with their row counts, most
 * frequent first: input for detectPreset's sample and the mapping form. With the two side
 * columns, `names_model` counts rows whose value equals that row's model A or B name, which is
 * how a form can tell that the values name models.
 */
export function winnerValuesSql(raw: string, winnerColumn: string, options: { sides?: [string, string]; limit?: number } = {}): SqlQuery {
  const limit = options.limit ?? 100;
  if (!Number.isInteger(limit) || limit <= 0) throw new Error(`winnerValuesSql: limit must be a positive integer`);
  const w = `CAST(${quoteIdent(winnerColumn)} AS VARCHAR)`;
  const named = options.sides
    ? `, count(*) FILTER (WHERE ${w} IN (CAST(${quoteIdent(options.sides[0])} AS VARCHAR), ` +
      `CAST(${quoteIdent(options.sides[1])} AS VARCHAR))) AS names_model`
    : '';
  return {
    sql:
      `SELECT ${w} AS value, count(*) AS rows${named} FROM ${quoteIdent(raw)} ` +
      `GROUP BY 1 ORDER BY rows DESC, value NULLS LAST LIMIT $1`,
    params: [limit],
  };
}
