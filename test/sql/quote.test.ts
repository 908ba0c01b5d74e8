import { afterAll, describe, expect, it } from 'vitest';
import { quoteIdent, quotePath } from '../../src/core/sql/quote.ts';
import { openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe('quoteIdent', () => {
  it('double-quotes a name and doubles inner quotes', () => {
    expect(quoteIdent('model_a')).toBe('"model_a"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
    expect(quoteIdent('x"; DROP TABLE battles; --')).toBe('"x""; DROP TABLE battles; --"');
  });

  it('refuses NUL and empty names', () => {
    expect(() => quoteIdent('a\0b')).toThrow(/NUL/);
    expect(() => quoteIdent('')).toThrow(/non-empty/);
  });

  it('quotes a struct path with its head in parentheses', () => {
    expect(quotePath(['toxic_chat_tag', 'roberta-large', 'flagged'])).toBe('("toxic_chat_tag")."roberta-large"."flagged"');
    expect(quotePath(['turn'])).toBe('"turn"');
  });

  it('lets DuckDB read columns and fields with hostile names exactly', async () => {
    const name = 'we"ird; --name';
    await db.exec(`CREATE TABLE t AS SELECT 1 AS ${quoteIdent(name)}, {'a.b"c': 2} AS ${quoteIdent('s t')}`);
    const [r] = await db.query(`SELECT ${quoteIdent(name)} AS x, ${quotePath(['s t', 'a.b"c'])} AS y FROM t`);
    expect(r).toEqual({ x: 1, y: 2 });
  });
});
