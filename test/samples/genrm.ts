/**
 * GenRM multi-judge verdicts as published: two responses and no model names. The file has five judge
 * slots (judge_1_* … judge_5_*) but, as published, num_judges = 3: slots 4 and 5 are empty (NULL) in
 * every row. The three judges have planted accuracies, tie and invalid rates and a pull toward the
 * first-shown response (A = response_1); each pair of responses is judged in both orders
 * (response_order original / swapped, same swap_id), by one of two judge jobs. Verdicts are spelled
 * the way judge outputs are ("A", "[[B]]", "response_1", "**A**", and unusable ones: "unsure", "",
 * "N/A", NULL); majority, votes, agreement and scores follow from the three.
 */
import { MAJORITY_RULE } from '../../src/core/schema/mapping.ts';
import type { Db, Row } from './db.ts';
import { pyJson } from './py-json.ts';
import { round4 } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';
import { answer, prompt } from './text.ts';

export const FILE = 'genrm-judges.parquet';
export const SOURCE = 'genrm-uf-qwen3-4b-angel-judge-qwen-3-4b-jt07-j200-n200-20250729-192837 (GenRM multi-judge)';
const PAIRS = 1000; // two rows each: original and swapped order

/** Judge slots in the published columns (judge_1_* … judge_5_*); the rows hold JUDGES.length of them (num_judges). */
export const SLOTS = 5;
/** Per judge: accuracy when it decides on content, P(answer A whatever the content), P(tie), P(unusable). */
export const JUDGES = [
  { accuracy: 0.88, bias_a: 0.04, tie: 0.05, invalid: 0.01 },
  { accuracy: 0.76, bias_a: 0.1, tie: 0.08, invalid: 0.02 },
  { accuracy: 0.64, bias_a: 0.28, tie: 0.05, invalid: 0.04 },
];
/** Per judge, the share of its verdicts written in each spelling besides the bare A / B / tie. */
const SPELLINGS: ReadonlyArray<Partial<Record<'brackets' | 'response' | 'bold' | 'loose', number>>> = [
  { brackets: 0.1, response: 0.1 },
  { brackets: 0.6 },
  { response: 0.2, bold: 0.1, loose: 0.1 },
];
const UNUSABLE: ReadonlyArray<string | null> = ['unsure', '', 'N/A', null];
export const JOBS = [
  { judge_job_id: 'judge-job-20250729-192837', judge_model: 'qwen-3-4b-angel-judge', judge_temperature: 0.7, share: 0.6 },
  { judge_job_id: 'judge-job-20250801-081512', judge_model: 'qwen-3-8b-angel-judge', judge_temperature: 0.3, share: 0.4 },
];
const SOURCES = ['evol_instruct', 'sharegpt', 'ultrachat', 'flan_v2_niv2', 'false_qa'];

type Verdict = 'A' | 'B' | 'tie' | 'invalid';

const judgeCols = (suffix: string) => Array.from({ length: SLOTS }, (_, k) => [`judge_${k + 1}_${suffix}`, 'VARCHAR'] as const);
export const COLUMNS = [
  ['question', 'VARCHAR'],
  ['response_1', 'VARCHAR'],
  ['response_2', 'VARCHAR'],
  ['source', 'VARCHAR'],
  ['id', 'VARCHAR'],
  ['original_index', 'BIGINT'],
  ['judge_output_raw', 'VARCHAR[]'],
  ...judgeCols('response'),
  ...judgeCols('reasoning'),
  ...judgeCols('raw'),
  ['judge_responses', 'VARCHAR[]'],
  ['majority_vote', 'VARCHAR'],
  ['agreement_score', 'DOUBLE'],
  ['a_votes', 'BIGINT'],
  ['b_votes', 'BIGINT'],
  ['invalid_votes', 'BIGINT'],
  ['response_1_judge_score', 'DOUBLE'],
  ['response_2_judge_score', 'DOUBLE'],
  ['winner', 'VARCHAR'],
  ['judge_job_id', 'VARCHAR'],
  ['judge_model', 'VARCHAR'],
  ['judge_temperature', 'DOUBLE'],
  ['num_judges', 'BIGINT'],
  ['original_metadata', 'VARCHAR'],
  ['response_order', 'VARCHAR'],
  ['swap_id', 'VARCHAR'],
] as const;

