/** GenRM multi-judge verdicts: 10 generators, 5 judges with planted accuracies and a position bias toward A. */
import type { Db, Row } from './db.ts';
import { centre, pWin, round4 } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, parquet, summarise, type SampleEntry } from './summary.ts';
import { answer, prompt } from './text.ts';

export const FILE = 'genrm-judges.parquet';
const PAIRS = 2000; // two rows each: original and swapped order

const GENERATORS: ReadonlyArray<readonly [string, number]> = [
  ['tessera-4o', 1150], ['aria-3-sonnet', 1110], ['lumen-3-70b', 1080], ['gallia-24b', 1040], ['corvid-32b', 1010],
  ['marin-12b', 980], ['lumen-3-8b', 950], ['alpine-9b', 920], ['corvid-7b', 900], ['quokka-2-7b', 860],
];
export const TRUE_RATINGS = centre(Object.fromEntries(GENERATORS));

/** Per judge: accuracy when it decides on content, P(answer 'A' regardless), P(tie), P(invalid). */
export const JUDGES = [
  { accuracy: 0.9, bias_a: 0.03, tie: 0.05, invalid: 0.01 },
  { accuracy: 0.82, bias_a: 0.06, tie: 0.06, invalid: 0.02 },
  { accuracy: 0.75, bias_a: 0.1, tie: 0.08, invalid: 0.03 },
  { accuracy: 0.68, bias_a: 0.15, tie: 0.1, invalid: 0.05 },
  { accuracy: 0.6, bias_a: 0.3, tie: 0.04, invalid: 0.08 },
];

export const COLUMNS = [
  ['id', 'VARCHAR'], ['prompt', 'VARCHAR'], ['response_1', 'VARCHAR'], ['response_2', 'VARCHAR'],
  ['model_1', 'VARCHAR'], ['model_2', 'VARCHAR'],
  ...JUDGES.map((_, k) => [`judge_${k + 1}_response`, 'VARCHAR'] as const),
  ['majority_vote', 'VARCHAR'], ['agreement_score', 'DOUBLE'], ['a_votes', 'BIGINT'], ['b_votes', 'BIGINT'],
  ['swap_id', 'VARCHAR'], ['response_order', 'VARCHAR'],
] as const;

