import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRONG_VERDICT } from '../../src/core/sql/battles.ts';
import type { SqlCondition } from '../../src/core/sql/statement.ts';
import { modelsSql } from '../../src/core/sql/pair-counts.ts';
import {
  guessFamily,
  hasStrongVerdicts,
  itemColumns,
  judgeBoardJson,
  judgeBoardRows,
  raterColumn,
  ratedVotesSql,
  ratersSql,
  readRatedVotes,
  readVerdictCells,
  verdictCellsSql,
} from '../../src/core/lenses/judge-board.ts';
import { computeJudgeBoard } from '../../src/core/stats/judge-board.ts';
import { BASELINE, judgmentCsv, judgmentRows, type JudgmentRow } from '../fixtures/judge-board.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
const rows = judgmentRows();
const all: SqlCondition = { sql: '', params: [] };
const run = async (q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);
let models: string[];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'judge-board-'));
  const path = join(dir, 'judgments.csv');
  writeFileSync(path, judgmentCsv(rows));
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_csv('${path}')`);
  await buildFromRaw(db, 'raw');
  models = (await run(modelsSql())).map((r) => String(r.model));
});
afterAll(() => db.close());

/** arena-hard's label_to_score, written out from its show_result.py: the model's scores in one judgment. */
function arenaHardScores(r: JudgmentRow, model: string, weight: number): number[] {
  const label = r.winner.replace(/[[\]]/g, '');
  const forA: Record<string, number[]> = {
    'A>B': [1],
    'A>>B': Array(weight).fill(1),
    'A=B': [0.5],
    'B>A': [0],
    'B>>A': Array(weight).fill(0),
  };
  const s = forA[label];
  return r.model_a === model ? s : s.map((x) => 1 - x);
}

describe('judge board on an arena-hard-style file', () => {
  it('reads every verdict of the scale and keeps the strong ones in battles', async () => {
    const columns = await describeTable(db, 'battles');
    expect(hasStrongVerdicts(columns)).toBe(true);
    const [count] = await db.query(`SELECT count(*) AS rows, count(*) FILTER (WHERE ${STRONG_VERDICT}) AS strong FROM battles`);
    expect(Number(count.rows)).toBe(rows.length);
    expect(Number(count.strong)).toBe(rows.filter((r) => r.winner.includes('>>')).length);
    expect(Number((await db.query('SELECT count(*) AS n FROM rejected_rows'))[0].n)).toBe(0);
  });

  it("direct win rates against the baseline equal arena-hard's label_to_score means, strong counted once or three times", async () => {
    const cells = readVerdictCells(models, await run(verdictCellsSql(all, true)));
    for (const weight of [1, 3]) {
      const board = computeJudgeBoard({ cells, lengths: null, rated: null }, { baseline: BASELINE, strongWeight: weight, rounds: 100 });
      for (const row of board.baseline.rows) {
        const scores = rows
          .filter((r) => r.model_a === row.model || r.model_b === row.model)
          .flatMap((r) => arenaHardScores(r, row.model, weight));
        const mean = scores.reduce((s, x) => s + x, 0) / scores.length;
        expect(row.direct!.rate, `${row.model} ×${weight}`).toBeCloseTo(mean, 12);
        expect(row.votes).toBe(rows.filter((r) => r.model_a === row.model || r.model_b === row.model).length);
      }
    }
  });

  it('finds the rater column and item key, and the planted self-preference of the gpt judge', async () => {
    const columns = await describeTable(db, 'battles');
    const rater = raterColumn(columns)!;
    expect(rater).toBe('judge_model');
    expect(itemColumns(columns)).toEqual(['question_id']);
    const raters = await run(ratersSql(all, rater));
    expect(raters.map((r) => [r.rater, Number(r.votes)])).toEqual([
      ['claude-3-judge', rows.length / 2],
      ['gpt-4-judge', rows.length / 2],
    ]);
    expect([guessFamily('gpt-4-judge'), guessFamily('gpt4_pair'), guessFamily('claude-3-opus'), guessFamily('llama')]).toEqual([
      'gpt-4',
      'gpt4',
      'claude-3',
      'llama',
    ]);
    const votes = readRatedVotes(models, await run(ratedVotesSql(all, rater, itemColumns(columns))));
    // One item per question and answer pair, judged by both judges.
    expect(new Set(votes.item).size).toBe(rows.length / 2);
    const cells = readVerdictCells(models, await run(verdictCellsSql(all, true)));
    const board = computeJudgeBoard(
      { cells, lengths: null, rated: { votes, judge: 'gpt-4-judge', family: 'gpt-4' } },
      { baseline: BASELINE, strongWeight: 1, rounds: 300 },
    );
    const s = board.selfPreference!;
    expect(s.others).toEqual(['claude-3-judge']);
    expect(s.familyModels).toEqual(['gpt-4-0613']);
    // Independent count: gpt-4-0613's score against the baseline under each judge.
    const rate = (judge: string) => {
      const mine = rows.filter((r) => r.judge_model === judge && (r.model_a === 'gpt-4-0613' || r.model_b === 'gpt-4-0613'));
      return mine.flatMap((r) => arenaHardScores(r, 'gpt-4-0613', 1)).reduce((x, y) => x + y, 0) / mine.length;
    };
    expect(s.judgeRate).toBeCloseTo(rate('gpt-4-judge'), 12);
    expect(s.otherRate).toBeCloseTo(rate('claude-3-judge'), 12);
    expect(s.lower!).toBeGreaterThan(0);
    const json = JSON.parse(judgeBoardJson(board, { source_file: 'judgments.csv' }));
    expect(json.format).toBe('arena-lens-judge-board/1');
    expect(json.models).toEqual(judgeBoardRows(board));
  });
});