/** The majority by MAJORITY_RULE (mapping.ts): A or B with more valid verdicts than the other and at least as many as tie, else tie. */
export function majority(votes: readonly Verdict[]): { vote: 'A' | 'B' | 'tie'; agreement: number; a: number; b: number; invalid: number } {
  const a = votes.filter((v) => v === 'A').length;
  const b = votes.filter((v) => v === 'B').length;
  const t = votes.filter((v) => v === 'tie').length;
  const valid = a + b + t;
  const vote = a > b && a >= t ? 'A' : b > a && b >= t ? 'B' : 'tie';
  const agree = vote === 'A' ? a : vote === 'B' ? b : t;
  return { vote, agreement: valid ? agree / valid : 0, a, b, invalid: votes.length - valid };
}

function spell(rng: Rng, k: number, v: Verdict): string | null {
  if (v === 'invalid') return UNUSABLE[rng.weightedIndex([40, 30, 20, 10])]!;
  const s = SPELLINGS[k]!;
  const u = rng.next();
  let at = 0;
  if (u < (at += s.brackets ?? 0)) return `[[${v}]]`;
  if (u < (at += s.response ?? 0)) return v === 'tie' ? 'tie' : v === 'A' ? 'response_1' : 'response_2';
  if (u < (at += s.bold ?? 0)) return `**${v}**`;
  if (u < at + (s.loose ?? 0)) return ` ${v.toLowerCase()} `;
  return v;
}

const REASONS: Record<Verdict, string[]> = {
  A: [
    'Response 1 is more accurate and answers every part of the question.',
    'Response 1 is clearer and better organised than response 2.',
    'Response 2 misses the key point that response 1 explains.',
  ],
  B: [
    'Response 2 is more accurate and answers every part of the question.',
    'Response 2 is clearer and better organised than response 1.',
    'Response 1 misses the key point that response 2 explains.',
  ],
  tie: ['Both responses are correct and about equally helpful.', 'Neither response is clearly better than the other.'],
  invalid: ['I cannot tell which response is better without more context.', 'The question is ambiguous.'],
};

const clampScore = (x: number) => Math.min(10, Math.max(1, Math.round(x)));

