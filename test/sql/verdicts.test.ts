import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { andEquals, valueVotesSql } from '../../src/core/lenses/tools.ts';
import { VERDICT_COLUMNS, resultsBySourceSql, verdictItemsSql } from '../../src/core/lenses/verdicts.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import { computeLeaderboard } from '../../src/core/stats/leaderboard.ts';
import { buildFromRaw, openDb } from './helpers.ts';

const sample = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['verdicts.parquet'];
const planted = sample.planted;
// The published answer columns (the lens's defaults still say answer_a / answer_b).
const COLUMNS = { ...VERDICT_COLUMNS, answerA: 'model_a_response', answerB: 'model_b_response' };

describe('the Verdicts lens on the VERDICTS sample', () => {
  let db: NodeConnector;
  beforeAll(async () => {
    db = await openDb();
    await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/verdicts.parquet')}')`);
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  test('gives votes, ties and reference answers per benchmark and turn as planted', async () => {
    const q = resultsBySourceSql('raw', undefined, COLUMNS);
    const rows = await db.query(q.sql, q.params);
    const totals = rows.filter((r) => r.turn === null);
    expect(Object.fromEntries(totals.map((r) => [r.source, r.votes]))).toEqual(planted.per_dataset);
    expect(Object.fromEntries(totals.map((r) => [r.source, r.ties]))).toEqual(planted.ties_per_dataset);
    expect(Object.fromEntries(totals.map((r) => [r.source, r.with_reference]))).toEqual(planted.with_ref_answer);
    const byTurn: Record<string, Record<string, number>> = {};
    for (const r of rows.filter((r) => r.turn !== null)) (byTurn[String(r.source)] ??= {})[String(r.turn)] = Number(r.votes);
    expect(byTurn).toEqual(planted.per_dataset_turn);
    const all = totals.reduce((s, r) => s + Number(r.a_wins) + Number(r.b_wins), 0);
    expect(all).toBe(sample.outcomes.a + sample.outcomes.b);
  });

  test('rates ledger-13b far higher on bffbench than on mtbmr, as planted', async () => {
    const rating = async (source: string) => {
      const m = modelsSql();
      const c = pairCountsSql(andEquals(undefined, ['dataset'], source));
      const board = computeLeaderboard(readPairCounts(await db.query(m.sql), await db.query(c.sql, c.params)), { bootstrapRounds: 0 });
      return board.rows.find((r) => r.model === 'ledger-13b')!.rating!;
    };
    expect((await rating('bffbench')) - (await rating('mtbmr'))).toBeGreaterThan(planted.dataset_effects.bffbench['ledger-13b'] / 2);
  });

  test('lists the benchmarks with their votes', async () => {
    const q = valueVotesSql(['dataset']);
    expect(Object.fromEntries((await db.query(q.sql)).map((r) => [r.value, r.votes]))).toEqual(planted.per_dataset);
  });

  test('pages through items with question, both answers and the reference, filtered by benchmark and turn', async () => {
    const q = verdictItemsSql('raw', undefined, { source: 'bffbench', turn: 2 }, { limit: 10, offset: 0 }, COLUMNS);
    const items = await db.query(q.sql, q.params);
    expect(items).toHaveLength(10);
    expect(items[0].total).toBe(planted.per_dataset_turn.bffbench['2']);
    for (const item of items) {
      expect(item.source).toBe('bffbench');
      expect(item.turn).toBe(2);
      for (const k of ['question', 'answer_a', 'answer_b', 'reference']) expect(typeof item[k], k).toBe('string');
    }
    const [first] = await db.query('SELECT question, model_a_response FROM raw WHERE rowid = $1', [items[0].row_id]);
    expect([items[0].question, items[0].answer_a]).toEqual([first.question, first.model_a_response]);
  });

  test('counts only items with a reference answer when asked', async () => {
    const q = verdictItemsSql(
      'raw',
      { sql: '"dataset" = $1', params: ['mtbmr'] },
      { withReference: true },
      { limit: 5, offset: 0 },
      COLUMNS,
    );
    const items = await db.query(q.sql, q.params);
    expect(items[0].total).toBe(planted.with_ref_answer.mtbmr);
    expect(q.params).toEqual(['mtbmr']);
  });
});
