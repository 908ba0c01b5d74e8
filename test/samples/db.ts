/** DuckDB (node-api) session used to write the samples and to compute expected figures from the written files. */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quoteIdent } from '../../src/core/sql/quote.ts';

export type Columns = ReadonlyArray<readonly [name: string, type: string]>;
export type Row = Record<string, unknown>;

/** A SQL string literal. */
export function lit(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

export class Db {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
    private readonly tmp: string,
  ) {}

  static async open(): Promise<Db> {
    // One thread: row order and file bytes are the same on every run.
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const conn = await instance.connect();
    return new Db(instance, conn, mkdtempSync(join(tmpdir(), 'arena-samples-')));
  }

  async run(sql: string): Promise<void> {
    await this.conn.run(sql);
  }

  /** Rows as plain JSON objects (BIGINT comes back as a string: cast in SQL when a number is wanted). */
  async all(sql: string, params: string[] = []): Promise<Record<string, unknown>[]> {
    const reader = await this.conn.runAndReadAll(sql, params.length ? params : undefined);
    return reader.getRowObjectsJson() as Record<string, unknown>[];
  }

  /** Values are bound to $1, $2 …. */
  async one(sql: string, params: string[] = []): Promise<Record<string, unknown>> {
    const rows = await this.all(sql, params);
    if (rows.length !== 1) throw new Error(`expected one row from: ${sql}`);
    return rows[0]!;
  }

  /** Write rows to a parquet file with exactly the given column types (ZSTD, row groups of 10,000). */
  async writeParquet(path: string, columns: Columns, rows: readonly Row[]): Promise<void> {
    const tmpFile = join(this.tmp, 'rows.jsonl');
    const lines: string[] = [];
    for (const row of rows) {
      const ordered: Row = {};
      for (const [name] of columns) ordered[name] = row[name] ?? null;
      lines.push(JSON.stringify(ordered));
    }
    writeFileSync(tmpFile, lines.join('\n') + '\n');
    const spec = columns.map(([n, t]) => `${lit(n)}: ${lit(t)}`).join(', ');
    const select = columns.map(([n]) => quoteIdent(n)).join(', ');
    await this.run(
      `COPY (SELECT ${select} FROM read_json(${lit(tmpFile)}, format='newline_delimited', ` +
        `maximum_object_size=16777216, columns={${spec}})) TO ${lit(path)} ` +
        `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 10000)`,
    );
  }

  /** Write rows to a CSV file with a header (DuckDB's quoting: a field is quoted only when it needs it). */
  async writeCsv(path: string, columns: Columns, rows: readonly Row[]): Promise<void> {
    const tmpFile = join(this.tmp, 'rows.parquet');
    await this.writeParquet(tmpFile, columns, rows);
    await this.run(`COPY (SELECT * FROM read_parquet(${lit(tmpFile)})) TO ${lit(path)} (FORMAT csv, HEADER)`);
  }

  close(): void {
    this.conn.closeSync();
    this.instance.closeSync();
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** The shared list-of-turns type of conversation columns. */
export const TURNS = 'STRUCT(content VARCHAR, role VARCHAR)[]';

export interface Turn {
  content: string;
  role: 'user' | 'assistant';
}
