import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise } from '../../../src/cli/lib/open-file.ts';
import type { Connector } from '../../../src/core/sql/connector.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { pairCountsSql, readPairCounts, modelsSql } from '../../../src/core/sql/pair-counts.ts';
import { cappedPairCountsSql, readVoterInput, voterColumn, votesPerVoterSql } from '../../../src/core/sql/voter-votes.ts';
import type { SqlQuery } from '../../../src/core/sql/statement.ts';

const STATIC = join(import.meta.dirname, '../../../static-data');
let db: Connector & { close(): void };
let voter: string;
/** Each voter's votes, counted here from the raw rows (not by the SQL under test). */
const perVoter = new Map<string, number>();
let noVoter = 0;

beforeAll(async () => {
  db = await createNodeConnector();
  const opened = await loadAndRecognise(db, join(STATIC, 'arena-conversations.parquet'));
  await buildBattles(db, opened);
  const columns = (await db.query(`DESCRIBE ${BATTLES_TABLE}`)).map((r) => String(r.column_name));
  voter = voterColumn(columns)!;
  for (const r of await db.query(`SELECT CAST("${voter}" AS VARCHAR) AS v FROM ${BATTLES_TABLE}`)) {
    if (r.v === null) noVoter++;
    else perVoter.set(String(r.v), (perVoter.get(String(r.v)) ?? 0) + 1);
  }
}, 120_000);
afterAll(() => db?.close());

const total = async (q: SqlQuery) => (await db.query(q.sql, q.params)).reduce((s, r) => s + Number(r.n), 0);

describe('voter checks on Chatbot Arena conversations (judge column)', () => {
  it('finds the voter column and counts votes per voter, most first', async () => {
    expect(voter).toBe('judge');
    const q = votesPerVoterSql(voter);
    const rows = await db.query(q.sql, q.params);
    expect(rows.length).toBe(perVoter.size);
    for (const r of rows.slice(0, 20)) expect(Number(r.votes)).toBe(perVoter.get(String(r.voter)));
    const counts = rows.map((r) => Number(r.votes));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    console.log(`voters: ${perVoter.size}, top voter ${rows[0].voter} with ${rows[0].votes} votes, no voter: ${noVoter}`);
  });

  it('keeps at most N votes per voter: Σ min(n_v, N) votes (plus those without a voter), a seeded sample', async () => {
    for (const cap of [1, 5, 50]) {
      let expected = noVoter;
      for (const n of perVoter.values()) expected += Math.min(n, cap);
      expect(await total(cappedPairCountsSql(voter, cap, 0))).toBe(expected);
    }
    const cells = async (seed: number) => {
      const q = cappedPairCountsSql(voter, 3, seed);
      return JSON.stringify(await db.query(q.sql, q.params));
    };
    expect(await cells(7)).toBe(await cells(7));
    expect(await cells(7)).not.toBe(await cells(8));
  });

  it('is the whole board when the cap is at least the most votes of any voter', async () => {
    const max = Math.max(...perVoter.values());
    const models = await db.query(modelsSql().sql);
    const capped = cappedPairCountsSql(voter, max, 3),
      all = pairCountsSql();
    expect(readPairCounts(models, await db.query(capped.sql, capped.params))).toEqual(readPairCounts(models, await db.query(all.sql)));
  });

  it("reads each voter's cells: per voter they sum to the voter's votes, and dropped models' votes are left out", async () => {
    const models = (await db.query(modelsSql().sql)).map((r) => String(r.model));
    const input = (await readVoterInput((q) => db.query(q.sql, [...q.params]), [voter], undefined, models, 10, 1, false))!;
    expect(input.voters.length).toBe(perVoter.size);
    const sums = new Map<string, number>();
    input.cells.n.forEach((n, c) => sums.set(input.voters[input.cells.voter[c]], (sums.get(input.voters[input.cells.voter[c]]) ?? 0) + n));
    for (const [v, n] of perVoter) expect(sums.get(v), v).toBe(n);
    // A slice's counts without one model: its votes leave the cells and the capped counts, the rest keep their names.
    const kept = models.slice(1);
    const cut = (await readVoterInput((q) => db.query(q.sql, [...q.params]), [voter], undefined, kept, 10, 1, false))!;
    const seen = new Set<string>();
    cut.cells.a.forEach((a, c) => seen.add(kept[a]).add(kept[cut.cells.b[c]]));
    expect(seen.has(models[0])).toBe(false);
    expect(cut.capped.models).toEqual(kept);
    const withModel = input.cells.n.reduce((s, n, c) => s + (input.cells.a[c] === 0 || input.cells.b[c] === 0 ? n : 0), 0);
    expect(cut.cells.n.reduce((s, n) => s + n, 0)).toBe(30_000 - noVoter - withModel);
  });
});
