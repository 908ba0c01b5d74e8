/**
 * The profile's record against each opponent, on the real Chatbot Arena counts: the counts come
 * from the parquet file by a separate SQL query, the predictions from the reference ratings of an
 * independent maximum-likelihood fit (test/fixtures), not from the code under test.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { computeLeaderboard, type Leaderboard } from '../../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { opponentRecords, pointRank, recordTotals, surprise } from '../../../src/core/stats/model-profile.ts';
import { opponentsCsv } from '../../../src/core/export/profile-export.ts';
import { ARENA_COUNTS, readArenaExpected } from '../../fixtures/paths.ts';
import { countsOf, loadArenaCounts } from './fixtures.ts';

const MODEL = 'chatgpt-4o-latest';

/** Votes, wins, losses and ties of MODEL against each opponent, straight from the file. */
async function sqlRecord(): Promise<Map<string, { votes: number; wins: number; losses: number; ties: number }>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `select case when model_a = '${MODEL}' then model_b else model_a end as opponent,
            sum("count") as votes,
            sum(case when (model_a = '${MODEL}' and winner = 'model_a') or (model_b = '${MODEL}' and winner = 'model_b') then "count" else 0 end) as wins,
            sum(case when (model_a = '${MODEL}' and winner = 'model_b') or (model_b = '${MODEL}' and winner = 'model_a') then "count" else 0 end) as losses,
            sum(case when winner like 'tie%' then "count" else 0 end) as ties
     from read_parquet('${ARENA_COUNTS}')
     where (model_a = '${MODEL}' or model_b = '${MODEL}') and model_a <> model_b
     group by 1`,
  );
  const rows = reader.getRowObjects() as Record<string, unknown>[];
  connection.closeSync();
  return new Map(
    rows.map((r) => [String(r.opponent), { votes: Number(r.votes), wins: Number(r.wins), losses: Number(r.losses), ties: Number(r.ties) }]),
  );
}

describe('a model profile on the real Chatbot Arena counts', () => {
  let counts: PairCounts;
  let board: Leaderboard;
  let expected: Awaited<ReturnType<typeof sqlRecord>>;
  beforeAll(async () => {
    counts = await loadArenaCounts();
    board = computeLeaderboard(counts, { bootstrapRounds: 0 });
    expected = await sqlRecord();
  }, 120_000);

  test('lists every opponent once, with the counts the file holds', () => {
    const records = opponentRecords(counts, board, MODEL);
    expect(records.length).toBe(expected.size);
    expect(records.length).toBeGreaterThan(20);
    for (const r of records) {
      const e = expected.get(r.opponent)!;
      expect(e, r.opponent).toBeDefined();
      expect({ votes: r.votes, wins: r.wins, losses: r.losses, ties: r.ties }).toEqual(e);
      expect(r.observed).toBeCloseTo((e.wins + e.ties / 2) / e.votes, 12);
    }
  });

  test('predicted shares equal the logistic of the reference rating differences', () => {
    const reference = readArenaExpected().mean_1000;
    const records = opponentRecords(counts, board, MODEL);
    for (const r of records) {
      const p = 1 / (1 + 10 ** ((reference[r.opponent] - reference[MODEL]) / 400));
      expect(r.predicted!, r.opponent).toBeCloseTo(p, 3);
    }
  });

  test('is sorted by the size of the standardised residual, which is computed as stated', () => {
    const records = opponentRecords(counts, board, MODEL);
    const sizes = records.map((r) => Math.abs(r.z!));
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    for (const r of records)
      expect(r.z).toBeCloseTo((r.observed - r.predicted!) / Math.sqrt((r.predicted! * (1 - r.predicted!)) / r.votes), 9);
  });

  test('at the maximum-likelihood fit the expected and observed wins of a model balance', () => {
    // The Bradley-Terry score equation: sum over opponents of votes·(observed − predicted) = 0.
    const t = recordTotals(opponentRecords(counts, board, MODEL));
    expect(Math.abs(t.observed - t.predicted) / t.votes).toBeLessThan(1e-5);
  });

  test('the CSV has one row per opponent with the shares rounded to five decimals', () => {
    const records = opponentRecords(counts, board, MODEL);
    const lines = opponentsCsv(MODEL, records).trim().split(/\r?\n/);
    expect(lines[0]).toBe('model,opponent,votes,wins,losses,ties,observed_share,predicted_share,surprise_z');
    expect(lines.length).toBe(records.length + 1);
    const first = lines[1].split(',');
    expect(first[1]).toBe(records[0].opponent);
    expect(Number(first[6])).toBeCloseTo(records[0].observed, 5);
  });
});

describe('opponent records on small counts', () => {
  test('pools both seats, counts both_bad as a tie, and leaves other groups unpredicted', () => {
    // m0 beats m1 3 times (seat a) and loses once (seat b); one tie, one both_bad; m2 plays only m3.
    const counts = countsOf(
      ['m0', 'm1', 'm2', 'm3'],
      [
        [0, 1, 0, 3],
        [0, 1, 1, 1],
        [1, 0, 2, 1],
        [1, 0, 3, 1],
        [2, 3, 0, 2],
        [3, 2, 0, 1],
      ],
    );
    const board = computeLeaderboard(counts, { bootstrapRounds: 0 });
    const [r] = opponentRecords(counts, board, 'm0');
    expect(r).toMatchObject({ opponent: 'm1', votes: 6, wins: 3, losses: 1, ties: 2 });
    expect(r.observed).toBeCloseTo(4 / 6, 12);
    // A two-model group's fit reproduces its observed share exactly.
    expect(r.predicted).toBeCloseTo(4 / 6, 5);
    expect(opponentRecords(counts, board, 'nobody')).toEqual([]);
  });

  test('surprise is zero when observed equals predicted and signed by the direction', () => {
    expect(surprise(0.5, 0.5, 100)).toBe(0);
    expect(surprise(0.6, 0.5, 100)).toBeCloseTo(2, 12);
    expect(surprise(0.4, 0.5, 100)).toBeCloseTo(-2, 12);
  });
});

describe('point rank', () => {
  test('is one plus the models rated above, matching the order of the reference ratings', async () => {
    const counts = await loadArenaCounts();
    const board = computeLeaderboard(counts, { bootstrapRounds: 0 });
    const reference = readArenaExpected().mean_1000;
    const order = Object.keys(reference).sort((x, y) => reference[y] - reference[x]);
    for (const m of [order[0], order[5], order[40]]) {
      const r = pointRank(board, m)!;
      expect(r.rank, m).toBe(order.indexOf(m) + 1);
      expect(r.of).toBe(order.length);
    }
    expect(pointRank(board, 'nobody')).toBeNull();
  }, 120_000);
});
