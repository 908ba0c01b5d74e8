import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../../src/core/schema/column.ts';
import { filtersSql, type Filter } from '../../src/core/sql/filters.ts';
import {
  flagCountsSql,
  histogramSql,
  readFlagCounts,
  readDayCounts,
  readHistogram,
  readValueCounts,
  valueCountsSql,
  votesPerDaySql,
} from '../../src/core/sql/dimension-stats.ts';
import type { SqlQuery } from '../../src/core/sql/statement.ts';
import { columnProfileSql, readColumnProfile } from '../../src/core/sql/summary.ts';
import { decideDimensions } from '../../src/core/view/dimensions.ts';
import { quickFilters } from '../../src/core/view/quick-filters.ts';
import { DEFAULT_VIEW } from '../../src/core/view/view-state.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';
import { FIXTURES } from './fixtures.ts';
import { createWasmConnector } from './wasm-connector.ts';
import expected from '../../static-data/expected.json' with { type: 'json' };

const SAMPLE = new URL('../../static-data/arena-conversations.parquet', import.meta.url).pathname;
const planted = expected.samples['arena-conversations.parquet'].planted;

const db = await openDb();
let schema: ColumnInfo[] = [];
let hints: Parameters<typeof decideDimensions>[0]['hints'] = [];
beforeAll(async () => {
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${SAMPLE.replaceAll("'", "''")}')`);
  hints = (await buildFromRaw(db, 'raw')).dimensions;
  schema = await describeTable(db, 'battles');
});
afterAll(() => db.close());

const run = (q: SqlQuery) => db.query(q.sql, q.params);
const where = (filters: Filter[]) => filtersSql(filters, schema);

describe('dimension stats as text', () => {
  it('numbers its own parameters after the slice and quotes nested paths', () => {
    const q = valueCountsSql(['openai_moderation', 'flagged'], { sql: '"language" = $1 AND "turn" >= $2', params: ['French', 2] }, 10);
    expect(q.sql).toMatchInlineSnapshot(
      `"SELECT value, votes, rows, count(*) OVER () AS distinct_values FROM (SELECT ("openai_moderation")."flagged" AS value, sum(weight) AS votes, count(*) AS rows FROM "battles" WHERE "language" = $1 AND "turn" >= $2 GROUP BY ALL) ORDER BY votes DESC, value NULLS LAST LIMIT CAST($3 AS BIGINT)"`,
    );
    expect(q.params).toEqual(['French', 2, 10]);
    expect(histogramSql(['turn'], { sql: '"x" = $1', params: [1] }).params).toEqual([1, 20]);
    expect(votesPerDaySql(['tstamp'], 'unix-seconds').sql).toMatchInlineSnapshot(
      `"SELECT strftime(DATE '1970-01-01' + d, '%Y-%m-%d') AS day, votes, rows FROM (SELECT CAST(floor("tstamp" / 86400) AS INTEGER) AS d, sum(weight) AS votes, count(*) AS rows FROM "battles" WHERE "tstamp" IS NOT NULL AND isfinite("tstamp") GROUP BY 1) ORDER BY d"`,
    );
  });

  it('refuses a limit or bin count that is not a positive integer', () => {
    expect(() => valueCountsSql(['language'], undefined, 0)).toThrow(/limit/);
    expect(() => histogramSql(['turn'], undefined, { bins: 2.5 })).toThrow(/bins/);
  });
});

