/**
 * VERDICTS human pairwise labels (kensho/VERDICTS pairwise shape): 8 models, bffbench / mtbmr, turn 1..2,
 * winner names the model or 'tie'; each side's conversation up to the judged turn, that turn's question
 * and answers, and a reference answer (always on bffbench, sometimes on mtbmr).
 */
import { TURNS, type Db, type Row, type Turn } from './db.ts';
import { ExpectedScores, centre, drawOutcome, withEffects } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';
import { answer, prompt } from './text.ts';

export const FILE = 'verdicts.parquet';
export const SOURCE = 'kensho/VERDICTS (pairwise)';
const ROWS = 2000;
const MODELS: ReadonlyArray<readonly [string, number]> = [
  ['tessera-4o', 1120],
  ['aria-3-sonnet', 1090],
  ['lumen-3-70b', 1040],
  ['ledger-13b', 960],
  ['gallia-24b', 1010],
  ['corvid-32b', 990],
  ['alpine-9b', 920],
  ['quokka-2-7b', 870],
];
export const TRUE_RATINGS = centre(Object.fromEntries(MODELS));
/** ledger-13b is a finance specialist: much stronger on bffbench. */
export const DATASET_EFFECTS: Record<string, Record<string, number>> = { bffbench: { 'ledger-13b': 200 }, mtbmr: {} };

export const COLUMNS = [
  ['qid', 'VARCHAR'],
  ['turn', 'BIGINT'],
  ['dataset', 'VARCHAR'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['winner', 'VARCHAR'],
  ['model_a_conv', TURNS],
  ['model_b_conv', TURNS],
  ['question', 'VARCHAR'],
  ['model_a_response', 'VARCHAR'],
  ['model_b_response', 'VARCHAR'],
  ['ref_answer', 'VARCHAR'],
] as const;

const FOLLOW_UP = 'Follow-up: explain your reasoning step by step.';

function financeQuestion(rng: Rng, q: number): { question: string; ref: string } {
  const revenue = 100 + ((q * 37) % 900);
  const costs = Math.round(revenue * (0.4 + ((q * 13) % 50) / 100));
  const kind = rng.pick(['operating margin', 'operating profit', 'cost ratio']);
  const ref =
    kind === 'operating profit'
      ? `${revenue - costs}`
      : kind === 'operating margin'
        ? `${(((revenue - costs) / revenue) * 100).toFixed(1)}%`
        : `${((costs / revenue) * 100).toFixed(1)}%`;
  return { question: `A company reports revenue of $${revenue}M and operating costs of $${costs}M. What is its ${kind}?`, ref };
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const ratings = {
    bffbench: withEffects(TRUE_RATINGS, DATASET_EFFECTS.bffbench!),
    mtbmr: withEffects(TRUE_RATINGS, DATASET_EFFECTS.mtbmr!),
  };
  const rows: Row[] = [];
  const expected = new ExpectedScores();
  for (let k = 0; k < ROWS; k++) {
    const dataset = rng.bool(0.4) ? 'bffbench' : 'mtbmr';
    const q = rng.int(dataset === 'bffbench' ? 150 : 200);
    const turn = rng.bool(dataset === 'bffbench' ? 0.2 : 0.5) ? 2 : 1;
    const [i, j] = rng.pair(MODELS.map(() => 1));
    const a = MODELS[i]![0];
    const b = MODELS[j]![0];
    const outcome = drawOutcome(rng, ratings[dataset][a]!, ratings[dataset][b]!, 0.1, 0);
    expected.add(a, b, ratings[dataset][a]!, ratings[dataset][b]!);
    let first: string;
    let ref: string | null;
    if (dataset === 'bffbench') {
      ({ question: first, ref } = financeQuestion(rng, q));
    } else {
      first = prompt(rng, 'English').prompt;
      ref = rng.bool(0.3) ? answer(rng, 'English', 'the question', 1) : null;
    }
    const question = turn === 2 ? FOLLOW_UP : first;
    const conv = (): { conv: Turn[]; response: string } => {
      const out: Turn[] = [{ content: first, role: 'user' }];
      let response = answer(rng, 'English', 'this problem', 1 + rng.int(3));
      if (turn === 2) {
        out.push({ content: response, role: 'assistant' }, { content: FOLLOW_UP, role: 'user' });
        response = answer(rng, 'English', 'this problem', 1 + rng.int(3));
      }
      out.push({ content: response, role: 'assistant' });
      return { conv: out, response };
    };
    const ca = conv();
    const cb = conv();
    rows.push({
      qid: `${dataset}_${String(q).padStart(3, '0')}`,
      turn,
      dataset,
      model_a: a,
      model_b: b,
      winner: outcome === 'tie' ? 'tie' : outcome === 'a' ? a : b,
      model_a_conv: ca.conv,
      model_b_conv: cb.conv,
      question,
      model_a_response: ca.response,
      model_b_response: cb.response,
      ref_answer: ref,
    });
  }
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src,
    a: 'model_a',
    b: 'model_b',
    outcome: `CASE WHEN winner = 'tie' THEN 'tie' WHEN winner = model_a THEN 'a' WHEN winner = model_b THEN 'b' END`,
  });
  return {
    file: FILE,
    preset: 'verdicts',
    summary,
    true_ratings: expected.fit(),
    planted: {
      base_ratings: TRUE_RATINGS,
      dataset_effects: DATASET_EFFECTS,
      true_ratings_by_dataset: ratings,
      per_dataset: await countBy(db, `SELECT dataset AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      per_dataset_turn: await countBy2(
        db,
        `SELECT dataset AS g, turn AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
      ties_per_dataset: await countBy(
        db,
        `SELECT dataset AS k, CAST(count(*) FILTER (WHERE winner = 'tie') AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`,
      ),
      with_ref_answer: await countBy(db, `SELECT dataset AS k, CAST(count(ref_answer) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      distinct_qids: Number((await db.one(`SELECT CAST(count(DISTINCT qid) AS DOUBLE) AS n FROM ${src}`)).n),
      // each response is the last assistant message of its conversation, and turn counts the user messages
      rows_consistent_with_conv: Number(
        (
          await db.one(`SELECT CAST(count(*) FILTER (WHERE model_a_conv[-1].content = model_a_response
        AND model_b_conv[-1].content = model_b_response AND len(model_a_conv) = 2 * turn AND len(model_b_conv) = 2 * turn) AS DOUBLE) AS n FROM ${src}`)
        ).n,
      ),
    },
  };
}
