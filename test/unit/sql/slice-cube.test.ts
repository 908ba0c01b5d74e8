import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise, type OpenedFile } from '../../../src/cli/lib/open-file.ts';
import type { Connector } from '../../../src/core/sql/connector.ts';
import { describeSql, readColumns } from '../../../src/core/sql/summary.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { filtersSql, type Filter } from '../../../src/core/sql/filters.ts';
import { readCounts } from '../../../src/core/sql/pair-counts.ts';
import {
  BATTLES_SOURCE,
  buildSliceCube,
  countSource,
  cubeColumnsSql,
  cubeServes,
  type CubeLimits,
  type SliceCube,
} from '../../../src/core/sql/slice-cube.ts';
import {
  flagCountsSql,
  histogramSql,
  readFlagCounts,
  readHistogram,
  readValueCounts,
  valueCountsSql,
} from '../../../src/core/sql/dimension-stats.ts';
import type { SqlQuery } from '../../../src/core/sql/statement.ts';
import { buildDayCube, codableDimensions, cubeRowsSql, dayColumns } from '../../../src/core/sql/slice-cube.ts';
import { readDayCounts, votesPerDaySql } from '../../../src/core/sql/dimension-stats.ts';
import { CubeCounts, type CubeValue } from '../../../src/core/tally/cube-counts.ts';
import fc from 'fast-check';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';

const STATIC = join(import.meta.dirname, '../../../static-data');

