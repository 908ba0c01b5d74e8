/**
 * A second source to compare the first with ("compare with"): read, recognised and turned into
 * battles by the same pipeline as the first (load-source.ts, recognise, buildBattles), into its own
 * in-memory DuckDB database `second` beside the first's. Its own connection has `USE second`, so the
 * pipeline's table names (raw, battles, rejected_rows) are that database's and the first dataset's
 * tables are never touched.
 */
import type { Duck, Session } from './duckdb.ts';
import { loadSource } from './load-source.ts';
import { LoadError, sourceName, type LoadedSource, type Source } from './source.ts';
import { RAW_TABLE } from './open-dataset.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { Detection } from '../core/schema/detect.ts';
import { mappingColumns } from '../core/schema/mapping.ts';
import { buildBattles } from '../core/sql/build-battles.ts';
import { recognise } from '../core/sql/recognise.ts';
import { rejectedByReasonSql, totalsSql } from '../core/sql/summary.ts';
import { readSourceVotes, rowsByIdSql, sourceVotesSql } from '../core/sql/source-votes.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import type { Connector } from '../core/sql/connector.ts';
import type { SourceVote } from '../core/sources/match-items.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { arrowToRows } from './arrow-rows.ts';

export const SECOND_DATABASE = 'second';

export interface SecondSource {
  source: LoadedSource;
  /** Columns of its `raw`, as recognised. */
  columns: ColumnInfo[];
  detection: Detection;
  rows: number;
  votes: number;
  models: number;
  rejected: { reason: string; rows: number }[];
}

const sessions = new WeakMap<Duck, Promise<Session>>();

/** The second database's own connection (attached once per DuckDB instance). */
function secondSession(duck: Duck): Promise<Session> {
  const known = sessions.get(duck);
  if (known) return known;
  const session = (async () => {
    const conn = await duck.db.connect();
    await conn.query(`ATTACH IF NOT EXISTS ':memory:' AS ${quoteIdent(SECOND_DATABASE)}`);
    await conn.query(`USE ${quoteIdent(SECOND_DATABASE)}`);
    const connector: Connector = {
      query: async (sql, params = []) => {
        if (!params.length) return arrowToRows(await conn.query(sql));
        const statement = await conn.prepare(sql);
        try {
          return arrowToRows(await statement.query(...params));
        } finally {
          await statement.close();
        }
      },
      exec: async (sql) => void (await conn.query(sql)),
    };
    return { db: duck.db, conn, connector };
  })().catch((error) => {
    sessions.delete(duck);
    throw error;
  });
  sessions.set(duck, session);
  return session;
}

/** Reads `source` into the second database; a shape no preset knows is a LoadError naming why. */
export async function openSecondSource(duck: Duck, source: Source): Promise<SecondSource> {
  const s = await secondSession(duck);
  // Every column is loaded: a key may be a prompt text that the first load of a dataset leaves out.
  const loaded = await loadSource(s, source, { table: RAW_TABLE });
  const db = s.connector;
  const { columns, detection, decode } = await recognise(db, RAW_TABLE, loaded.columns);
  if (!detection.ok) throw new LoadError(sourceName(source), detection.message);
  try {
    const present = new Set(columns.map((c) => c.name));
    const mapped = new Set(mappingColumns(detection.mapping));
    const textColumns = detection.textColumns.filter((c) => present.has(c) && !mapped.has(c));
    await buildBattles(db, { raw: RAW_TABLE, columns, mapping: detection.mapping, textColumns, decode });
  } catch (error) {
    throw new LoadError(loaded.name, `could not build the battles table: ${(error as Error).message.split('\n')[0]}`);
  }
  const totals = totalsSql();
  const [t] = await db.query(totals.sql, totals.params);
  const rejected = (await db.query(rejectedByReasonSql().sql)).map((r) => ({ reason: String(r.reason), rows: Number(r.rows) }));
  return {
    source: loaded,
    columns,
    detection,
    rows: Number(t.rows),
    votes: Number(t.votes),
    models: Number(t.models),
    rejected,
  };
}

/** The second source's votes with their key (its columns' values). */
export async function secondVotes(duck: Duck, keyColumns: readonly string[]): Promise<SourceVote[]> {
  const q = sourceVotesSql(RAW_TABLE, keyColumns);
  return readSourceVotes(await (await secondSession(duck)).connector.query(q.sql, q.params));
}

/** The first (page's) dataset's votes in the slice, with their key (its columns' values). */
export async function firstVotes(duck: Duck, keyColumns: readonly string[], where?: SqlCondition): Promise<SourceVote[]> {
  const q = sourceVotesSql(RAW_TABLE, keyColumns, where);
  return readSourceVotes(await duck.connector.query(q.sql, q.params));
}

/** Rows of the second source's `raw` by rowid. */
export async function secondRows(duck: Duck, rowIds: readonly number[]): Promise<Record<string, unknown>[]> {
  const q = rowsByIdSql(RAW_TABLE, rowIds);
  return (await secondSession(duck)).connector.query(q.sql, q.params);
}
