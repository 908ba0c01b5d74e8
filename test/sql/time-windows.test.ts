import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import {
  bucketPairCountsSql,
  firstSeenSql,
  hasTimeColumn,
  readBucketCounts,
  timeColumn,
  timeRangeSql,
  type TimeColumn,
} from '../../src/core/sql/time-windows.ts';
import { computeLeaderboard } from '../../src/core/stats/leaderboard.ts';
import { timeWindows, topModels, windowCounts, windowPoints, type TimePoint } from '../../src/core/stats/time-windows.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const planted = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['arena-conversations.parquet'].planted;
const db = await openDb();
const all = { sql: '', params: [] };
const DAY = 86_400;
const WEEK = 7 * DAY;
let col: TimeColumn;
let models: string[];

beforeAll(async () => {
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/arena-conversations.parquet')}')`);
  await buildFromRaw(db, 'raw');
  col = timeColumn(await describeTable(db, 'battles'))!;
  models = readPairCounts(await db.query(modelsSql().sql), []).models;
});
afterAll(() => db.close());

describe('the time column rule', () => {
  it('reads lmsys tstamp as unix seconds', () => {
    expect(col).toEqual({ name: 'tstamp', unit: 'unix-seconds' });
  });

  it('takes timestamp or created_at when typed as dates, then any DATE or TIMESTAMP column, and nothing else', () => {
    const c = (name: string, type: string) => ({ name, type });
    expect(timeColumn([c('id', 'VARCHAR'), c('timestamp', 'TIMESTAMP')])).toEqual({ name: 'timestamp', unit: 'temporal' });
    expect(timeColumn([c('created_at', 'TIMESTAMP WITH TIME ZONE'), c('day', 'DATE')])).toEqual({ name: 'created_at', unit: 'temporal' });
    expect(timeColumn([c('timestamp', 'VARCHAR'), c('voted_on', 'DATE')])).toEqual({ name: 'voted_on', unit: 'temporal' });
    expect(timeColumn([c('Created_At', 'BIGINT')])).toEqual({ name: 'Created_At', unit: 'unix-seconds' });
    expect(hasTimeColumn([c('language', 'VARCHAR'), c('turn', 'BIGINT'), c('meta', 'STRUCT(t TIMESTAMP)')])).toBe(false);
    expect(hasTimeColumn([c('row_id', 'BIGINT'), c('weight', 'DOUBLE')])).toBe(false);
  });
});

describe('votes per week on the arena-conversations sample', () => {
  it('finds the planted time range with every vote timed', async () => {
    const q = timeRangeSql(col, all);
    const [r] = await db.query(q.sql, q.params);
    expect(r.first).toBeCloseTo(planted.tstamp_range[0], 2);
    expect(r.last).toBeCloseTo(planted.tstamp_range[1], 2);
    expect(r.timed).toBe(30000);
    expect(r.untimed).toBe(0);
  });

  it('sums back to the whole pair counts, bucket by bucket', async () => {
    const origin = planted.tstamp_range[0];
    const q = bucketPairCountsSql(col, origin, WEEK, all);
    const buckets = readBucketCounts(models, await db.query(q.sql, q.params));
    const last = Math.max(...buckets.bucket);
    expect(Math.min(...buckets.bucket)).toBe(0);
    expect(last).toBe(Math.floor((planted.tstamp_range[1] - origin) / WEEK));
    const whole = windowCounts(buckets, 0, last + 1);
    const p = pairCountsSql(all);
    const direct = readPairCounts(await db.query(modelsSql().sql), await db.query(p.sql, p.params));
    expect(Array.from(whole.n)).toEqual(Array.from(direct.n));
    expect(Array.from(whole.a)).toEqual(Array.from(direct.a));
    expect(Array.from(whole.outcome)).toEqual(Array.from(direct.outcome));
  });

  it('has no vote of the late model before day 60, and votes for it from the week of day 60', async () => {
    const { model, planted_first_day: day, first_tstamp: first } = planted.late_model;
    const origin = planted.tstamp_range[0];
    const seen = firstSeenSql(col, all);
    const firstSeen = Object.fromEntries((await db.query(seen.sql, seen.params)).map((r) => [r.model, r.first]));
    expect(firstSeen[model]).toBeCloseTo(first, 2);
    expect(firstSeen[model]).toBeGreaterThanOrEqual(origin + day * DAY - 1);
    const q = bucketPairCountsSql(col, origin, WEEK, all);
    const buckets = readBucketCounts(models, await db.query(q.sql, q.params));
    const k = models.indexOf(model);
    const weeksOfModel = [...new Set(Array.from(buckets.bucket).filter((_, r) => buckets.a[r] === k || buckets.b[r] === k))];
    expect(Math.min(...weeksOfModel)).toBe(Math.floor((first - origin) / WEEK));
    expect(Math.floor((first - origin) / WEEK)).toBe(Math.floor(day / 7));
  });

  it('draws the late model only from the window it enters, among the top three, with a slice filter applied', async () => {
    const origin = planted.tstamp_range[0];
    const where = { sql: 'language = $1', params: ['English'] };
    const q = bucketPairCountsSql(col, origin, WEEK, where);
    expect(q.params).toEqual(['English', origin, WEEK]);
    const buckets = readBucketCounts(models, await db.query(q.sql, q.params));
    const windows = timeWindows(Math.max(...buckets.bucket) + 1, { mode: 'sliding', width: 4 });
    const points: TimePoint[] = [];
    for (const w of windows) {
      const board = computeLeaderboard(windowCounts(buckets, w.from, w.to), { bootstrapRounds: 0 });
      points.push(...windowPoints(board, w, origin, WEEK, 20));
    }
    const late = points.filter((p) => p.model === planted.late_model.model);
    expect(late.length).toBeGreaterThan(0);
    expect(Math.min(...late.map((p) => p.window))).toBeGreaterThanOrEqual(Math.floor(60 / 7));
    expect(topModels(points, 3)).toContain(planted.late_model.model);
  });
});
