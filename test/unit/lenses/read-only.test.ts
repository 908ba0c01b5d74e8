import { describe, expect, test } from 'vitest';
import { checkReadOnly, limitedQuery } from '../../../src/core/sql/read-only.ts';

const refused = (sql: string) => {
  const r = checkReadOnly(sql);
  return r.ok ? null : r.reason;
};

describe('the SQL console guard', () => {
  test.each([
    'SELECT count(*) FROM battles',
    'select model_a, count(*) from battles group by 1 order by 2 desc',
    'WITH t AS (SELECT * FROM battles) SELECT count(*) FROM t',
    'FROM battles LIMIT 3',
    'DESCRIBE battles',
    'SHOW TABLES',
    'SUMMARIZE raw',
    'EXPLAIN SELECT 1',
    'VALUES (1), (2)',
    'TABLE battles',
    '(SELECT 1) UNION (SELECT 2)',
    'SELECT * FROM battles a JOIN raw r ON r.rowid = a.row_id',
    'SELECT "set", "load" FROM (SELECT 1 AS "set", 2 AS "load")',
    "SELECT replace(model_a, 'a', 'b') FROM battles",
    "SELECT set_bit('0101'::BIT, 0, 1)",
    'SELECT updated_at_x, deleted FROM (SELECT 1 AS updated_at_x, 2 AS deleted)',
  ])('allows the read-only query %s', (sql) => {
    expect(refused(sql)).toBeNull();
  });

  test.each([
    "SELECT 'drop table' AS x",
    "SELECT 'x; DELETE FROM battles' AS x",
    'SELECT $$ DROP TABLE battles; $$ AS x',
    "SELECT $tag$ it's; DROP $tag$ AS x",
    "SELECT E'it\\'s; DROP TABLE battles' AS x",
    "SELECT 'read_text(''/etc/passwd'')' AS x",
    'SELECT 1 AS "drop table battles; --"',
  ])('allows keywords and semicolons inside strings and quoted names: %s', (sql) => {
    expect(refused(sql)).toBeNull();
  });

  test.each([
    ['DROP TABLE battles', /DROP is not allowed|only read-only/],
    ['DELETE FROM battles', /only read-only/],
    ['INSERT INTO battles SELECT * FROM battles', /only read-only/],
    ['UPDATE battles SET weight = 0', /only read-only/],
    ['CREATE TABLE x AS SELECT 1', /only read-only/],
    ['ALTER TABLE battles RENAME TO b', /only read-only/],
    ["COPY battles TO 'x'", /only read-only/],
    ["ATTACH 'x'", /only read-only/],
    ['DETACH x', /only read-only/],
    ['INSTALL httpfs', /only read-only/],
    ['LOAD httpfs', /only read-only/],
    ['SET threads = 1', /only read-only/],
    ['RESET threads', /only read-only/],
    ['PRAGMA table_info(battles)', /only read-only/],
    ['CALL pragma_version()', /only read-only/],
    ["EXPORT DATABASE 'x'", /only read-only/],
    ["IMPORT DATABASE 'x'", /only read-only/],
    ['CHECKPOINT', /only read-only/],
    ['VACUUM', /only read-only/],
    ['USE memory', /only read-only/],
    ['/* */ DELETE FROM battles', /only read-only/],
    ['-- just a comment\nDROP TABLE battles', /only read-only/],
    ['', /nothing to run/],
    ['-- only a comment', /nothing to run/],
  ])('refuses %s', (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });

  test.each([
    'SELECT 1; DROP TABLE battles',
    'SELECT 1; SELECT 2',
    "SELECT 'a'; DELETE FROM battles",
    'SELECT 1 /* ; */; DROP TABLE battles',
    'SELECT $$x$$; DROP TABLE battles',
  ])('refuses more than one statement: %s', (sql) => {
    expect(refused(sql)).toMatch(/one statement at a time|not allowed/);
  });

  test.each([
    'SELECT 1 FROM battles /* DROP */ WHERE true; DROP TABLE battles',
    'EXPLAIN DELETE FROM battles',
    'WITH x AS (SELECT 1) DELETE FROM battles',
    'SELECT * FROM battles WHERE 1 = 1 /* hidden */ ; /* */ DROP TABLE battles',
    'SELECT 1 -- comment\n; DROP TABLE battles',
    'select 1 /* nested /* comment */ still comment */; drop table battles',
    'SELECT a$$b FROM battles; DROP TABLE battles; SELECT $$',
    "SELECT E'\\''; DROP TABLE battles; --'",
  ])('sees through comments, nesting and escapes: %s', (sql) => {
    expect(refused(sql)).not.toBeNull();
  });

  test.each([
    "SELECT read_text('/etc/passwd')",
    "SELECT * FROM read_csv('x.csv')",
    "SELECT * FROM read_csv_auto('x.csv')",
    "SELECT * FROM read_parquet('https://example.invalid/x.parquet')",
    "SELECT * FROM read_json('x.json')",
    "SELECT * FROM read_json_auto('x.json')",
    "SELECT * FROM parquet_scan('x.parquet')",
    "SELECT * FROM glob('*')",
    "SELECT * FROM read_blob('x')",
    'SELECT * FROM "read_text"(\'/etc/passwd\')',
    "SELECT * FROM READ_TEXT ('/etc/passwd')",
    "SELECT * FROM main.read_csv('x')",
    "SELECT * FROM query('SELECT 1')",
    "SELECT * FROM 'x.csv'",
    "FROM 'x.parquet'",
    "SELECT * FROM battles, 'x.csv'",
    "SELECT * FROM battles JOIN 'x.csv' ON true",
    'SELECT * FROM "static-data/pair-counts.csv"',
    "SUMMARIZE 'x.csv'",
    "DESCRIBE 'x.csv'",
    "SELECT * FROM read_text/* */('/etc/passwd')",
  ])('refuses reading files or URLs: %s', (sql) => {
    expect(refused(sql)).toMatch(/not allowed/);
  });

  test.each(["SELECT 'unclosed", 'SELECT "unclosed', 'SELECT 1 /* unclosed', 'SELECT $$ unclosed'])(
    'refuses text it cannot read for sure: %s',
    (sql) => {
      expect(refused(sql)).toMatch(/unterminated/);
    },
  );

  test('strips comments and trailing semicolons so the statement can be wrapped', () => {
    const r = checkReadOnly('select * from battles; -- x');
    expect(r).toEqual({ ok: true, sql: 'select * from battles', kind: 'select', wrappable: true });
    if (r.ok) expect(limitedQuery(r, 10001)).toBe('SELECT * FROM (\nselect * from battles\n) LIMIT 10001');
  });

  test('keeps strings that look like comments', () => {
    const r = checkReadOnly("SELECT '-- not a comment' AS x -- a comment");
    expect(r.ok && r.sql).toBe("SELECT '-- not a comment' AS x");
  });

  test('runs EXPLAIN unwrapped, since it cannot be a subquery', () => {
    const r = checkReadOnly('EXPLAIN SELECT 1');
    expect(r.ok && !r.wrappable && limitedQuery(r, 5)).toBe('EXPLAIN SELECT 1');
  });
});
