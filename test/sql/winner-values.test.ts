import { afterAll, describe, expect, it } from 'vitest';
import { winnerValuesSql } from '../../src/core/sql/winner-values.ts';
import { FIXTURES } from './fixtures.ts';
import { openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe('winner values', () => {
  it('lists values as text with counts, and optionally how many name a side', () => {
    expect(winnerValuesSql('raw', 'chosen_model_name', { sides: ['model_a_name', 'model_b_name'] })).toMatchInlineSnapshot(`
      {
        "params": [
          100,
        ],
        "sql": "SELECT CAST("chosen_model_name" AS VARCHAR) AS value, count(*) AS rows, count(*) FILTER (WHERE CAST("chosen_model_name" AS VARCHAR) IN (CAST("model_a_name" AS VARCHAR), CAST("model_b_name" AS VARCHAR))) AS names_model FROM "raw" GROUP BY 1 ORDER BY rows DESC, value NULLS LAST LIMIT $1",
      }
    `);
  });

  it('counts each distinct winner value, NULL last among equals', async () => {
    await FIXTURES['lmsys-conversations'](db);
    const q = winnerValuesSql('raw', 'winner');
    expect(await db.query(q.sql, q.params)).toEqual([
      { value: 'model_a', rows: 4 },
      { value: 'left_win', rows: 1 },
      { value: 'model_b', rows: 1 },
      { value: 'tie', rows: 1 },
      { value: 'tie (bothbad)', rows: 1 },
      { value: null, rows: 1 },
    ]);
  });

  it('shows that comparIA winner values name one of the two models', async () => {
    await FIXTURES['comparia-votes'](db);
    const q = winnerValuesSql('raw', 'chosen_model_name', { sides: ['model_a_name', 'model_b_name'], limit: 2 });
    expect(await db.query(q.sql, q.params)).toEqual([
      { value: 'llama', rows: 2, names_model: 2 },
      { value: null, rows: 2, names_model: 0 },
    ]);
  });
});
