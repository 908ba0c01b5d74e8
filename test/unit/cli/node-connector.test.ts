import { afterEach, describe, expect, it } from 'vitest';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';

describe('the command line DuckDB connector', () => {
  let db: NodeConnector | null = null;
  afterEach(() => db?.close());

  it('gives plain values: BIGINT as numbers inside lists and structs, dates and bytes as they are', async () => {
    db = await createNodeConnector();
    const rows = await db.query(
      `SELECT 3::BIGINT AS n, 'x' AS s, NULL AS z, [1::BIGINT, 2::BIGINT] AS list,
        {'a': 4::BIGINT, 'b': [5::HUGEINT], 'c': 'y'} AS struct, DATE '2024-05-01' AS day, '\\x01\\x02'::BLOB AS bytes, 1.5 AS d
       FROM range(2)`,
    );
    expect(rows).toHaveLength(2);
    const [row] = rows;
    expect(row.n).toBe(3);
    expect(row.s).toBe('x');
    expect(row.z).toBeNull();
    expect(row.list).toEqual([1, 2]);
    expect(row.struct).toEqual({ a: 4, b: [5], c: 'y' });
    expect(row.day).toBeInstanceOf(Date);
    expect((row.day as Date).toISOString().slice(0, 10)).toBe('2024-05-01');
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row.bytes as Uint8Array)]).toEqual([1, 2]);
    expect(row.d).toBe(1.5);
    expect(rows[1]).toEqual(row);
  });

  it('binds parameters and names the failing query', async () => {
    db = await createNodeConnector();
    expect(await db.query('SELECT $1::INTEGER + 1 AS v', [41])).toEqual([{ v: 42 }]);
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/query failed/);
  });
});
