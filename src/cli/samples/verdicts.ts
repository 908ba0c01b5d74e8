/** VERDICTS human pairwise labels (JSON lines): 8 models, bffbench / mtbmr, turn 1..2, winner names the model or 'tie'. */
import { writeFileSync } from 'node:fs';
import { type Db, lit } from './db.ts';
import { ExpectedScores, centre, drawOutcome, withEffects } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, summarise, type SampleEntry } from './summary.ts';
import { answer, prompt } from './text.ts';

export const FILE = 'verdicts.jsonl';
const ROWS = 2000;
const MODELS: ReadonlyArray<readonly [string, number]> = [
  ['tessera-4o', 1120], ['aria-3-sonnet', 1090], ['lumen-3-70b', 1040], ['ledger-13b', 960], ['gallia-24b', 1010],
  ['corvid-32b', 990], ['alpine-9b', 920], ['quokka-2-7b', 870],
];
export const TRUE_RATINGS = centre(Object.fromEntries(MODELS));
/** ledger-13b is a finance specialist: much stronger on bffbench. */
export const DATASET_EFFECTS: Record<string, Record<string, number>> = { bffbench: { 'ledger-13b': 200 }, mtbmr: {} };

function financeQuestion(rng: Rng, q: number): { question: string; ref: string } {
  const revenue = 100 + ((q * 37) % 900);
  const costs = Math.round(revenue * (0.4 + ((q * 13) % 50) / 100));
  const kind = rng.pick(['operating margin', 'operating profit', 'cost ratio']);
  const ref = kind === 'operating profit' ? `${revenue - costs}` : kind === 'operating margin'
    ? `${(((revenue - costs) / revenue) * 100).toFixed(1)}%` : `${((costs / revenue) * 100).toFixed(1)}%`;
  return { question: `A company reports revenue of $${revenue}M and operating costs of $${costs}M. What is its ${kind}?`, ref };
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const ratings = {
    bffbench: withEffects(TRUE_RATINGS, DATASET_EFFECTS.bffbench!),
    mtbmr: withEffects(TRUE_RATINGS, DATASET_EFFECTS.mtbmr!),
  };
  const lines: string[] = [];
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
    let question: string;
    let ref: string | null;
    if (dataset === 'bffbench') {
      ({ question, ref } = financeQuestion(rng, q));
    } else {
      question = prompt(rng, 'English').prompt;
      ref = rng.bool(0.3) ? answer(rng, 'English', 'the question', 1) : null;
    }
    if (turn === 2) question += ' Follow-up: explain your reasoning step by step.';
    lines.push(JSON.stringify({
      qid: `${dataset}_${String(q).padStart(3, '0')}`, model_a: a, model_b: b,
      winner: outcome === 'tie' ? 'tie' : outcome === 'a' ? a : b, dataset, turn, question,
      answer_a: answer(rng, 'English', 'this problem', 1 + rng.int(3)), answer_b: answer(rng, 'English', 'this problem', 1 + rng.int(3)),
      ref_answer: ref, annotator: `annotator_${1 + rng.int(12)}`,
    }));
  }
  writeFileSync(path, lines.join('\n') + '\n');
  const src = `read_json(${lit(path)}, format='newline_delimited')`;
  const summary = await summarise(db, {
    from: src, a: 'model_a', b: 'model_b',
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
      per_dataset_turn: await countBy2(db, `SELECT dataset AS g, turn AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`),
      ties_per_dataset: await countBy(db, `SELECT dataset AS k, CAST(count(*) FILTER (WHERE winner = 'tie') AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      with_ref_answer: await countBy(db, `SELECT dataset AS k, CAST(count(ref_answer) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      distinct_qids: Number((await db.one(`SELECT CAST(count(DISTINCT qid) AS DOUBLE) AS n FROM ${src}`)).n),
      annotators: Number((await db.one(`SELECT CAST(count(DISTINCT annotator) AS DOUBLE) AS n FROM ${src}`)).n),
    },
  };
}
