/**
 * Runs one checked console statement on the page's connection. prepare() takes exactly one
 * statement, so even text the guard misjudged cannot carry a second one; results come back as Arrow
 * so the column order survives an empty result.
 */
import type { Duck } from '../io/duckdb.ts';
import { arrowTimeUnits, arrowToRows } from '../io/arrow-rows.ts';
import { withTimeText } from '../core/text/time-text.ts';
import { checkReadOnly, limitedQuery } from '../core/sql/read-only.ts';
import { readableDuckError } from '../io/duck-errors.ts';

export const RESULT_LIMIT = 10_000;

export type ConsoleResult =
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[]; truncated: boolean; sql: string }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string; sql: string };

export async function runConsoleQuery(duck: Duck, input: string): Promise<ConsoleResult> {
  const checked = checkReadOnly(input);
  if (!checked.ok) return { kind: 'refused', message: checked.reason };
  const sql = limitedQuery(checked, RESULT_LIMIT + 1);
  try {
    const statement = await duck.conn.prepare(sql);
    try {
      const table = await statement.query();
      // Times as DuckDB writes them, not the epoch milliseconds Arrow hands over (the CSV too).
      const rows = withTimeText(arrowToRows(table), arrowTimeUnits(table), { fraction: true });
      return {
        kind: 'rows',
        columns: table.schema.fields.map((f) => f.name),
        rows: rows.slice(0, RESULT_LIMIT),
        truncated: rows.length > RESULT_LIMIT,
        sql,
      };
    } finally {
      await statement.close();
    }
  } catch (e) {
    return { kind: 'error', message: readableDuckError((e as Error).message), sql };
  }
}
