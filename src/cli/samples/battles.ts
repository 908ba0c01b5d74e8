/** lmsys clean_battle shape: ~20k votes, 20 models (one with markup in its name) and a few unusable rows. */
import type { Db, Row } from './db.ts';
import { TRUE_RATINGS as CONV_RATINGS, judgeName } from './conversations.ts';
import { ExpectedScores, centre, drawOutcome, withEffects } from './ratings.ts';
import type { Rng } from './rng.ts';
import { LMSYS_OUTCOME, WINNER_LABEL, countBy, parquet, summarise, type SampleEntry } from './summary.ts';
import { LANGUAGES, LANGUAGE_WEIGHTS } from './text.ts';

export const FILE = 'arena-battles.parquet';
const ROWS = 20_000;
const START = 1685577600; // 2023-06-01 00:00 UTC
export const MARKUP_MODEL = '<b>bold-model</b>';

/** 19 of the conversation models (same base ratings) plus the markup-named one. */
const NAMES = [...Object.keys(CONV_RATINGS).filter((n) => !/^(raven|steady|swift|sheepdog|tessera-4-turbo)/.test(n)), MARKUP_MODEL];
export const TRUE_RATINGS = centre(Object.fromEntries(NAMES.map((n) => [n, n === MARKUP_MODEL ? 1020 : CONV_RATINGS[n]!])));
/** Code questions: corvid models are stronger, aria-instant weaker. */
export const CODE_EFFECTS: Record<string, number> = { 'corvid-33b-v1.3': 150, 'corvid-13b-v1.3': 120, 'aria-instant-1': -100 };

export const COLUMNS = [
  ['question_id', 'VARCHAR'], ['model_a', 'VARCHAR'], ['model_b', 'VARCHAR'], ['winner', 'VARCHAR'], ['judge', 'VARCHAR'],
  ['turn', 'BIGINT'], ['anony', 'BOOLEAN'], ['language', 'VARCHAR'], ['tstamp', 'DOUBLE'], ['is_code', 'BOOLEAN'],
  ['is_refusal', 'BOOLEAN'], ['dedup_tag', 'STRUCT(high_freq BOOLEAN, sampled BOOLEAN)'],
  ['category_tag', 'STRUCT("criteria_v0.1" STRUCT(specificity BOOLEAN, creativity BOOLEAN, "problem_solving" BOOLEAN), "math_v0.1" STRUCT(math BOOLEAN))'],
] as const;

/** Unusable rows planted at fixed indices. */
const NULL_B = [17, 8000, 19990];
const SELF = [555, 13131];
const BAD_WINNER = [42, 4242, 10001, 16666];

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const codeRatings = withEffects(TRUE_RATINGS, CODE_EFFECTS);
  const popularity = NAMES.map(() => 1 + rng.int(4));
  const days = Array.from({ length: ROWS }, () => rng.next() * 60).sort((x, y) => x - y);
  const rows: Row[] = days.map((day) => {
    const [i, j] = rng.pair(popularity);
    const a = NAMES[i]!;
    const b = NAMES[j]!;
    const isCode = rng.bool(0.18);
    const r = isCode ? codeRatings : TRUE_RATINGS;
    const outcome = drawOutcome(rng, r[a]!, r[b]!, 0.15, 0.05);
    return {
      question_id: rng.hex(32), model_a: a, model_b: b, winner: WINNER_LABEL[outcome], judge: judgeName(rng, 4000),
      turn: 1 + rng.weightedIndex([85, 10, 5]), anony: rng.bool(0.8), language: rng.weighted(LANGUAGES, LANGUAGE_WEIGHTS),
      tstamp: Math.round((START + day * 86400) * 1000) / 1000, is_code: isCode, is_refusal: rng.bool(0.03),
      dedup_tag: { high_freq: rng.bool(0.05), sampled: rng.bool(0.95) },
      category_tag: {
        'criteria_v0.1': { specificity: rng.bool(0.3), creativity: rng.bool(0.25), problem_solving: isCode || rng.bool(0.2) },
        'math_v0.1': { math: rng.bool(0.08) },
      },
    };
  });
  for (const k of NULL_B) rows[k]!.model_b = null;
  for (const k of SELF) rows[k]!.model_b = rows[k]!.model_a;
  for (const k of BAD_WINNER) rows[k]!.winner = 'left_win';
  const expected = new ExpectedScores();
  const unusable = new Set([...NULL_B, ...SELF, ...BAD_WINNER]);
  rows.forEach((row, k) => {
    const r = row.is_code ? codeRatings : TRUE_RATINGS;
    const [a, b] = [String(row.model_a), String(row.model_b)];
    if (!unusable.has(k)) expected.add(a, b, r[a]!, r[b]!);
  });
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, { from: src, a: 'model_a', b: 'model_b', outcome: LMSYS_OUTCOME });
  return {
    file: FILE,
    preset: 'lmsys-battles',
    summary,
    true_ratings: expected.fit(),
    planted: {
      markup_model: MARKUP_MODEL,
      unusable_rows: { missing_model: NULL_B, self_pair: SELF, unknown_winner: BAD_WINNER },
      unknown_winner_label: 'left_win',
      base_ratings: TRUE_RATINGS,
      code_effects: CODE_EFFECTS,
      true_ratings_code: codeRatings,
      is_code: await countBy(db, `SELECT is_code AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      languages: await countBy(db, `SELECT language AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 2 DESC, 1`),
      judges: Number((await db.one(`SELECT CAST(count(DISTINCT judge) AS DOUBLE) AS n FROM ${src}`)).n),
      top_judges: await countBy(db, `SELECT judge AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`),
    },
  };
}