/** Each judge's verdict read from its spelling, in SQL written here (independent of the page's reader). */
export function verdictSql(column: string): string {
  const v = `regexp_replace(lower(trim(${column})), '^(\\[\\[|\\*\\*)|(\\]\\]|\\*\\*)$', '', 'g')`;
  return `CASE WHEN ${v} IN ('a', 'response_1') THEN 'A' WHEN ${v} IN ('b', 'response_2') THEN 'B' WHEN ${v} = 'tie' THEN 'tie' ELSE 'invalid' END`;
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const rows: Row[] = [];
  const correct = JUDGES.map(() => ({ right: 0, decided: 0 }));
  let index = 0;
  for (let p = 0; p < PAIRS; p++) {
    const job = JOBS[p < PAIRS * JOBS[0]!.share ? 0 : 1]!;
    const source = rng.weighted(SOURCES, [35, 25, 20, 15, 5]);
    index += 1 + rng.int(40);
    const ex = prompt(rng, 'English');
    const resp1 = answer(rng, 'English', ex.topic, 1 + rng.int(3));
    const resp2 = answer(rng, 'English', ex.topic, 1 + rng.int(3));
    const firstBetter = rng.bool(0.5); // hidden truth: is the original response_1 the better one?
    const swapId = `swap-${String(p).padStart(5, '0')}`;
    const metadata = pyJson({ dataset: 'ultrafeedback_binarized', prompt_id: rng.hex(16), source });
    for (const order of ['original', 'swapped'] as const) {
      const swapped = order === 'swapped';
      const better: Verdict = !swapped === firstBetter ? 'A' : 'B';
      const votes = JUDGES.map((jd, k): Verdict => {
        const u = rng.next();
        if (u < jd.invalid) return 'invalid';
        if (u < jd.invalid + jd.tie) return 'tie';
        const v: Verdict = rng.bool(jd.bias_a) ? 'A' : rng.bool(jd.accuracy) ? better : better === 'A' ? 'B' : 'A';
        correct[k]!.decided++;
        if (v === better) correct[k]!.right++;
        return v;
      });
      const m = majority(votes);
      const row: Row = {
        question: ex.prompt,
        response_1: swapped ? resp2 : resp1,
        response_2: swapped ? resp1 : resp2,
        source,
        id: `${swapId}-${swapped ? 's' : 'o'}`,
        original_index: index,
        judge_responses: votes,
        majority_vote: m.vote,
        agreement_score: m.agreement,
        a_votes: m.a,
        b_votes: m.b,
        invalid_votes: m.invalid,
        winner: m.vote === 'A' ? 'response_1' : m.vote === 'B' ? 'response_2' : 'tie',
        judge_job_id: job.judge_job_id,
        judge_model: job.judge_model,
        judge_temperature: job.judge_temperature,
        num_judges: JUDGES.length,
        original_metadata: metadata,
        response_order: order,
        swap_id: swapId,
      };
      const raws: string[] = [];
      const scores: [number, number][] = [];
      votes.forEach((v, k) => {
        const spelled = spell(rng, k, v);
        const reasoning = v === 'invalid' && rng.bool(0.3) ? null : rng.pick(REASONS[v]);
        const raw = `<think>\n${reasoning ?? ''}\n</think>\n\nFinal verdict: ${spelled ?? ''}`;
        row[`judge_${k + 1}_response`] = spelled;
        row[`judge_${k + 1}_reasoning`] = reasoning;
        row[`judge_${k + 1}_raw`] = raw;
        raws.push(raw);
        if (v !== 'invalid') {
          const lean = v === 'A' ? 1.5 : v === 'B' ? -1.5 : 0;
          scores.push([clampScore(6 + lean + 0.8 * rng.normal()), clampScore(6 - lean + 0.8 * rng.normal())]);
        }
      });
      row.judge_output_raw = raws;
      const mean = (i: 0 | 1) => (scores.length ? Math.round((scores.reduce((s, x) => s + x[i], 0) / scores.length) * 100) / 100 : null);
      row.response_1_judge_score = mean(0);
      row.response_2_judge_score = mean(1);
      rows.push(row);
    }
  }
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src,
    a: `'response 1'`,
    b: `'response 2'`,
    winner: 'majority_vote',
    outcome: `CASE majority_vote WHEN 'A' THEN 'a' WHEN 'B' THEN 'b' WHEN 'tie' THEN 'tie' END`,
  });
  // The judges' verdicts as read, one column v1 … v5 per judge, with the recorded majority and swap key.
  const read = `(SELECT row_id, swap_id, response_order, majority_vote AS maj, ${JUDGES.map((_, k) => `${verdictSql(`judge_${k + 1}_response`)} AS v${k + 1}`).join(', ')}
    FROM (SELECT row_number() OVER () AS row_id, * FROM ${src}))`;
  const swapOf = async (col: string) => {
    const r = await db.one(`SELECT CAST(count(*) AS DOUBLE) AS pairs,
        CAST(count(*) FILTER (WHERE o.${col} IN ('A', 'B') AND s.${col} IN ('A', 'B')) AS DOUBLE) AS decisive,
        CAST(count(*) FILTER (WHERE o.${col} = 'A' AND s.${col} = 'A') AS DOUBLE) AS both_a,
        CAST(count(*) FILTER (WHERE o.${col} = 'B' AND s.${col} = 'B') AS DOUBLE) AS both_b,
        CAST(count(*) FILTER (WHERE o.${col} IN ('A', 'B') AND s.${col} IN ('A', 'B') AND o.${col} <> s.${col}) AS DOUBLE) AS consistent
      FROM ${read} o JOIN ${read} s ON o.swap_id = s.swap_id AND o.response_order = 'original' AND s.response_order = 'swapped'`);
    const n = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
    return {
      ...n,
      position_bias_rate: round4(n.both_a! / n.decisive!),
      position_inconsistency_rate: round4((n.both_a! + n.both_b!) / n.decisive!),
    };
  };
  const judges = [];
  for (let k = 0; k < JUDGES.length; k++) {
    const col = `judge_${k + 1}_response`;
    const votes = {
      A: 0,
      B: 0,
      tie: 0,
      invalid: 0,
      ...(await countBy(db, `SELECT v${k + 1} AS k, CAST(count(*) AS DOUBLE) AS n FROM ${read} GROUP BY 1 ORDER BY 1`)),
    };
    const agree = await db.one(`SELECT CAST(count(*) FILTER (WHERE v${k + 1} = maj) AS DOUBLE) AS n FROM ${read}`);
    judges.push({
      column: col,
      planted: JUDGES[k],
      votes,
      spellings: await countBy(
        db,
        `SELECT coalesce(${col}, 'NULL') AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
      agrees_with_majority: Number(agree.n),
      // share of this judge's decisive verdicts that went to the first-shown response
      a_share: round4(votes.A / (votes.A + votes.B)),
      swap: await swapOf(`v${k + 1}`),
      accuracy_vs_truth: round4(correct[k]!.right / correct[k]!.decided),
    });
  }
  const maj = await countBy(db, `SELECT majority_vote AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`);
  // Rows in which each judge slot holds a verdict (not NULL, not blank): slots beyond num_judges hold none.
  const slotCols = Array.from({ length: SLOTS }, (_, k) => `judge_${k + 1}_response`);
  const held = await db.one(
    `SELECT ${slotCols.map((c) => `CAST(count(*) FILTER (WHERE nullif(trim(${c}), '') IS NOT NULL) AS DOUBLE) AS ${c}`).join(', ')} FROM ${src}`,
  );
  return {
    file: FILE,
    preset: 'genrm',
    summary,
    true_ratings: null,
    notes: 'No model names: the sides are the positions "response 1" and "response 2"; the Judges view leads.',
    planted: {
      num_judges: await countBy(
        db,
        `SELECT CAST(num_judges AS VARCHAR) AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`,
      ),
      slots_held: Object.fromEntries(Object.entries(held).map(([k, v]) => [k, Number(v)])),
      judges,
      majority_votes: maj,
      majority_rule: MAJORITY_RULE,
      agreement_distribution: await countBy(
        db,
        `SELECT CAST(round(agreement_score, 4) AS VARCHAR) AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`,
      ),
      invalid_judge_votes: Number((await db.one(`SELECT CAST(sum(invalid_votes) AS DOUBLE) AS n FROM ${src}`)).n),
      position_bias: {
        a_share_of_decisive_majorities: round4(maj.A! / (maj.A! + maj.B!)),
        swap_pairs: await swapOf('maj'),
      },
      jobs: await countBy2(
        db,
        `SELECT judge_job_id AS g, judge_model || ' @ ' || judge_temperature AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
      sources: await countBy(db, `SELECT source AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      winners: await countBy(db, `SELECT winner AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      mean_judge_scores: Object.fromEntries(
        Object.entries(
          await db.one(`SELECT round(avg(response_1_judge_score), 4) AS response_1,
        round(avg(response_2_judge_score), 4) AS response_2 FROM ${src}`),
        ).map(([k, v]) => [k, Number(v)]),
      ),
    },
  };
}