/** Battles of a published sample, its schema, and its cube. */
async function open(
  file: string,
  limits: CubeLimits = { maxShare: 1, minRows: 0 },
): Promise<{ db: Connector & { close(): void }; columns: ColumnInfo[]; cube: SliceCube | null; opened: OpenedFile }> {
  const db = await createNodeConnector();
  const opened = await loadAndRecognise(db, join(STATIC, file));
  await buildBattles(db, opened);
  const columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
  const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${BATTLES_TABLE}`);
  // The samples are small: a cube of them saves little, so the limits are lifted to build one anyway.
  const cube = await buildSliceCube(db, 'slice_cube_1', columns, opened.detection.dimensions, Number(n), limits);
  return { db, columns, cube, opened };
}

/** The page's coded copy of a cube, from its rows as the node connector reads them. */
async function codedCube(db: Connector, cube: SliceCube, paths: string[][], models: string[], maxKeys?: number): Promise<CubeCounts> {
  const rows = await db.query(cubeRowsSql(cube, paths));
  return new CubeCounts(
    {
      models,
      a: rows.map((r) => Number(r.a)),
      b: rows.map((r) => Number(r.b)),
      outcome: rows.map((r) => Number(r.outcome)),
      weight: rows.map((r) => Number(r.weight)),
      dims: paths.map((path, i) => ({ path, values: rows.map((r) => r[`d${i}`] as CubeValue) })),
    },
    maxKeys,
  );
}

/** The same slice's counts from battles and from the cube: identical cells. */
async function expectSameCounts(db: Connector, columns: ColumnInfo[], cube: SliceCube, filters: Filter[]): Promise<number> {
  expect(cubeServes(cube, filters), JSON.stringify(filters)).toBe(true);
  const where = filtersSql(filters, columns);
  const fromBattles = await readCounts(db, where);
  const fromCube = await readCounts(db, where, fromBattles.models, cube.table);
  expect(fromCube).toEqual(fromBattles);
  return fromBattles.n.reduce((s, v) => s + v, 0);
}

describe('slice cube', () => {
  describe('on Chatbot Arena conversations (flags inside structs)', () => {
    let ctx: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      ctx = await open('arena-conversations.parquet');
    });
    afterAll(() => ctx.db.close());

    it('keeps the low-cardinality dimensions, struct fields rebuilt as structs, and is far smaller than battles', async () => {
      const { cube, db } = ctx;
      expect(cube).not.toBeNull();
      const paths = cube!.paths.map((p) => p.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['language', 'anony', 'openai_moderation.flagged']));
      expect(paths).not.toContain('judge');
      const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${BATTLES_TABLE}`);
      expect(cube!.rows).toBeLessThan(Number(n));
      const [{ t }] = await db.query(`SELECT typeof(openai_moderation) AS t FROM ${cube!.table} LIMIT 1`);
      expect(String(t)).toMatch(/^STRUCT\(flagged BOOLEAN/);
    });

    it('gives the very pair counts battles gives, for every filter it serves', async () => {
      const { db, columns, cube } = ctx;
      const votes = await Promise.all([
        expectSameCounts(db, columns, cube!, [{ kind: 'in', path: ['language'], values: ['French'] }]),
        expectSameCounts(db, columns, cube!, [
          { kind: 'in', path: ['language'], values: ['English', 'German', null] },
          { kind: 'boolean', path: ['anony'], value: true },
        ]),
        expectSameCounts(db, columns, cube!, [
          { kind: 'in', path: ['openai_moderation', 'flagged'], values: [false, null] },
          { kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] },
        ]),
        expectSameCounts(db, columns, cube!, [{ kind: 'range', path: ['turn'], min: 2 }]),
      ]);
      for (const v of votes) expect(v).toBeGreaterThan(0);
    });

    it("gives the filter widgets' counts battles gives: values, histograms, flag families", async () => {
      const { db, columns, cube } = ctx;
      const run = (q: SqlQuery) => db.query(q.sql, q.params);
      const flags = [['openai_moderation', 'flagged'], ['anony']];
      for (const filters of [
        [] as Filter[],
        [{ kind: 'in', path: ['language'], values: ['English', null] }],
        [
          { kind: 'exclude-outcomes', outcomes: ['tie'] },
          { kind: 'range', path: ['turn'], min: 2 },
        ],
      ] as Filter[][]) {
        const where = filtersSql(filters, columns);
        const source = countSource([cube], [['language'], ['turn'], ...flags], filters);
        expect(source).toEqual({ table: cube!.table, rowsColumn: 'cube_rows' });
        const counts = async (on: typeof source) => ({
          languages: readValueCounts(await run(valueCountsSql(['language'], where, 60, on))),
          flagged: readValueCounts(await run(valueCountsSql(['openai_moderation', 'flagged'], where, 60, on))),
          turns: readHistogram(await run(histogramSql(['turn'], where, { integer: true, source: on }))),
          family: readFlagCounts(flags, await run(flagCountsSql(flags, where, on))),
        });
        const fromBattles = await counts(BATTLES_SOURCE);
        expect(fromBattles.languages.values.length).toBeGreaterThan(0);
        expect(await counts(source)).toEqual(fromBattles);
      }
    });

    it('counts in the page what the cube counts in SQL, for any filter on its dimensions', async () => {
      const { db, columns, cube } = ctx;
      const paths = codableDimensions(cube!, columns);
      expect(paths.map((p) => p.join('.'))).toEqual(expect.arrayContaining(['language', 'anony', 'openai_moderation.flagged', 'turn']));
      const models = (await readCounts(db)).models;
      const coded = await codedCube(db, cube!, paths, models);
      // The path of a cube whose values make too many combinations to group its rows by.
      const visited = await codedCube(db, cube!, paths, models, 0);
      // Every dimension's values (NULL included), from the cube itself.
      const values = await Promise.all(
        paths.map(async (_, i) =>
          (await db.query(`SELECT DISTINCT d${i} AS v FROM (${cubeRowsSql(cube!, paths)})`)).map((r) => r.v as CubeValue),
        ),
      );
      const filterOn = (i: number): fc.Arbitrary<Filter> => {
        const path = paths[i];
        const present = values[i].filter((v) => v !== null);
        if (typeof present[0] === 'boolean') return fc.boolean().map((value) => ({ kind: 'boolean', path, value }));
        const list = fc
          .subarray(values[i], { minLength: 1 })
          .map((vs) => ({ kind: 'in' as const, path, values: vs as (string | number | boolean | null)[] }));
        if (typeof present[0] !== 'number') return list;
        const range = fc
          .record({
            min: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
            max: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
          })
          .map(({ min, max }) => ({
            kind: 'range' as const,
            path,
            ...(min === undefined ? {} : { min }),
            ...(max === undefined ? {} : { max }),
          }));
        return fc.oneof(list, range);
      };
      const outcomes = fc.subarray(['a', 'b', 'tie', 'both_bad'] as const).map((o) => ({ kind: 'exclude-outcomes' as const, outcomes: o }));
      // Dimensions may repeat (a range and a list on one column): each filter is its own condition.
      const filterSets = fc
        .array(fc.integer({ min: 0, max: paths.length - 1 }), { maxLength: 3 })
        .chain((dims) =>
          fc.tuple(fc.tuple(...dims.map(filterOn)), fc.option(outcomes, { nil: undefined })).map(([fs, o]) => [...fs, ...(o ? [o] : [])]),
        );
      await fc.assert(
        fc.asyncProperty(filterSets, async (filters) => {
          const fromSql = await readCounts(db, filtersSql(filters, columns), models, cube!.table);
          expect(coded.counts(filters)).toEqual(fromSql);
          expect(visited.counts(filters)).toEqual(fromSql);
        }),
        { numRuns: 80, seed: 7 },
      );
    });

    it('lets NULL through only an `in` that lists it, as SQL does', async () => {
      const { db, columns, cube } = ctx;
      // The samples' cube dimensions have no NULLs: a copy of the cube gets some.
      const nulls = { ...cube!, table: 'slice_cube_nulls' };
      await db.query(
        `CREATE OR REPLACE TABLE slice_cube_nulls AS SELECT * REPLACE (CASE WHEN turn = 1 THEN NULL ELSE language END AS language, ` +
          `CASE WHEN language = 'English' THEN NULL ELSE turn END AS turn) FROM ${cube!.table}`,
      );
      const paths = codableDimensions(nulls, columns);
      const models = (await readCounts(db)).models;
      const coded = await codedCube(db, nulls, paths, models);
      for (const filters of [
        [{ kind: 'in', path: ['language'], values: [null] }],
        [{ kind: 'in', path: ['language'], values: ['French', null] }],
        [{ kind: 'in', path: ['language'], values: ['French'] }],
        [{ kind: 'range', path: ['turn'], min: 1 }],
        [{ kind: 'in', path: ['turn'], values: [null, 2] }],
      ] as Filter[][]) {
        const fromSql = await readCounts(db, filtersSql(filters, columns), models, nulls.table);
        expect(fromSql.n.length, JSON.stringify(filters)).toBeGreaterThan(0);
        expect(coded.counts(filters), JSON.stringify(filters)).toEqual(fromSql);
      }
    });

    it('leaves to SQL what it cannot count exactly: dates, values of another type', () => {
      const { columns, cube } = ctx;
      const paths = codableDimensions(cube!, columns);
      const coded = new CubeCounts({
        models: ['x', 'y'],
        a: [0],
        b: [1],
        outcome: [0],
        weight: [1],
        dims: [{ path: ['turn'], values: [1] }],
      });
      expect(paths.length).toBeGreaterThan(0);
      expect(coded.counts([{ kind: 'in', path: ['turn'], values: ['1'] }])).toBeNull();
      expect(coded.counts([{ kind: 'date', path: ['turn'], from: '2024-01-01' }])).toBeNull();
      expect(coded.counts([{ kind: 'in', path: ['language'], values: ['French'] }])).toBeNull();
      expect(coded.counts([{ kind: 'in', path: ['turn'], values: [1] }])?.n).toEqual(new Float64Array([1]));
      const nan = new CubeCounts({ models: ['x', 'y'], a: [0], b: [1], outcome: [0], weight: [1], dims: [{ path: ['s'], values: [NaN] }] });
      expect(nan.counts([{ kind: 'range', path: ['s'], min: 0 }])).toBeNull();
    });

    it('counts votes per day (and every other widget) from the day cube as from battles', async () => {
      const { db, columns, cube, opened } = ctx;
      const days = dayColumns(columns, opened.detection.dimensions, opened.detection.preset.ignored);
      expect(days).toEqual([{ column: 'tstamp', type: 'DOUBLE', unixSeconds: true }]);
      const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${BATTLES_TABLE}`);
      const dayCube = await buildDayCube(db, 'day_cube_1', cube!.paths, days, Number(n), { maxShare: 1, minRows: 0 });
      expect(dayCube).toMatchObject({ table: 'day_cube_1', days: [['tstamp']] });
      expect(dayCube!.rows).toBeLessThan(Number(n));
      const run = (q: SqlQuery) => db.query(q.sql, q.params);
      for (const filters of [
        [] as Filter[],
        [{ kind: 'in', path: ['language'], values: ['English', null] }],
        [
          { kind: 'exclude-outcomes', outcomes: ['tie'] },
          { kind: 'boolean', path: ['anony'], value: true },
        ],
      ] as Filter[][]) {
        const where = filtersSql(filters, columns);
        // The day cube comes first and serves the date widget; a date filter in force is never its to serve.
        const source = countSource([dayCube, cube], [['tstamp']], filters);
        expect(source).toEqual({ table: 'day_cube_1', rowsColumn: 'cube_rows' });
        const fromBattles = readDayCounts(await run(votesPerDaySql(['tstamp'], 'unix-seconds', where)));
        expect(fromBattles.length).toBeGreaterThan(1);
        expect(readDayCounts(await run(votesPerDaySql(['tstamp'], 'unix-seconds', where, source)))).toEqual(fromBattles);
        const languages = countSource([dayCube, cube], [['language']], filters);
        expect(readValueCounts(await run(valueCountsSql(['language'], where, 60, languages)))).toEqual(
          readValueCounts(await run(valueCountsSql(['language'], where))),
        );
      }
      expect(countSource([dayCube, cube], [['language']], [{ kind: 'date', path: ['tstamp'], from: '2023-05-01' }])).toEqual(
        BATTLES_SOURCE,
      );
    });

    it('counts a widget from battles when the cube lacks its column or a filter in force', () => {
      const { cube } = ctx;
      expect(countSource([cube], [['judge']], [])).toEqual(BATTLES_SOURCE);
      expect(countSource([cube], [['language']], [{ kind: 'date', path: ['tstamp'], from: '2023-05-01' }])).toEqual(BATTLES_SOURCE);
      expect(countSource([null], [['language']], [])).toEqual(BATTLES_SOURCE);
    });

    it('leaves to battles a filter on what it does not keep', () => {
      const { cube } = ctx;
      expect(cubeServes(cube!, [{ kind: 'date', path: ['tstamp'], from: '2023-05-01' }])).toBe(false);
      expect(cubeServes(cube!, [{ kind: 'in', path: ['judge'], values: ['x'] }])).toBe(false);
      expect(
        cubeServes(cube!, [
          { kind: 'in', path: ['language'], values: ['French'] },
          { kind: 'in', path: ['question_id'], values: ['q'] },
        ]),
      ).toBe(false);
      expect(cubeServes(cube!, [])).toBe(true);
    });
  });

  it('on LMArena 100k: the de-duplication flag inside a struct, LMArena categories', async () => {
    const { db, columns, cube } = await open('lmarena-100k.parquet');
    try {
      expect(cube).not.toBeNull();
      const paths = cube!.paths.map((p) => p.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['dedup_tag.sampled', 'dedup_tag.high_freq']));
      await expectSameCounts(db, columns, cube!, [{ kind: 'boolean', path: ['dedup_tag', 'sampled'], value: true }]);
      await expectSameCounts(db, columns, cube!, [
        { kind: 'boolean', path: ['dedup_tag', 'high_freq'], value: false },
        { kind: 'in', path: ['language'], values: ['English'] },
      ]);
    } finally {
      db.close();
    }
  });

  it('keeps a timestamp column by its day: CompaRAG votes per day from the day cube', async () => {
    const { db, columns, cube, opened } = await open('comparag-votes.parquet');
    try {
      const days = dayColumns(columns, opened.detection.dimensions, opened.detection.preset.ignored);
      expect(days.map((d) => [d.column, d.unixSeconds])).toEqual([['timestamp', false]]);
      const dayCube = await buildDayCube(db, 'day_cube_1', cube?.paths ?? [], days, 3000, { maxShare: 1, minRows: 0 });
      const source = countSource([dayCube], [['timestamp']], []);
      expect(source.table).toBe('day_cube_1');
      const q = votesPerDaySql(['timestamp'], 'date');
      const fromBattles = readDayCounts(await db.query(q.sql, q.params));
      expect(fromBattles.length).toBeGreaterThan(10);
      const fromCube = votesPerDaySql(['timestamp'], 'date', undefined, source);
      expect(readDayCounts(await db.query(fromCube.sql, fromCube.params))).toEqual(fromBattles);
    } finally {
      db.close();
    }
  });

  it('is not built where it would not pay: pre-aggregated counts, a small file', async () => {
    const { db, cube } = await open('pair-counts.csv', { minRows: 0 });
    for (const limits of [{ minRows: 0 }, { maxShare: 1 }]) {
      const small = await open('arena-conversations.parquet', limits);
      small.db.close();
      expect(small.cube).toBeNull();
    }
    try {
      expect(cube).toBeNull();
      expect(await db.query(`SELECT * FROM duckdb_tables() WHERE table_name = 'slice_cube_1'`)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('writes struct fields as nested struct_pack beside plain columns', () => {
    expect(cubeColumnsSql([['language'], ['a', 'b', 'c'], ['a', 'd']])).toEqual([
      '"language" AS "language"',
      'struct_pack("b" := struct_pack("c" := ("a")."b"."c"), "d" := ("a")."d") AS "a"',
    ]);
  });
});
