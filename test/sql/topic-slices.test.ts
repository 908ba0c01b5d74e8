/**
 * A broad topic as a slice dimension (Compare's pickers, the model profile) on native DuckDB: the
 * prompts of a file with planted topics clustered and written as `topic_of`, then the topic's
 * values, "topic = X", "everything else" and a topic against a column's value, each ANDed with a
 * base slice, counted against the same conditions applied to the rows here in plain code.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { pickLabel, sliceConditions, sliceValuesSql, type SliceDimension, type SlicePick } from '../../src/core/sql/slices.ts';
import { readCounts } from '../../src/core/sql/pair-counts.ts';
import type { SqlCondition } from '../../src/core/sql/statement.ts';
import { seededRandom } from '../../src/core/stats/random.ts';
import { clusterTopics, type TopicModel } from '../../src/core/topics/cluster.ts';
import { promptRowsSql, topicTableSql } from '../../src/core/topics/topic-sql.ts';
import { TOPIC_PATH, topicValueNames } from '../../src/core/topics/topic-slice.ts';
import { promptSource } from '../../src/core/schema/derived.ts';
import type { ColumnInfo } from '../../src/core/schema/column.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from '../unit/topics/planted.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const MODELS = ['m-one', 'm-two', 'm-three'];
const planted = plantedPrompts(Object.values(REAL_VOCABULARIES).slice(2, 5), FILLER, 120, 17);
const random = seededRandom(3);
const rows = planted.texts.map((text) => {
  const a = Math.floor(random.next() * 3);
  const b = (a + 1 + Math.floor(random.next() * 2)) % 3;
  return { a: MODELS[a], b: MODELS[b], winner: random.next() < 0.5 ? 'model_a' : 'model_b', lang: random.next() < 0.6 ? 'fr' : 'en', text };
});
// The base slice every side is taken within: language = fr.
const BASE: SqlCondition = { sql: 'lang = $1', params: ['fr'] };

describe('a topic as a slice dimension', () => {
  let db: NodeConnector;
  let model: TopicModel;
  let schema: ColumnInfo[];
  let dim: SliceDimension;
  beforeAll(async () => {
    db = await openDb();
    await db.exec('CREATE TABLE raw (model_a VARCHAR, model_b VARCHAR, winner VARCHAR, lang VARCHAR, prompt VARCHAR)');
    // Fixed test words without quotes: plain literals.
    await db.exec(`INSERT INTO raw VALUES ${rows.map((v) => `('${v.a}', '${v.b}', '${v.winner}', '${v.lang}', '${v.text}')`).join(', ')}`);
    await buildFromRaw(db, 'raw');
    const read = await db.query(promptRowsSql('raw', promptSource(await describeTable(db, 'raw'))!).sql, []);
    model = clusterTopics(
      read.map((r) => String(r.prompt)),
      { seed: 2 },
    );
    const q = topicTableSql(
      read.map((r) => Number(r.row_id)),
      model.top,
      model.leaf,
    );
    await db.query(q.sql, q.params);
    schema = await describeTable(db, 'battles');
    dim = { path: [...TOPIC_PATH], label: 'topic', names: topicValueNames(model.nodes) };
  });
  afterAll(() => db.close());

  const count = async (where: SqlCondition) =>
    Number((await db.query(`SELECT count(*) AS n FROM battles WHERE ${where.sql}`, where.params))[0].n);

  test('its values are the broad topics with their votes in the slice', async () => {
    const k = model.nodes.filter((n) => n.level === 1).length;
    expect(k).toBeGreaterThanOrEqual(2);
    const q = sliceValuesSql(TOPIC_PATH, BASE);
    const got = (await db.query(q.sql, q.params)).map((r) => [Number(r.value), Number(r.votes)]);
    const expected = Array.from({ length: k }, (_, t) => t)
      .map((t) => [t, rows.filter((v, i) => v.lang === 'fr' && model.top[i] === t).length])
      .sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    expect(got).toEqual(expected);
  });

  test('"topic = X" and "everything else" split the base slice; a topic against a column value ANDs both', async () => {
    for (const t of [0, 1]) {
      const pick: SlicePick = { kind: 'value', path: [...TOPIC_PATH], value: t };
      const [left, right] = sliceConditions(BASE, pick, { kind: 'rest' }, schema);
      expect(await count(left)).toBe(rows.filter((v, i) => v.lang === 'fr' && model.top[i] === t).length);
      expect(await count(right)).toBe(rows.filter((v, i) => v.lang === 'fr' && model.top[i] !== t).length);
      // The topic's pair counts in the slice: each model's votes as tallied here.
      const counts = await readCounts(db, left);
      for (const [m, name] of counts.models.entries()) {
        let votes = 0;
        counts.a.forEach((a, c) => (votes += a === m || counts.b[c] === m ? counts.n[c] : 0));
        expect(votes).toBe(rows.filter((v, i) => v.lang === 'fr' && model.top[i] === t && (v.a === name || v.b === name)).length);
      }
    }
    const [topic, winnerA] = sliceConditions(
      BASE,
      { kind: 'value', path: [...TOPIC_PATH], value: 1 },
      { kind: 'value', path: ['model_a'], value: 'm-two' },
      schema,
    );
    expect(topic.params).toEqual(['fr', 1]);
    expect(await count(winnerA)).toBe(rows.filter((v) => v.lang === 'fr' && v.a === 'm-two').length);
  });

  test('labels name the topic by its terms', () => {
    const pick: SlicePick = { kind: 'value', path: [...TOPIC_PATH], value: 0 };
    const terms = model.nodes[0].terms.slice(0, 3).join(' · ');
    expect(pickLabel(pick, { kind: 'rest' }, [dim])).toBe(`topic = #0 ${terms}`);
    expect(pickLabel({ kind: 'rest' }, pick, [dim])).toBe(`topic ≠ #0 ${terms}`);
  });
});
