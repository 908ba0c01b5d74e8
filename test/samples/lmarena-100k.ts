/**
 * LMArena arena-human-preference-100k shape: conversations, conv_metadata, dedup_tag and category_tag as
 * JSON strings (Python's json.dumps form), one vote per row. 20 models (one with markup in its name),
 * planted unusable rows, coding / language / hard-prompt effects and a style effect (lmarena-votes.ts).
 */
import { createHash } from 'node:crypto';
import { type Db, type Row, lit } from './db.ts';
import { TRUE_RATINGS as CONV_RATINGS, judgeName } from './conversations.ts';
import { type LmModel, type LmVote, HIGH_FREQ_SAMPLED, STYLE_BETA, drawVotes, impliedRatings } from './lmarena-votes.ts';
import { type FieldSql, categoryFigures, languageFigures, styleFigures, styleRowsSql } from './lmarena-style-sql.ts';
import { pyJson } from './py-json.ts';
import { centre } from './ratings.ts';
import type { Rng } from './rng.ts';
import { LMSYS_OUTCOME, WINNER_LABEL, countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';

export const FILE = 'lmarena-100k.parquet';
export const SOURCE = 'lmarena-ai/arena-human-preference-100k';
const ROWS = 5000;
const START = 1714521600; // 2024-05-01 00:00 UTC
export const MARKUP_MODEL = '<b>bold-model</b>';
export const UNKNOWN_LABEL = 'left_win';

/** 19 of the conversation models (same base ratings) plus the markup-named one, each with a writing style. */
const STYLES: Record<string, [sentences: number, header: number, list: number, bold: number]> = {
  'tessera-4-0613': [2, 0.25, 0.35, 0.25],
  'tessera-3.5-turbo-0613': [1, 0.2, 0.3, 0.2],
  'aria-2-chat': [3, 0.75, 0.8, 0.7],
  'aria-instant-1': [1, 0.1, 0.2, 0.1],
  'corvid-33b-v1.3': [2, 0.3, 0.4, 0.3],
  'corvid-13b-v1.3': [1, 0.2, 0.3, 0.2],
  'corvid-7b-v1.3': [1, 0.15, 0.25, 0.15],
  'lumen-2-70b-chat': [3, 0.6, 0.7, 0.6],
  'lumen-2-13b-chat': [2, 0.5, 0.6, 0.5],
  'lumen-2-7b-chat': [2, 0.5, 0.6, 0.5],
  'falcata-40b-instruct': [1, 0.05, 0.1, 0.05],
  'falcata-7b-instruct': [1, 0.05, 0.1, 0.05],
  'gallia-13b-chat': [1, 0.1, 0.2, 0.1],
  'wombat-13b': [3, 0.8, 0.85, 0.8],
  'quokka-7b': [1, 0.1, 0.1, 0.1],
  'alpine-13b': [1, 0.2, 0.3, 0.2],
  'openhelper-pythia-12b': [1, 0.3, 0.3, 0.3],
  'glimmer-6b': [1, 0.05, 0.1, 0.05],
  'mosaic-30b-chat': [2, 0.4, 0.5, 0.4],
  [MARKUP_MODEL]: [1, 0.3, 0.3, 0.9],
};
export const TRUE_RATINGS = centre(Object.fromEntries(Object.keys(STYLES).map((n) => [n, n === MARKUP_MODEL ? 1020 : CONV_RATINGS[n]!])));
const MODELS: LmModel[] = Object.entries(STYLES).map(([name, [sentences, header, list, bold]], k) => ({
  name,
  rating: TRUE_RATINGS[name]!,
  popularity: 1 + (k % 4),
  style: { sentences, header, list, bold },
}));
/** Coding questions: corvid models are stronger, aria-instant weaker. */
export const CODE_EFFECTS: Record<string, number> = { 'corvid-33b-v1.3': 150, 'corvid-13b-v1.3': 120, 'aria-instant-1': -100 };
export const LANGUAGE_EFFECTS: Record<string, Record<string, number>> = { French: { 'gallia-13b-chat': 250 } };
export const HARD_EFFECTS: Record<string, number> = { 'tessera-4-0613': 80, 'quokka-7b': -80 };

/** Unusable rows planted at fixed indices. */
const NULL_B = [17, 2400, 4990];
const SELF = [555, 4131];
const BAD_WINNER = [42, 1242, 3001, 4666];

export const COLUMNS = [
  ['question_id', 'VARCHAR'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['winner', 'VARCHAR'],
  ['conversation_a', 'VARCHAR'],
  ['conversation_b', 'VARCHAR'],
  ['turn', 'BIGINT'],
  ['anony', 'BOOLEAN'],
  ['language', 'VARCHAR'],
  ['tstamp', 'DOUBLE'],
  ['conv_metadata', 'VARCHAR'],
  ['is_code', 'BOOLEAN'],
  ['is_refusal', 'BOOLEAN'],
  ['dedup_tag', 'VARCHAR'],
  ['category_tag', 'VARCHAR'],
  ['judge_hash', 'VARCHAR'],
] as const;

function row(rng: Rng, v: LmVote): Row {
  const conv = (side: 'a' | 'b') =>
    pyJson(
      v.turns.flatMap((t) => [
        { content: t.user, role: 'user' },
        { content: t[side], role: 'assistant' },
      ]),
    );
  return {
    question_id: rng.hex(32),
    model_a: v.a,
    model_b: v.b,
    winner: WINNER_LABEL[v.outcome],
    conversation_a: conv('a'),
    conversation_b: conv('b'),
    turn: v.turns.length,
    anony: rng.bool(0.85),
    language: v.language,
    tstamp: Math.round((START + v.day * 86400) * 1000) / 1000,
    conv_metadata: pyJson(v.meta),
    is_code: v.isCode,
    is_refusal: v.isRefusal,
    dedup_tag: pyJson(v.dedup),
    category_tag: pyJson(v.category),
    judge_hash: createHash('sha256').update(judgeName(rng, 3000)).digest('hex').slice(0, 16),
  };
}

/** A JSON-string field read through DuckDB's JSON extension. */
export const jsonField: FieldSql = (column, path, type) =>
  `CAST(json_extract(${column}, ${lit('$' + path.map((p) => `."${p}"`).join(''))}) AS ${type})`;

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const votes = drawVotes(rng, {
    models: MODELS,
    votes: ROWS,
    days: 120,
    codeEffects: CODE_EFFECTS,
    languageEffects: LANGUAGE_EFFECTS,
    hardEffects: HARD_EFFECTS,
    pTie: 0.15,
    pBothBad: 0.05,
    code: 0.18,
  });
  const rows = votes.map((v) => row(rng, v));
  for (const k of NULL_B) rows[k]!.model_b = null;
  for (const k of SELF) rows[k]!.model_b = rows[k]!.model_a;
  for (const k of BAD_WINNER) rows[k]!.winner = UNKNOWN_LABEL;
  const implied = impliedRatings(votes, new Set([...NULL_B, ...SELF, ...BAD_WINNER]));
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, { from: src, a: 'model_a', b: 'model_b', outcome: LMSYS_OUTCOME });
  const usable = `model_a IS NOT NULL AND model_b IS NOT NULL AND model_a <> model_b AND (${LMSYS_OUTCOME}) IS NOT NULL`;
  return {
    file: FILE,
    preset: 'lmarena',
    summary,
    true_ratings: implied.pooled,
    planted: {
      markup_model: MARKUP_MODEL,
      unusable_rows: { 'null model': NULL_B, 'model against itself': SELF, [`unknown winner label "${UNKNOWN_LABEL}"`]: BAD_WINNER },
      unknown_winner_label: UNKNOWN_LABEL,
      base_ratings: TRUE_RATINGS,
      code_effects: CODE_EFFECTS,
      language_effects: LANGUAGE_EFFECTS,
      hard_prompt_effects: HARD_EFFECTS,
      style: {
        rule:
          'P(A beats B) = σ((Ra − Rb)·ln10/400 + Σ β_f·d_f), d_f = (s_f(A) − s_f(B)) / (s_f(A) + s_f(B) + 1); s_f from conv_metadata: ' +
          'length = sum_assistant_*_tokens, header = h1..h6, list = ordered + unordered, bold = ** + __; tokens = ceil(characters / 4) per message',
        beta: STYLE_BETA,
        features: await styleFigures(db, styleRowsSql(src, LMSYS_OUTCOME, usable, jsonField)),
        // what style control should recover (the slice ratings pooled, without the style term)
        true_ratings_controlled: implied.controlled,
      },
      categories: await categoryFigures(db, src, usable, jsonField),
      languages: await languageFigures(db, src, usable),
      dedup: {
        high_freq_sampled_rate: HIGH_FREQ_SAMPLED,
        rows: await countBy2(
          db,
          `SELECT ${jsonField('dedup_tag', ['high_freq'], 'BOOLEAN')} AS g, ${jsonField('dedup_tag', ['sampled'], 'BOOLEAN')} AS k,
          CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`,
        ),
        sampled_votes: Number(
          (
            await db.one(
              `SELECT CAST(count(*) AS DOUBLE) AS n FROM ${src} WHERE ${usable} AND ${jsonField('dedup_tag', ['sampled'], 'BOOLEAN')}`,
            )
          ).n,
        ),
      },
      is_refusal: Number((await db.one(`SELECT CAST(count(*) FILTER (WHERE is_refusal) AS DOUBLE) AS n FROM ${src}`)).n),
      turns: await countBy(db, `SELECT turn AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      judges: Number((await db.one(`SELECT CAST(count(DISTINCT judge_hash) AS DOUBLE) AS n FROM ${src}`)).n),
    },
  };
}
