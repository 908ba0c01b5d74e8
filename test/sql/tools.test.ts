import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { andEquals, taskVotesSql, tasksSql, valueVotesSql } from '../../src/core/lenses/tools.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import { computeLeaderboard } from '../../src/core/stats/leaderboard.ts';
import { buildFromRaw, openDb } from './helpers.ts';

const planted = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['comparag-votes.parquet'].planted;

describe('the Tools lens on the CompaRAG sample', () => {
  let db: NodeConnector;
  beforeAll(async () => {
    db = await openDb();
    await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/comparag-votes.parquet')}')`);
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  async function leaderboardFor(llm: string) {
    const where = andEquals({ sql: '', params: [] }, ['llm_id'], llm);
    const models = modelsSql();
    const cells = pairCountsSql(where);
    const counts = readPairCounts(await db.query(models.sql, models.params), await db.query(cells.sql, cells.params));
    return computeLeaderboard(counts, { bootstrapRounds: 0 });
  }

  test('counts the votes of each mediating LLM as planted', async () => {
    const q = valueVotesSql(['llm_id']);
    const rows = await db.query(q.sql, q.params);
    expect(Object.fromEntries(rows.map((r) => [r.value, r.votes]))).toEqual(planted.votes_per_llm);
  });

  test('gives each LLM a leaderboard whose vote counts and outcomes match the planted ones', async () => {
    for (const [llm, tools] of Object.entries(planted.tool_counts_per_llm as Record<string, Record<string, number>>)) {
      const board = await leaderboardFor(llm);
      expect(Object.fromEntries(board.rows.map((r) => [r.model, r.votes])), llm).toEqual(tools);
      const outcomes = planted.outcomes_per_llm[llm];
      const decisive = board.rows.reduce((s, r) => s + r.wins, 0);
      expect(decisive, llm).toBe(outcomes.a + outcomes.b);
    }
  });

  test('finds the planted per-LLM effects: each boosted tool rates higher under its LLM than under the neutral one', async () => {
    const neutral = await leaderboardFor('lumen-3-70b');
    const rating = (board: Awaited<ReturnType<typeof leaderboardFor>>, model: string) => board.rows.find((r) => r.model === model)!.rating!;
    for (const [llm, effects] of Object.entries(planted.llm_effects as Record<string, Record<string, number>>)) {
      const board = await leaderboardFor(llm);
      for (const [tool, effect] of Object.entries(effects)) {
        if (Math.abs(effect) < 100) continue;
        const shift = rating(board, tool) - rating(neutral, tool);
        expect(Math.sign(shift), `${tool} under ${llm}`).toBe(Math.sign(effect));
      }
    }
    expect((await leaderboardFor('gallia-24b')).rows[0].model).toBe('helix-docs');
  });

  test('narrows an existing slice without renumbering its parameters', () => {
    const where = andEquals({ sql: '"competitor_type" = $1', params: ['rag'] }, ['llm_id'], 'corvid-32b');
    expect(where).toEqual({ sql: '("competitor_type" = $1) AND "llm_id" = $2', params: ['rag', 'corvid-32b'] });
  });

  test('lists the planted tasks and goals with their votes', async () => {
    const q = tasksSql('raw');
    const rows = await db.query(q.sql, q.params);
    expect(new Set(rows.map((r) => r.task)).size).toBe(planted.tasks);
    const goals: Record<string, number> = {};
    for (const r of rows) goals[String(r.goal)] = (goals[String(r.goal)] ?? 0) + Number(r.votes);
    expect(goals).toEqual(planted.goals);
    expect(rows.every((r) => typeof r.top_tool === 'string' && Number(r.top_wins) > 0)).toBe(true);
  });

  test('lists the votes behind one task, in the slice', async () => {
    const [first] = await db.query(tasksSql('raw').sql);
    const where = andEquals(undefined, ['llm_id'], 'corvid-32b');
    const q = taskVotesSql('raw', String(first.task), where, 1000);
    const votes = await db.query(q.sql, q.params);
    expect(votes.length).toBeGreaterThan(0);
    expect(votes.every((v) => v.llm === 'corvid-32b')).toBe(true);
    const [{ n }] = await db.query('SELECT count(*) AS n FROM raw WHERE task = $1 AND llm_id = $2', [first.task, 'corvid-32b']);
    expect(votes.length).toBe(n);
  });
});
