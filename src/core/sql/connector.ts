/**
 * The one seam between query builders and a DuckDB: DuckDB-WASM in the page, @duckdb/node-api in
 * tests and the command line. Values are always bound as parameters ($1, $2 … or ?), never spliced.
 * Rows come back as plain objects; BIGINT/HUGEINT become numbers, so callers never see bigint.
 */
export type Row = Record<string, unknown>;

export interface Connector {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs statements that return nothing (CREATE, INSERT …). No parameters: use query() for values. */
  exec(sql: string): Promise<void>;
}

/** What a view is given to read data: one built statement in, rows out (state runs it on the page's DuckDB). */
export type RunQuery = (q: { sql: string; params: readonly unknown[] }) => Promise<Row[]>;
