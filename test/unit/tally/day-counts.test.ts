/**
 * The pair × day cube the page holds (issue 28) against DuckDB: a file with one date column of each
 * kind the page counts itself (unix seconds as a double and as an integer, a DATE, a TIMESTAMP_NS)
 * and the values that trip a day's arithmetic (NULL, NaN, the infinities, the double just below a
 * midnight, days before 1970, the smallest negative double), battles built by the real pipeline, then every date range's pair
 * counts from the cube equal the counts DuckDB gives on battles for the same filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise } from '../../../src/cli/lib/open-file.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { filtersSql, type Filter } from '../../../src/core/sql/filters.ts';
import { readCounts } from '../../../src/core/sql/pair-counts.ts';
import { dayNumberSql, pairDaysSql } from '../../../src/core/sql/pair-days.ts';
import type { DayColumn } from '../../../src/core/sql/slice-cube.ts';
import { describeSql, readColumns } from '../../../src/core/sql/summary.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { DayCounts, dayNumber } from '../../../src/core/tally/day-counts.ts';

const MIDNIGHT = 1714521600; // 2024-05-01
const DAY = 86400;

describe('pair × day cube', () => {
  let db: NodeConnector;
  let dir: string;
  let columns: ColumnInfo[];
  let models: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'day-counts-'));
    db = await createNodeConnector();
    const file = join(dir, 'battles.parquet');
    // 3,000 battles of six models over some 40 days, with one row of each awkward value.
    await db.query(
      `COPY (
        SELECT 'm' || (hash(i, 1) % 6) AS model_a, 'm' || (6 + hash(i, 2) % 6) AS model_b,
          ['model_a', 'model_b', 'tie', 'tie (bothbad)'][1 + CAST(hash(i, 3) % 4 AS INTEGER)] AS winner,
          CASE i WHEN 0 THEN NULL WHEN 1 THEN 'nan'::DOUBLE WHEN 2 THEN 'inf'::DOUBLE WHEN 3 THEN '-inf'::DOUBLE
            WHEN 4 THEN 1714953599.9999998 WHEN 5 THEN ${MIDNIGHT + 5 * DAY} WHEN 6 THEN -86399.5 WHEN 14 THEN -4.9406564584124654e-324
            ELSE ${MIDNIGHT} + (hash(i, 4) % (40 * ${DAY})) + 0.25 END AS tstamp,
          CASE WHEN i = 7 THEN NULL ELSE CAST(${MIDNIGHT} + hash(i, 5) % (40 * ${DAY}) - 20 * ${DAY} AS BIGINT) END AS epoch_seconds,
          CASE i WHEN 8 THEN NULL WHEN 9 THEN 'infinity'::DATE WHEN 10 THEN '-infinity'::DATE WHEN 11 THEN DATE '1969-12-31'
            ELSE DATE '2024-05-01' + CAST(hash(i, 6) % 40 AS INTEGER) END AS day,
          CASE i WHEN 12 THEN NULL WHEN 13 THEN TIMESTAMP_NS '2024-05-03 23:59:59.999999999'
            ELSE CAST(TIMESTAMP '2024-05-01' + to_seconds(CAST(hash(i, 7) % (40 * ${DAY}) AS BIGINT)) AS TIMESTAMP_NS) END AS ts
        FROM range(3000) AS r(i)
      ) TO '${file}' (FORMAT parquet)`,
    );
    await buildBattles(db, await loadAndRecognise(db, file));
    columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
    models = (await readCounts(db)).models;
  });
  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The page's cube of one column, from its rows as the node connector reads them. */
  async function cubeOf(column: string, unixSeconds: boolean): Promise<DayCounts> {
    const type = columns.find((c) => c.name === column)!.type;
    const sql = pairDaysSql({ column, type, unixSeconds }, 1_000_000);
    expect(sql, type).not.toBeNull();
    const rows = await db.query(sql!);
    const numbers = (name: string) => rows.map((r) => Number(r[name]));
    return new DayCounts([column], {
      models,
      a: numbers('a'),
      b: numbers('b'),
      outcome: numbers('outcome'),
      day: numbers('day'),
      weight: numbers('weight'),
    });
  }

  const COLUMNS: [string, boolean, string][] = [
    ['tstamp', true, 'DOUBLE'],
    ['epoch_seconds', true, 'BIGINT'],
    ['day', false, 'DATE'],
    ['ts', false, 'TIMESTAMP_NS'],
  ];

  it.each(COLUMNS)('counts every date range on %s (%s, %s) as DuckDB does on battles', async (column, unixSeconds, type) => {
    expect(columns.find((c) => c.name === column)?.type).toBe(type);
    const cube = await cubeOf(column, unixSeconds);
    const random = seededRandom(column.length);
    const draw = () => random.next();
    const iso = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);
    const start = MIDNIGHT / DAY;
    const cases: Filter[][] = [
      [{ kind: 'date', path: [column] }],
      [{ kind: 'date', path: [column], from: '1960-01-01' }],
      [{ kind: 'date', path: [column], to: '1970-01-01' }],
      [{ kind: 'date', path: [column], from: iso(start + 5) }],
      [{ kind: 'date', path: [column], to: iso(start + 5) }],
      [{ kind: 'date', path: [column], from: '2030-01-01' }],
      [
        { kind: 'date', path: [column], from: iso(start + 3) },
        { kind: 'date', path: [column] },
      ],
    ];
    for (let k = 0; k < 25; k++) {
      const from = start - 25 + Math.floor(draw() * 70);
      const to = from + Math.floor(draw() * 20) - 3;
      const filters: Filter[] = [{ kind: 'date', path: [column], from: iso(from), to: iso(to) }];
      if (k % 3 === 0) filters.push({ kind: 'exclude-outcomes', outcomes: k % 2 ? ['tie', 'both_bad'] : ['a'] });
      if (k % 5 === 1) filters.push({ kind: 'date', path: [column], to: iso(to - 2) });
      cases.push(filters);
    }
    let nonEmpty = 0;
    for (const filters of cases) {
      const fromCube = cube.counts(filters);
      const fromBattles = await readCounts(db, filtersSql(filters, columns), models);
      expect(fromCube, JSON.stringify(filters)).toEqual(fromBattles);
      if (fromBattles.n.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(cases.length / 2);
  });

  it('leaves to SQL what is not a day-aligned range on its column alone', async () => {
    const cube = await cubeOf('tstamp', true);
    expect(cube.counts([])).toBeNull();
    expect(cube.counts([{ kind: 'exclude-outcomes', outcomes: ['tie'] }])).toBeNull();
    expect(cube.counts([{ kind: 'date', path: ['tstamp'], from: '2024-05-03T12:00' }])).toBeNull();
    expect(cube.counts([{ kind: 'date', path: ['tstamp'], from: '2024-02-30' }])).toBeNull();
    expect(cube.counts([{ kind: 'date', path: ['day'], from: '2024-05-03' }])).toBeNull();
    expect(
      cube.counts([
        { kind: 'date', path: ['tstamp'], from: '2024-05-03' },
        { kind: 'in', path: ['model_a'], values: ['m1'] },
      ]),
    ).toBeNull();
    expect(cube.counts([{ kind: 'date', path: ['tstamp'], from: '2024-05-03' }])).not.toBeNull();
  });

  it('keeps the types whose day depends on the time zone or a decimal with SQL', () => {
    const of = (type: string, unixSeconds: boolean): DayColumn => ({ column: 'x', type, unixSeconds });
    expect(dayNumberSql(of('TIMESTAMP WITH TIME ZONE', false))).toBeNull();
    expect(dayNumberSql(of('DECIMAL(18,3)', true))).toBeNull();
    expect(dayNumberSql(of('TIMESTAMP', false))).not.toBeNull();
    expect(dayNumberSql(of('INTEGER', true))).not.toBeNull();
  });

  it('refuses rows that are not sorted by pair and outcome', () => {
    const rows = { models: ['x', 'y'], a: [1, 0], b: [0, 1], outcome: [0, 0], day: [1, 2], weight: [1, 1] };
    expect(() => new DayCounts(['d'], rows)).toThrow(/row 1 is not sorted/);
  });

  it('reads a date without a time as days since 1970, and nothing else', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-05-01')).toBe(MIDNIGHT / DAY);
    expect(dayNumber('1969-12-31')).toBe(-1);
    // Python's date(1, 1, 1).toordinal() - date(1970, 1, 1).toordinal(): a year Date.UTC would read as 1901.
    expect(dayNumber('0001-01-01')).toBe(-719162);
    expect(dayNumber('2024-02-29')).toBe(MIDNIGHT / DAY - 62);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-05-01T00:00', '24-05-01', '']) expect(dayNumber(bad), bad).toBeNull();
  });
});
