import { afterAll, describe, expect, it } from 'vitest';
import { judgeSpec, verdictSql } from '../../src/core/lenses/judges.ts';
import { judgeStrongSql, readJudgeStrong } from '../../src/core/lenses/judge-strength.ts';
import { describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe("arena-hard's verdict scale in judge columns", () => {
  it('reads each verdict as A, B or tie and counts the strong ones per judge, in the slice', async () => {
    await db.exec(`CREATE TABLE battles AS SELECT * FROM (VALUES
      (0, '[[A>>B]]', 'A>B', 'x'),
      (1, '[[B>A]]', '**B>>A**', 'x'),
      (2, 'A=B', ' [[a<<b]] ', 'y'),
      (3, 'A', '[[B<<A]]', 'y'),
      (4, 'unsure', NULL, 'y')
    ) AS t(row_id, judge_1_response, judge_2_response, part)`);
    const verdicts = await db.query(
      `SELECT ${verdictSql('judge_1_response')} AS v1, ${verdictSql('judge_2_response')} AS v2 FROM battles ORDER BY row_id`,
    );
    expect(verdicts.map((r) => [r.v1, r.v2])).toEqual([
      ['A', 'A'],
      ['B', 'B'],
      ['tie', 'B'],
      ['A', 'A'],
      ['invalid', 'invalid'],
    ]);
    const spec = judgeSpec(await describeTable(db, 'battles'));
    const count = async (sql: string, params: string[]) => {
      const q = judgeStrongSql(spec, { sql, params });
      return readJudgeStrong(spec, (await db.query(q.sql, q.params))[0]);
    };
    expect(await count('', [])).toEqual([1, 3]);
    expect(await count('part = $1', ['y'])).toEqual([0, 2]);
  });
});
