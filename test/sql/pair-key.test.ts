import { afterAll, describe, expect, it } from 'vitest';
import { battlesSql } from '../../src/core/sql/battles.ts';
import { splitPairKey } from '../../src/core/schema/mapping-form.ts';
import type { ColumnMapping } from '../../src/core/schema/mapping.ts';
import { runStatements } from '../../src/core/sql/statement.ts';
import { describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe('a combined pair key split in SQL', () => {
  it('cuts exactly where the form preview cuts, at the first or last separator', async () => {
    const keys = ['llama-7b_bloom-7b', 'llama-7b_opt_7b', 'a__b', 'x::y::z', 'émoji🙂_ü', 'nosep', 'a_', '_b'];
    await db.exec('DROP TABLE IF EXISTS raw');
    await db.exec(`CREATE TABLE raw (k VARCHAR, w VARCHAR)`);
    for (const k of keys) await db.query(`INSERT INTO raw VALUES ($1, 'a')`, [k]);
    const columns = await describeTable(db, 'raw');
    for (const [sep, at] of [
      ['_', 'first'],
      ['_', 'last'],
      ['::', 'first'],
      ['::', 'last'],
      ['__', 'first'],
    ] as const) {
      const mapping: ColumnMapping = {
        modelA: { kind: 'split', column: 'k', separator: sep, part: 0, at },
        modelB: { kind: 'split', column: 'k', separator: sep, part: 1, at },
        winner: { kind: 'column', column: 'w', labels: { a: 'a' }, namesModel: false },
      };
      await runStatements(db, battlesSql({ raw: 'raw', columns, mapping }));
      const sql = await db.query(
        `SELECT row_id, CAST(model_a AS VARCHAR) AS a, CAST(model_b AS VARCHAR) AS b FROM battles
         UNION ALL SELECT row_id, NULL, NULL FROM rejected_rows ORDER BY row_id`,
      );
      expect([sep, at, sql.map((r) => (r.a === null ? null : [r.a, r.b]))]).toEqual([sep, at, keys.map((k) => splitPairKey(k, sep, at))]);
    }
  });
});
