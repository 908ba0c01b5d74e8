import { afterAll, describe, expect, it } from 'vitest';
import { QueryError } from '../../src/core/sql/query-error.ts';
import { openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe('node connector', () => {
  it('binds $n parameters positionally', async () => {
    expect(await db.query('SELECT $2 AS b, $1 AS a, $1 || $2 AS ab', ['x', 'y'])).toEqual([{ b: 'y', a: 'x', ab: 'xy' }]);
  });

  it('returns BIGINT and HUGEINT as numbers', async () => {
    const [r] = await db.query('SELECT CAST(42 AS BIGINT) AS big, CAST(7 AS HUGEINT) AS huge, count(*) AS n FROM range(3)');
    expect(r).toEqual({ big: 42, huge: 7, n: 3 });
  });

  it('returns ENUM and VARCHAR as strings, lists and structs as plain values', async () => {
    await db.exec("DROP TYPE IF EXISTS mood; CREATE TYPE mood AS ENUM ('sad', 'ok')");
    const [r] = await db.query(
      "SELECT CAST('ok' AS mood) AS e, [CAST(1 AS BIGINT), 2] AS l, {'a': CAST(5 AS BIGINT), 'b': {'c': 'd'}} AS s",
    );
    expect(r).toEqual({ e: 'ok', l: [1, 2], s: { a: 5, b: { c: 'd' } } });
  });

  it('treats a quote inside a parameter as data', async () => {
    expect(await db.query('SELECT $1 AS v', ["x'); DROP TABLE t; --"])).toEqual([{ v: "x'); DROP TABLE t; --" }]);
  });

  it('keeps the SQL on a failed query', async () => {
    const err = await db.query('SELECT nope FROM range(1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).sql).toBe('SELECT nope FROM range(1)');
    expect((err as QueryError).message).toMatch(/^query failed: .*nope/s);
  });
});