/** Majority among valid votes: A or B when it has most votes and at least as many as tie, else tie. */
export function majority(votes: readonly string[]): { vote: string; agreement: number; a: number; b: number } {
  const a = votes.filter((v) => v === 'A').length;
  const b = votes.filter((v) => v === 'B').length;
  const t = votes.filter((v) => v === 'tie').length;
  const valid = a + b + t;
  const vote = a > b && a >= t ? 'A' : b > a && b >= t ? 'B' : 'tie';
  const agree = vote === 'A' ? a : vote === 'B' ? b : t;
  return { vote, agreement: valid ? agree / valid : 0, a, b };
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const rows: Row[] = [];
  const correct = JUDGES.map(() => ({ right: 0, decided: 0 }));
  for (let p = 0; p < PAIRS; p++) {
    const [i, j] = rng.pair(GENERATORS.map(() => 1));
    const [m1, r1] = GENERATORS[i]!;
    const [m2, r2] = GENERATORS[j]!;
    const ex = prompt(rng, 'English');
    const resp1 = answer(rng, 'English', ex.topic, 1 + rng.int(3));
    const resp2 = answer(rng, 'English', ex.topic, 1 + rng.int(3));
    const firstBetter = rng.bool(pWin(r1, r2)); // hidden truth: is model_1's response the better one?
    const swapId = `swap-${String(p).padStart(5, '0')}`;
    for (const order of ['original', 'swapped'] as const) {
      const better = (order === 'original') === firstBetter ? 'A' : 'B';
      const votes = JUDGES.map((jd, k) => {
        const u = rng.next();
        if (u < jd.invalid) return 'invalid';
        if (u < jd.invalid + jd.tie) return 'tie';
        const v = rng.bool(jd.bias_a) ? 'A' : rng.bool(jd.accuracy) ? better : better === 'A' ? 'B' : 'A';
        correct[k]!.decided++;
        if (v === better) correct[k]!.right++;
        return v;
      });
      const m = majority(votes);
      const swapped = order === 'swapped';
      const row: Row = {
        id: `${swapId}-${swapped ? 's' : 'o'}`, prompt: ex.prompt,
        response_1: swapped ? resp2 : resp1, response_2: swapped ? resp1 : resp2,
        model_1: swapped ? m2 : m1, model_2: swapped ? m1 : m2,
        majority_vote: m.vote, agreement_score: m.agreement, a_votes: m.a, b_votes: m.b, swap_id: swapId, response_order: order,
      };
      votes.forEach((v, k) => (row[`judge_${k + 1}_response`] = v));
      rows.push(row);
    }
  }
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src, a: 'model_1', b: 'model_2',
    outcome: `CASE majority_vote WHEN 'A' THEN 'a' WHEN 'B' THEN 'b' WHEN 'tie' THEN 'tie' END`,
  });
  const judges = [];
  for (let k = 0; k < JUDGES.length; k++) {
    const col = `judge_${k + 1}_response`;
    const counts = await countBy(db, `SELECT ${col} AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`);
    const agree = await db.one(`SELECT CAST(count(*) FILTER (WHERE ${col} = majority_vote) AS DOUBLE) AS n FROM ${src}`);
    judges.push({
      column: col, planted: JUDGES[k], votes: counts, agrees_with_majority: Number(agree.n),
      accuracy_vs_truth: round4(correct[k]!.right / correct[k]!.decided),
    });
  }
  const pairs = await db.one(`SELECT CAST(count(*) AS DOUBLE) AS pairs,
      CAST(count(*) FILTER (WHERE o.majority_vote <> 'tie' AND s.majority_vote <> 'tie') AS DOUBLE) AS decisive,
      CAST(count(*) FILTER (WHERE o.majority_vote = 'A' AND s.majority_vote = 'A') AS DOUBLE) AS both_a,
      CAST(count(*) FILTER (WHERE o.majority_vote = 'B' AND s.majority_vote = 'B') AS DOUBLE) AS both_b,
      CAST(count(*) FILTER (WHERE o.majority_vote <> 'tie' AND s.majority_vote <> 'tie' AND o.majority_vote <> s.majority_vote) AS DOUBLE) AS consistent
    FROM ${src} o JOIN ${src} s ON o.swap_id = s.swap_id AND o.response_order = 'original' AND s.response_order = 'swapped'`);
  const p = Object.fromEntries(Object.entries(pairs).map(([k, v]) => [k, Number(v)]));
  const maj = await countBy(db, `SELECT majority_vote AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`);
  return {
    file: FILE,
    preset: 'genrm',
    summary,
    true_ratings: TRUE_RATINGS,
    notes: 'Outcomes come from the noisy judge majority, so a fit is shrunk toward 1000 compared to the true ratings.',
    planted: {
      judges,
      majority_votes: maj,
      agreement_distribution: await countBy(db, `SELECT CAST(round(agreement_score, 4) AS VARCHAR) AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      invalid_judge_votes: Number((await db.one(`SELECT CAST(${JUDGES.map((_, k) => `count(*) FILTER (WHERE judge_${k + 1}_response = 'invalid')`).join(' + ')} AS DOUBLE) AS n FROM ${src}`)).n),
      position_bias: {
        a_share_of_decisive_majorities: round4(maj.A! / (maj.A! + maj.B!)),
        swap_pairs: p,
        // share of decisive swap pairs where the majority picked the same position both times, and that position was A
        position_bias_rate: round4(p.both_a! / p.decisive!),
        position_inconsistency_rate: round4((p.both_a! + p.both_b!) / p.decisive!),
      },
      majority_rule: "A (or B) when it has more valid votes than the other side and at least as many as 'tie'; otherwise 'tie'; agreement_score = votes for the majority label / valid votes (0 if none)",
    },
  };
}
