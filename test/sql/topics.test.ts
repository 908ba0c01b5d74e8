/**
 * The Topics lens's SQL on native DuckDB: prompts with planted topics are read from a file as the
 * page reads them, clustered, written back as `topic_of`, and each topic's board (the slice AND
 * the topic) equals the board of a separate file holding only that topic's votes. Each planted
 * topic has its own best model, which its board puts first.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { promptSource } from '../../src/core/schema/derived.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import type { SqlCondition } from '../../src/core/sql/statement.ts';
import { computeLeaderboard, type Leaderboard } from '../../src/core/stats/leaderboard.ts';
import { seededRandom } from '../../src/core/stats/random.ts';
import { adjustedRand } from '../../src/core/stats/adjusted-rand.ts';
import { clusterTopics } from '../../src/core/topics/cluster.ts';
import { inTopic, promptRowsSql, topicTableSql } from '../../src/core/topics/topic-sql.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from '../unit/topics/planted.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const MODELS = ['m-alpha', 'm-beta', 'm-gamma', 'm-delta'];
const vocabularies = Object.values(REAL_VOCABULARIES).slice(0, 4);
const planted = plantedPrompts(vocabularies, FILLER, 150, 12);
// Topic t's best model is MODELS[t]: it wins 85% of its votes there, the others are even.
const random = seededRandom(5);
const votes = planted.texts.map((text, i) => {
  const a = Math.floor(random.next() * 4);
  let b = Math.floor(random.next() * 3);
  if (b >= a) b++;
  const best = planted.truth[i];
  const pA = a === best ? 0.85 : b === best ? 0.15 : 0.5;
  return { a: MODELS[a], b: MODELS[b], winner: random.next() < pA ? 'model_a' : 'model_b', text, topic: planted.truth[i] };
});

async function fileOf(db: NodeConnector, rows: typeof votes): Promise<void> {
  await db.exec('DROP TABLE IF EXISTS raw');
  await db.exec('CREATE TABLE raw (model_a VARCHAR, model_b VARCHAR, winner VARCHAR, prompt VARCHAR)');
  // Test data: fixed words without quotes, so the tuples are plain literals.
  await db.exec(`INSERT INTO raw VALUES ${rows.map((v) => `('${v.a}', '${v.b}', '${v.winner}', '${v.text}')`).join(', ')}`);
  await buildFromRaw(db, 'raw');
}

async function boardOf(db: NodeConnector, where: SqlCondition): Promise<Leaderboard> {
  const models = modelsSql();
  const cells = pairCountsSql(where);
  return computeLeaderboard(readPairCounts(await db.query(models.sql, models.params), await db.query(cells.sql, cells.params)), {
    bootstrapRounds: 0,
  });
}

const ratings = (b: Leaderboard) => Object.fromEntries(b.rows.map((r) => [r.model, r.rating]));

describe('topics as slices of battles', () => {
  let db: NodeConnector;
  let top: Int32Array;
  let k: number;
  beforeAll(async () => {
    db = await openDb();
    await fileOf(db, votes);
    const source = promptSource(await describeTable(db, 'raw'))!;
    expect(source).toEqual({ column: 'prompt', kind: 'text' });
    const rows = await db.query(promptRowsSql('raw', source).sql, []);
    const model = clusterTopics(
      rows.map((r) => String(r.prompt)),
      { seed: 4 },
    );
    top = model.top;
    k = model.nodes.filter((n) => n.level === 1).length;
    const q = topicTableSql(
      rows.map((r) => Number(r.row_id)),
      model.top,
      model.leaf,
    );
    await db.query(q.sql, q.params);
  });
  afterAll(() => db.close());

  test('the clusters are the planted topics', () => {
    expect(k).toBe(4);
    expect(adjustedRand(top, planted.truth)).toBeGreaterThan(0.9);
  });

  test("each topic's board equals the board of a file of only its votes, and puts its planted best model first", async () => {
    for (let t = 0; t < k; t++) {
      const board = await boardOf(db, inTopic({ sql: '', params: [] }, 1, t));
      const alone = await openDb();
      try {
        await fileOf(
          alone,
          votes.filter((_, i) => top[i] === t),
        );
        const separate = await boardOf(alone, { sql: '', params: [] });
        expect(board.rows.map((r) => r.votes)).toEqual(separate.rows.map((r) => r.votes));
        for (const [model, rating] of Object.entries(ratings(separate))) expect(ratings(board)[model]).toBeCloseTo(rating!, 6);
      } finally {
        alone.close();
      }
      const plantedTopic = planted.truth[top.indexOf(t)];
      expect(board.rows[0].model).toBe(MODELS[plantedTopic]);
    }
  });

  test('a topic narrows a slice without renumbering its parameters', async () => {
    const slice: SqlCondition = { sql: 'model_a <> $1', params: ['m-alpha'] };
    const where = inTopic(slice, 1, 0);
    expect(where.params).toEqual(['m-alpha', 0]);
    const rows = await db.query(`SELECT count(*) AS n FROM battles WHERE ${where.sql}`, where.params);
    const expected = votes.filter((v, i) => v.a !== 'm-alpha' && top[i] === 0).length;
    expect(Number(rows[0].n)).toBe(expected);
  });
});
