/**
 * LMArena arena-human-preference-55k (the Kaggle competition CSV): prompt and responses as JSON-encoded
 * lists of strings, one per turn, and a one-hot winner in winner_model_a / winner_model_b / winner_tie.
 * 12 models; three planted rows whose winner is not exactly one flag (two with none, one with two).
 */
import type { Db, Row } from './db.ts';
import { ExpectedScores, centre, drawOutcome } from './ratings.ts';
import type { Rng } from './rng.ts';
import { pyJson } from './py-json.ts';
import { countBy, summarise, type SampleEntry } from './summary.ts';
import { answer, followUp, prompt } from './text.ts';
import { lit } from './db.ts';

export const FILE = 'lmarena-55k.csv';
export const SOURCE = 'lmarena-ai/arena-human-preference-55k';
const ROWS = 1000;
const FIRST_ID = 30192;

const MODELS: ReadonlyArray<readonly [string, number, number]> = [
  ['tessera-4-1106-preview', 1240, 2],
  ['tessera-4-0314', 1190, 1],
  ['tessera-3.5-turbo-0613', 1110, 1],
  ['aria-2.1', 1120, 1],
  ['aria-instant-1', 1100, 1],
  ['lumen-2-70b-chat', 1080, 1],
  ['lumen-2-13b-chat', 1040, 1],
  ['corvid-33b-v1.3', 1070, 1],
  ['gallia-medium', 1140, 1],
  ['mosaic-30b-chat', 1010, 1],
  ['quokka-7b', 930, 1],
  ['falcata-7b-instruct', 880, 1],
];
export const TRUE_RATINGS = centre(Object.fromEntries(MODELS.map(([n, r]) => [n, r])));
const VERBOSITY = Object.fromEntries(MODELS.map(([n], k) => [n, 1 + (k % 3)]));

/** Rows whose flags are not exactly one 1: [row index, winner_model_a, winner_model_b, winner_tie]. */
const NOT_ONE_HOT: ReadonlyArray<readonly [number, number, number, number]> = [
  [77, 0, 0, 0],
  [601, 0, 0, 0],
  [934, 1, 1, 0],
];

export const COLUMNS = [
  ['id', 'BIGINT'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['prompt', 'VARCHAR'],
  ['response_a', 'VARCHAR'],
  ['response_b', 'VARCHAR'],
  ['winner_model_a', 'BIGINT'],
  ['winner_model_b', 'BIGINT'],
  ['winner_tie', 'BIGINT'],
] as const;

export const OUTCOME_SQL = `CASE WHEN winner_model_a + winner_model_b + winner_tie <> 1 THEN NULL WHEN winner_model_a = 1 THEN 'a'
  WHEN winner_model_b = 1 THEN 'b' WHEN winner_tie = 1 THEN 'tie' END`;

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const expected = new ExpectedScores();
  const skip = new Set(NOT_ONE_HOT.map(([k]) => k));
  let id = FIRST_ID;
  const rows: Row[] = [];
  for (let k = 0; k < ROWS; k++) {
    const [i, j] = rng.pair(MODELS.map(([, , p]) => p));
    const a = MODELS[i]![0];
    const b = MODELS[j]![0];
    const language = rng.bool(0.85) ? 'English' : rng.pick(['French', 'Chinese', 'German', 'Spanish']);
    const ex = prompt(rng, language);
    const turns = 1 + rng.weightedIndex([85, 12, 3]);
    const prompts = [ex.prompt, ...Array.from({ length: turns - 1 }, () => followUp(rng, language))];
    const ra = prompts.map(() => answer(rng, language, ex.topic, VERBOSITY[a]!));
    const rb = prompts.map(() => answer(rng, language, ex.topic, VERBOSITY[b]!));
    // The Kaggle file has one tie column: ties and both-bad votes alike.
    const outcome = drawOutcome(rng, TRUE_RATINGS[a]!, TRUE_RATINGS[b]!, 0.31, 0);
    if (!skip.has(k)) expected.add(a, b, TRUE_RATINGS[a]!, TRUE_RATINGS[b]!);
    id += 1 + rng.int(60_000);
    rows.push({
      id,
      model_a: a,
      model_b: b,
      prompt: pyJson(prompts),
      response_a: pyJson(ra),
      response_b: pyJson(rb),
      winner_model_a: outcome === 'a' ? 1 : 0,
      winner_model_b: outcome === 'b' ? 1 : 0,
      winner_tie: outcome === 'tie' ? 1 : 0,
    });
  }
  for (const [k, fa, fb, ft] of NOT_ONE_HOT) Object.assign(rows[k]!, { winner_model_a: fa, winner_model_b: fb, winner_tie: ft });
  await db.writeCsv(path, COLUMNS, rows);
  const src = `read_csv(${lit(path)})`;
  const summary = await summarise(db, {
    from: src,
    a: 'model_a',
    b: 'model_b',
    outcome: OUTCOME_SQL,
    winner: 'NULL',
    unclear: 'not exactly one winner column set',
  });
  return {
    file: FILE,
    preset: 'lmarena-55k',
    summary,
    true_ratings: expected.fit(),
    planted: {
      base_ratings: TRUE_RATINGS,
      not_one_hot_rows: NOT_ONE_HOT.map(([row, a, b, tie]) => ({ row, winner_model_a: a, winner_model_b: b, winner_tie: tie })),
      not_one_hot_ids: (await db.all(`SELECT id FROM ${src} WHERE winner_model_a + winner_model_b + winner_tie <> 1 ORDER BY id`)).map(
        (r) => Number(r.id),
      ),
      turns: await countBy(db, `SELECT json_array_length(prompt) AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      tie_probability: 0.31,
    },
  };
}