describe('dimension stats on the arena conversations sample', () => {
  it('counts votes per language as planted', async () => {
    const counts = readValueCounts(await run(valueCountsSql(['language'])));
    expect(Object.fromEntries(counts.values.map((v) => [v.value, v.votes]))).toEqual(planted.languages);
    expect(counts.distinct).toBe(9);
    expect(counts.values[0]).toEqual({ value: 'English', votes: 18083, rows: 18083 });
  });

  it('counts flagged prompts and each moderation category from the nested struct', async () => {
    const flagged = readValueCounts(await run(valueCountsSql(['openai_moderation', 'flagged'])));
    expect(flagged.values.find((v) => v.value === true)?.votes).toBe(planted.moderation_flagged);
    for (const [name, n] of Object.entries(planted.moderation_categories)) {
      const c = readValueCounts(await run(valueCountsSql(['openai_moderation', 'categories', name])));
      expect(c.values.find((v) => v.value === true)?.votes ?? 0, name).toBe(n);
    }
  });

  it('counts every moderation category in one scan', async () => {
    const names = Object.keys(planted.moderation_categories);
    const paths = names.map((n) => ['openai_moderation', 'categories', n]);
    const c = readFlagCounts(paths, await run(flagCountsSql(paths)));
    expect(Object.fromEntries(names.map((n, i) => [n, c.trueVotes[i]]))).toEqual(planted.moderation_categories);
    expect(c.votes).toBe(30000);
    const none = readFlagCounts(paths, await run(flagCountsSql(paths, where([{ kind: 'in', path: ['language'], values: ['Klingon'] }]))));
    expect(none).toEqual({ votes: 0, rows: 0, trueVotes: names.map(() => 0) });
  });

  it('counts within a slice, and the quick toggles narrow it', async () => {
    const french = readValueCounts(await run(valueCountsSql(['anony'], where([{ kind: 'in', path: ['language'], values: ['French'] }]))));
    expect(french.values.reduce((s, v) => s + v.votes, 0)).toBe(planted.languages.French);
    const q = quickFilters({ ...DEFAULT_VIEW.quick, excludeFlagged: true, anonymousOnly: true }, schema);
    const anonUnflagged = readValueCounts(await run(valueCountsSql(['anony'], where(q))));
    expect(anonUnflagged.values.map((v) => v.value)).toEqual([true]);
    const flaggedAnon = readValueCounts(
      await run(valueCountsSql(['openai_moderation', 'flagged'], where([q.find((f) => f.kind === 'in')!]))),
    );
    expect(flaggedAnon.values.find((v) => v.value === true)).toBeUndefined();
    expect(flaggedAnon.values.reduce((s, v) => s + v.votes, 0)).toBe(30000 - planted.moderation_flagged);
  });

  it('cuts the list at the limit and still reports how many values there are', async () => {
    const judges = readValueCounts(await run(valueCountsSql(['judge'])));
    expect(judges.values).toHaveLength(60);
    expect(judges.distinct).toBe(planted.judges);
    const votes = judges.values.map((v) => v.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('gives whole-number bins to turns, one per value', async () => {
    const h = readHistogram(await run(histogramSql(['turn'], undefined, { integer: true })));
    expect(h.bins.map((b) => [b.x0, b.x1, b.votes])).toEqual(Object.entries(planted.turns).map(([t, n]) => [Number(t), Number(t) + 1, n]));
    expect([h.min, h.max, h.nullRows]).toEqual([1, 5, 0]);
  });

  it('spreads a real-valued column over 20 bins that hold every row, max included', async () => {
    const h = readHistogram(await run(histogramSql(['toxic_chat_tag', 'roberta-large', 'probability'])));
    expect(h.bins).toHaveLength(20);
    expect(h.bins.reduce((s, b) => s + b.rows, 0) + h.nullRows).toBe(30000);
    expect(h.bins[0].x0).toBe(h.min);
    expect(h.bins[19].x1).toBe(h.max);
  });

  it('returns no bins for an empty slice and one bin for a constant', async () => {
    expect(readHistogram(await run(histogramSql(['turn'], where([{ kind: 'in', path: ['language'], values: ['Klingon'] }])))).bins).toEqual(
      [],
    );
    const one = readHistogram(await run(histogramSql(['turn'], where([{ kind: 'range', path: ['turn'], min: 3, max: 3 }]))));
    expect(one.bins).toEqual([{ x0: 3, x1: 3, votes: planted.turns['3'], rows: planted.turns['3'] }]);
  });

  it('counts votes per UTC day over the planted time range', async () => {
    const days = readDayCounts(await run(votesPerDaySql(['tstamp'], 'unix-seconds')));
    const [lo, hi] = planted.tstamp_range.map((t) => new Date(t * 1000).toISOString().slice(0, 10));
    expect(days[0].day).toBe(lo);
    expect(days.at(-1)!.day).toBe(hi);
    expect(days.reduce((s, d) => s + d.votes, 0)).toBe(30000);
  });

  it('agrees with the date filter on which day a vote falls', async () => {
    const days = readDayCounts(await run(votesPerDaySql(['tstamp'], 'unix-seconds')));
    const d = days[10];
    const next = new Date(Date.parse(`${d.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const inDay = readDayCounts(
      await run(votesPerDaySql(['tstamp'], 'unix-seconds', where([{ kind: 'date', path: ['tstamp'], from: d.day, to: next }]))),
    );
    expect(inDay).toEqual([d]);
  });

  it('decides the dimensions of the loaded sample from a real profile', async () => {
    const scalar = schema.filter((c) => !c.type.startsWith('STRUCT'));
    const profile = readColumnProfile(scalar, (await run(columnProfileSql('battles', scalar)))[0]);
    const dims = decideDimensions({ columns: schema, hints, distinct: Object.fromEntries(profile.map((p) => [p.name, p.distinct])) });
    expect(dims.map((d) => d.path.join('.')).slice(0, 6)).toEqual([
      'language',
      'turn',
      'anony',
      'judge',
      'tstamp',
      'openai_moderation.flagged',
    ]);
    expect(dims.filter((d) => d.group === 'moderation category')).toHaveLength(11);
    expect(dims.some((d) => d.path[0] === 'question_id')).toBe(false);
  });
});

describe('votes per day of a timestamp column', () => {
  it('reads the comparag timestamp', async () => {
    const other = await openDb();
    try {
      await other.exec(
        `CREATE TABLE raw AS SELECT * FROM read_parquet('${new URL('../../static-data/comparag-votes.parquet', import.meta.url).pathname}')`,
      );
      await buildFromRaw(other, 'raw');
      const q = votesPerDaySql(['timestamp'], 'date');
      const days = readDayCounts(await other.query(q.sql, q.params));
      expect(days.reduce((s, d) => s + d.votes, 0)).toBe(expected.samples['comparag-votes.parquet'].votes);
      expect(days[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      other.close();
    }
  });
});

describe('dimension stats on DuckDB-WASM, the engine the page runs', () => {
  it('gives the same answers as native DuckDB on the lmsys fixture, parameters bound as JS numbers', async () => {
    const engines = [await createWasmConnector(), await openDb()];
    try {
      const results = [];
      for (const e of engines) {
        await FIXTURES['lmsys-conversations'](e);
        await buildFromRaw(e, 'raw');
        const cols = await describeTable(e, 'battles');
        const w = filtersSql([{ kind: 'exclude-outcomes', outcomes: ['both_bad'] }], cols);
        const go = async (q: SqlQuery) => e.query(q.sql, q.params);
        const paths = [
          ['openai_moderation', 'flagged'],
          ['toxic_chat_tag', 'roberta-large', 'flagged'],
        ];
        results.push({
          languages: readValueCounts(await go(valueCountsSql(['language'], w, 2))),
          flags: readValueCounts(await go(valueCountsSql(['openai_moderation', 'flagged'], w))),
          turns: readHistogram(await go(histogramSql(['turn'], w, { integer: true }))),
          stamps: readHistogram(await go(histogramSql(['tstamp'], w, { bins: 4 }))),
          days: readDayCounts(await go(votesPerDaySql(['tstamp'], 'unix-seconds', w))),
          family: readFlagCounts(paths, await go(flagCountsSql(paths, w))),
          withNull: readValueCounts(await go(valueCountsSql(['openai_moderation', 'flagged']))),
        });
      }
      expect(results[0]).toEqual(results[1]);
      expect(results[0].languages).toEqual({
        values: [
          { value: 'English', votes: 2, rows: 2 },
          { value: 'French', votes: 2, rows: 2 },
        ],
        distinct: 2,
      });
      expect(results[0].flags.values).toEqual([
        { value: false, votes: 2, rows: 2 },
        { value: true, votes: 2, rows: 2 },
      ]);
      // q4 (both bad) has no moderation result: NULL is a value of its own, listed last.
      expect(results[0].withNull.values.at(-1)).toEqual({ value: null, votes: 1, rows: 1 });
      expect(results[0].turns.bins.map((b) => b.votes)).toEqual([2, 1, 1]);
      expect(results[0].stamps.bins).toHaveLength(4);
      expect(results[0].family.trueVotes).toEqual([2, 1]);
    } finally {
      for (const e of engines) e.close();
    }
  });
});
