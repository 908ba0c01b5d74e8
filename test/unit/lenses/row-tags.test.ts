import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { rowTags, timeUnits, weightText } from '../../../src/core/lenses/row-tags.ts';
import { duckTimeUnit, timeText, withTimeText } from '../../../src/core/text/time-text.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import { STATIC } from '../../fixtures/paths.ts';

let db: NodeConnector;
beforeAll(async () => (db = await createNodeConnector()));
afterAll(() => db.close());

const columnsOf = async (file: string): Promise<ColumnInfo[]> =>
  (await db.query(`DESCRIBE SELECT * FROM read_parquet($1)`, [join(STATIC, file)])).map((r) => ({
    name: String(r.column_name),
    type: String(r.column_type),
  }));

describe("a row's tags", () => {
  it('reads the published time columns as times: TIMESTAMP (LMArena 140k, CompaRAG), unix seconds (lmsys, LMArena 100k)', async () => {
    expect(timeUnits(await columnsOf('lmarena-140k.parquet'))).toEqual(new Map([['timestamp', 'timestamp']]));
    expect(timeUnits(await columnsOf('comparag-votes.parquet'))).toEqual(new Map([['timestamp', 'timestamp']]));
    expect(timeUnits(await columnsOf('arena-conversations.parquet'))).toEqual(new Map([['tstamp', 'unix-seconds']]));
    expect(timeUnits(await columnsOf('lmarena-100k.parquet'))).toEqual(new Map([['tstamp', 'unix-seconds']]));
    expect(timeUnits(await columnsOf('verdicts.parquet'))).toEqual(new Map());
  });

  it("shows the times DuckDB's strftime gives, from epoch milliseconds (the page's Arrow), a Date (node) or unix seconds", async () => {
    const stamps = await db.query(
      `SELECT epoch_ms("timestamp") AS ms, strftime("timestamp", '%Y-%m-%d %H:%M:%S') AS text
       FROM read_parquet($1) ORDER BY "timestamp" LIMIT 3`,
      [join(STATIC, 'lmarena-140k.parquet')],
    );
    expect(stamps).toHaveLength(3);
    for (const { ms, text } of stamps) {
      // A TIMESTAMP without a zone is shown as stored; the same instant WITH TIME ZONE says UTC.
      expect(timeText(Number(ms), 'timestamp')).toBe(text);
      expect(timeText(new Date(Number(ms)), 'timestamp')).toBe(text);
      expect(timeText(Number(ms), 'instant')).toBe(`${text} UTC`);
    }
    const seconds = await db.query(
      `SELECT tstamp, strftime(make_timestamp(CAST(floor(tstamp * 1e6) AS BIGINT)), '%Y-%m-%d %H:%M:%S') AS text FROM read_parquet($1) LIMIT 3`,
      [join(STATIC, 'arena-conversations.parquet')],
    );
    for (const { tstamp, text } of seconds) expect(timeText(Number(tstamp), 'unix-seconds')).toBe(`${text} UTC`);
    expect(timeText(1682294474.599, 'unix-seconds')).toBe('2023-04-24 00:01:14 UTC');
    expect(timeText(Date.UTC(2024, 1, 29), 'date')).toBe('2024-02-29');
    expect(timeText(Date.UTC(2024, 1, 29, 13, 5, 7, 250), 'timestamp', { fraction: true })).toBe('2024-02-29 13:05:07.250');
    expect(timeText(Date.UTC(2024, 1, 29, 13, 5, 7), 'timestamp', { fraction: true })).toBe('2024-02-29 13:05:07');
  });

  it('reads DuckDB type names: DATE a day, TIMESTAMP as stored, WITH TIME ZONE an instant, TIME of day not a time', () => {
    expect(['DATE', 'TIMESTAMP', 'TIMESTAMP_NS', 'TIMESTAMP_S', 'TIMESTAMP WITH TIME ZONE', 'TIME', 'DOUBLE'].map(duckTimeUnit)).toEqual([
      'date',
      'timestamp',
      'timestamp',
      'timestamp',
      'instant',
      null,
      null,
    ]);
  });

  it('leaves a value that is not a time as it is, and never shows a NaN date', () => {
    const times = new Map([['tstamp', 'unix-seconds' as const]]);
    for (const odd of ['yesterday', NaN, Infinity, 1e20]) expect(timeText(odd, 'unix-seconds')).toBeNull();
    expect(rowTags({ row_id: 3, model_a: 'x', tstamp: 'yesterday', turn: 2 }, times)).toEqual([
      { column: 'tstamp', text: 'yesterday', title: null },
      { column: 'turn', text: '2', title: null },
    ]);
  });

  it('keeps the columns shown elsewhere and the text out, at most eight tags, the stored time in the title', () => {
    const row: Record<string, unknown> = { row_id: 0, model_a: 'a', model_b: 'b', outcome: 'a', weight: 1, total: 9, text_0: 'hi' };
    for (let k = 0; k < 10; k++) row[`c${k}`] = k;
    row.c1 = null;
    row.c2 = { nested: true };
    row.c0 = 1682294474.599;
    const tags = rowTags(row, new Map([['c0', 'unix-seconds']]));
    expect(tags.map((t) => t.column)).toEqual(['c0', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
    expect(tags[0]).toEqual({ column: 'c0', text: '2023-04-24 00:01:14 UTC', title: '1682294474.599' });
  });

  it('writes the time columns of a table of rows, leaving the rest and the rows given untouched', () => {
    const rows = [
      { at: Date.UTC(2025, 3, 1, 0, 45, 12, 180), t: 1682294474.599, n: 3 },
      { at: null, t: 'not a time', n: 4 },
    ];
    const units = new Map([
      ['at', 'timestamp' as const],
      ['t', 'unix-seconds' as const],
      ['missing', 'date' as const],
    ]);
    expect(withTimeText(rows, units, { fraction: true })).toEqual([
      { at: '2025-04-01 00:45:12.180', t: '2023-04-24 00:01:14.599 UTC', n: 3 },
      { at: null, t: 'not a time', n: 4 },
    ]);
    expect(rows[0].t).toBe(1682294474.599);
    expect(withTimeText(rows, new Map())).toEqual(rows);
  });

  it('says a row of counts holds that many votes, and a fractional weight as a weight', () => {
    expect([1, 194, 1670250, 0.5, 2.25, null].map(weightText)).toEqual([
      null,
      '194 votes',
      '1,670,250 votes',
      'weight 0.5',
      'weight 2.25',
      null,
    ]);
  });
});
