import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../../src/core/schema/column.ts';
import { filtersSql, type Filter } from '../../src/core/sql/filters.ts';
import { totalsSql } from '../../src/core/sql/summary.ts';
import { FIXTURES } from './fixtures.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
let schema: ColumnInfo[] = [];
beforeAll(async () => {
  await FIXTURES['lmsys-conversations'](db);
  await buildFromRaw(db, 'raw');
  schema = await describeTable(db, 'battles');
});
afterAll(() => db.close());

/** Rows of battles that pass the filters. */
const count = async (filters: Filter[]): Promise<number> => {
  const q = totalsSql(filtersSql(filters, schema));
  return (await db.query(q.sql, q.params))[0].rows as number;
};

describe('filters as text', () => {
  it('binds every value as a parameter and quotes every column path', () => {
    const where = filtersSql(
      [
        { kind: 'in', path: ['language'], values: ['French', null] },
        { kind: 'range', path: ['turn'], min: 2 },
        { kind: 'date', path: ['tstamp'], from: '2023-04-21', to: '2023-04-30T00:00:00Z' },
        { kind: 'boolean', path: ['toxic_chat_tag', 'roberta-large', 'flagged'], value: true },
        { kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] },
      ],
      schema,
      3,
    );
    expect(where.sql).toMatchInlineSnapshot(
      `"("language" IN ($3) OR "language" IS NULL) AND ("turn" >= $4) AND ("tstamp" >= epoch(CAST($5 AS TIMESTAMP)) AND "tstamp" < epoch(CAST($6 AS TIMESTAMP))) AND (("toxic_chat_tag")."roberta-large"."flagged" = $7) AND ("outcome" NOT IN ($8, $9))"`,
    );
    expect(where.params).toEqual(['French', 2, '2023-04-21', '2023-04-30T00:00:00Z', true, 'tie', 'both_bad']);
  });
});

describe('filters on DuckDB', () => {
  it('keeps rows whose value is in the set, NULL included when asked', async () => {
    expect(await count([{ kind: 'in', path: ['language'], values: ['French', 'German'] }])).toBe(3);
    expect(await count([{ kind: 'in', path: ['model_a'], values: ['vicuna', 'not-a-model'] }])).toBe(2);
    expect(await count([{ kind: 'in', path: ['language'], values: [] }])).toBe(0);
  });

  it('keeps numeric ranges inclusive', async () => {
    expect(await count([{ kind: 'range', path: ['turn'], min: 2, max: 3 }])).toBe(2);
  });

  it('reads a date range against unix seconds', async () => {
    // tstamp 1682000000 is 2023-04-20T14:13:20Z; 1682300000 is 2023-04-24T01:33:20Z.
    expect(await count([{ kind: 'date', path: ['tstamp'], from: '2023-04-20', to: '2023-04-24' }])).toBe(3);
  });

  it('filters on boolean fields nested in structs', async () => {
    expect(await count([{ kind: 'boolean', path: ['openai_moderation', 'flagged'], value: true }])).toBe(2);
    expect(await count([{ kind: 'boolean', path: ['toxic_chat_tag', 'roberta-large', 'flagged'], value: false }])).toBe(1);
  });

  it('excludes outcomes and combines filters with AND', async () => {
    expect(await count([{ kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] }])).toBe(3);
    expect(
      await count([
        { kind: 'exclude-outcomes', outcomes: ['b'] },
        { kind: 'in', path: ['language'], values: ['French'] },
      ]),
    ).toBe(1);
  });

  it('treats a tampered value as data, never as SQL', async () => {
    const hostile = "French') OR 1=1 --";
    expect(await count([{ kind: 'in', path: ['language'], values: [hostile] }])).toBe(0);
    expect(await count([])).toBe(5);
  });
});

describe('filters refuse tampered input', () => {
  it.each<[string, unknown, RegExp]>([
    ['an unknown column', { kind: 'in', path: ['language" OR 1=1 --'], values: ['x'] }, /unknown column "language\\" OR 1=1 --"/],
    ['an unknown struct field', { kind: 'boolean', path: ['openai_moderation', 'nope'], value: true }, /has no field "nope"/],
    ['an unknown kind', { kind: 'sql', sql: '1=1' }, /unknown kind "sql"/],
    ['an unknown outcome', { kind: 'exclude-outcomes', outcomes: ["a') OR 1=1 --"] }, /unknown outcome/],
    ['a non-numeric range bound', { kind: 'range', path: ['turn'], min: '1 OR 1=1' }, /is not a finite number/],
    ['a date that is not ISO', { kind: 'date', path: ['tstamp'], from: "2023' OR 1=1" }, /is not an ISO date/],
    ['a non-boolean flag', { kind: 'boolean', path: ['anony'], value: 'true' }, /must be true or false/],
    ['a range on text', { kind: 'range', path: ['language'], min: 1 }, /cannot filter/],
    ['an object in a set', { kind: 'in', path: ['language'], values: [{ toString: () => 'x' }] }, /not a finite number/],
    ['a column given as a string', { kind: 'in', path: 'language', values: ['x'] }, /non-empty list of names/],
  ])('refuses %s', (_, filter, message) => {
    expect(() => filtersSql([filter as Filter], schema)).toThrow(message);
  });
});
