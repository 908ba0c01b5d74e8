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
import { mixCounts } from '../../src/core/topics/topic-mix.ts';
import { nearestBattles, type PromptIndex } from '../../src/core/topics/nearest.ts';
import { inRowIds, sliceRowIdsSql } from '../../src/core/topics/near-sql.ts';
import { promptVectors } from '../../src/core/topics/vectors.ts';
import type { PairCounts } from '../../src/core/stats/pair-counts.ts';
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

async function countsOf(db: NodeConnector, where: SqlCondition): Promise<PairCounts> {
  const models = modelsSql();
  const cells = pairCountsSql(where);
  return readPairCounts(await db.query(models.sql, models.params), await db.query(cells.sql, cells.params));
}

async function boardOf(db: NodeConnector, where: SqlCondition): Promise<Leaderboard> {
  return computeLeaderboard(await countsOf(db, where), { bootstrapRounds: 0 });
}

/**
 * Weighted Bradley-Terry by Hunter's (2004) MM iteration, vote by vote: p_i ← W_i / Σ_j n_ij / (p_i + p_j),
 * W_i the weighted wins of i, n_ij the weighted votes of the pair. Returns log-strengths.
 */
function weightedBradleyTerry(models: string[], list: { a: string; b: string; winner: string; w: number }[]): Map<string, number> {
  const idx = new Map(models.map((m, i) => [m, i]));
  const m = models.length;
  const wins = new Float64Array(m);
  const n = new Float64Array(m * m);
  for (const v of list) {
    const a = idx.get(v.a)!,
      b = idx.get(v.b)!;
    wins[v.winner === 'model_a' ? a : b] += v.w;
    n[a * m + b] += v.w;
    n[b * m + a] += v.w;
  }
  let p = new Float64Array(m).fill(1);
  for (let it = 0; it < 5000; it++) {
    const next = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let d = 0;
      for (let j = 0; j < m; j++) if (j !== i && n[i * m + j] > 0) d += n[i * m + j] / (p[i] + p[j]);
      next[i] = wins[i] / d;
    }
    const g = Math.exp(next.reduce((s, x) => s + Math.log(x), 0) / m);
    p = next.map((x) => x / g);
  }
  return new Map(models.map((mm, i) => [mm, Math.log(p[i])]));
}

const ratings = (b: Leaderboard) => Object.fromEntries(b.rows.map((r) => [r.model, r.rating]));

describe('topics as slices of battles', () => {
  let db: NodeConnector;
  let top: Int32Array;
  let k: number;
  let index: PromptIndex;
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
    index = {
      vectors: promptVectors(
        rows.map((r) => String(r.prompt)),
        128,
      ),
      rowIds: Int32Array.from(rows, (r) => Number(r.row_id)),
    };
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

  test('the mix board equals a weighted Bradley-Terry fit computed vote by vote', async () => {
    const weights = [3, 1, 0, 2];
    const parts = [];
    for (let t = 0; t < k; t++) parts.push(await countsOf(db, inTopic({ sql: '', params: [] }, 1, t)));
    const board = computeLeaderboard(mixCounts(parts, weights), { bootstrapRounds: 0 });
    // Independently: each vote weighted by its topic's target share over its share of the file.
    const sizes = Array.from({ length: k }, (_, t) => votes.filter((_, i) => top[i] === t).length);
    const sumW = weights.reduce((s, w) => s + w, 0);
    const weighted = votes.map((v, i) => ({ ...v, w: ((weights[top[i]] / sumW) * votes.length) / sizes[top[i]] }));
    const theta = weightedBradleyTerry(
      MODELS,
      weighted.filter((v) => v.w > 0),
    );
    const scale = 400 / Math.log(10);
    const r = ratings(board);
    for (const model of MODELS) expect(r[model]! - r[MODELS[0]]!).toBeCloseTo(scale * (theta.get(model)! - theta.get(MODELS[0])!), 3);
    // The weighted votes still sum to the file's votes.
    expect(board.rows.reduce((s, x) => s + x.votes, 0) / 2).toBeCloseTo(votes.length, 6);
  });

  test("a prompt's board equals the board of a separate file of only its nearest battles", async () => {
    const prompt = 'knead the dough with flour, yeast and butter, then bake it in the oven';
    const near = nearestBattles(index, prompt, { k: 120 });
    expect(near.rowIds.length).toBe(120);
    const position = new Map(Array.from(index.rowIds, (id, i) => [id, i]));
    const chosen = new Set(Array.from(near.rowIds, (id) => position.get(id)!));
    const board = await boardOf(db, inRowIds({ sql: '', params: [] }, near.rowIds));
    const alone = await openDb();
    try {
      await fileOf(
        alone,
        votes.filter((_, i) => chosen.has(i)),
      );
      const separate = await boardOf(alone, { sql: '', params: [] });
      expect(board.rows.map((r) => [r.model, r.votes])).toEqual(separate.rows.map((r) => [r.model, r.votes]));
      for (const [model, rating] of Object.entries(ratings(separate))) expect(ratings(board)[model]).toBeCloseTo(rating!, 6);
    } finally {
      alone.close();
    }
    // A cooking prompt's battles are cooking battles, whose planted best model leads.
    const cooking = vocabularies.indexOf(REAL_VOCABULARIES.cooking);
    expect([...chosen].filter((i) => planted.truth[i] === cooking).length).toBeGreaterThan(90);
    expect(board.rows[0].model).toBe(MODELS[cooking]);
  });

  test("a prompt's nearest battles are taken within the slice, and none is a condition no battle meets", async () => {
    const slice: SqlCondition = { sql: 'model_a <> $1', params: ['m-alpha'] };
    const inSlice = (await db.query(sliceRowIdsSql(slice).sql, sliceRowIdsSql(slice).params)).map((r) => Number(r.row_id));
    const near = nearestBattles(index, 'planète et comète dans la galaxie', { k: 80 }, inSlice);
    expect(near.candidates).toBe(inSlice.length);
    const where = inRowIds(slice, near.rowIds);
    expect(where.params[0]).toBe('m-alpha');
    const rows = await db.query(`SELECT count(*) AS n FROM battles WHERE ${where.sql}`, where.params);
    expect(Number(rows[0].n)).toBe(80);
    const none = await db.query(`SELECT count(*) AS n FROM battles WHERE ${inRowIds(slice, []).sql}`, ['m-alpha']);
    expect(Number(none[0].n)).toBe(0);
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
