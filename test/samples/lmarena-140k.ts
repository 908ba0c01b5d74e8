/**
 * LMArena arena-human-preference-140k shape (2025): conversations as lists of messages whose content is a
 * list of parts, full_conversation side by side, conv_metadata and category_tag as structs, sessions with
 * an evaluation order, a timestamp. 14 models, coding / language / hard-prompt effects and the style
 * effect of lmarena-votes.ts. No unusable rows.
 */
import { quoteIdent } from '../../src/core/sql/quote.ts';
import type { Outcome } from '../../src/core/outcome.ts';
import type { Db, Row } from './db.ts';
import { type LmModel, type LmVote, STYLE_BETA, drawVotes, impliedRatings } from './lmarena-votes.ts';
import { type FieldSql, categoryFigures, languageFigures, styleFigures, styleRowsSql } from './lmarena-style-sql.ts';
import { centre } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, parquet, summarise, type SampleEntry } from './summary.ts';

export const FILE = 'lmarena-140k.parquet';
export const SOURCE = 'lmarena-ai/arena-human-preference-140k';
const ROWS = 1500;
const START = 1743465600; // 2025-04-01 00:00 UTC

const STYLES: Record<string, [rating: number, sentences: number, header: number, list: number, bold: number]> = {
  'tessera-5-preview': [1250, 3, 0.7, 0.8, 0.7],
  'tessera-4.1-mini': [1160, 2, 0.4, 0.5, 0.4],
  'aria-4-opus': [1230, 2, 0.3, 0.4, 0.3],
  'aria-4-haiku': [1120, 1, 0.2, 0.3, 0.2],
  'lumen-4-maverick': [1140, 3, 0.8, 0.85, 0.8],
  'lumen-4-scout': [1070, 2, 0.5, 0.6, 0.5],
  'corvid-r2': [1200, 2, 0.3, 0.4, 0.3],
  'corvid-v3.1': [1150, 2, 0.3, 0.4, 0.3],
  'gallia-medium-3': [1100, 1, 0.2, 0.3, 0.2],
  'glimmer-3-27b': [1060, 1, 0.2, 0.3, 0.2],
  'quokka-qwq-32b': [1090, 2, 0.3, 0.5, 0.3],
  'mosaic-omni-2': [1030, 1, 0.1, 0.2, 0.1],
  'wombat-nano': [960, 1, 0.1, 0.1, 0.1],
  'alpine-3-8b': [940, 1, 0.2, 0.2, 0.2],
};
export const TRUE_RATINGS = centre(Object.fromEntries(Object.entries(STYLES).map(([n, [r]]) => [n, r])));
const MODELS: LmModel[] = Object.entries(STYLES).map(([name, [, sentences, header, list, bold]], k) => ({
  name,
  rating: TRUE_RATINGS[name]!,
  popularity: 1 + (k % 3),
  style: { sentences, header, list, bold },
}));
export const CODE_EFFECTS: Record<string, number> = { 'corvid-r2': 120, 'quokka-qwq-32b': 100, 'aria-4-haiku': -80 };
export const LANGUAGE_EFFECTS: Record<string, Record<string, number>> = { Chinese: { 'glimmer-3-27b': 220 } };
export const HARD_EFFECTS: Record<string, number> = { 'aria-4-opus': 90, 'wombat-nano': -90 };
const WINNER: Record<Outcome, string> = { a: 'model_a', b: 'model_b', tie: 'tie', both_bad: 'both_bad' };
export const OUTCOME_SQL = `CASE winner WHEN 'model_a' THEN 'a' WHEN 'model_b' THEN 'b' WHEN 'tie' THEN 'tie' WHEN 'both_bad' THEN 'both_bad' END`;

const MESSAGE = 'STRUCT("role" VARCHAR, content STRUCT("type" VARCHAR, "text" VARCHAR, image VARCHAR, mimeType VARCHAR)[])';
const side = (s: 'a' | 'b') =>
  `header_count_${s} STRUCT(h1 BIGINT, h2 BIGINT, h3 BIGINT, h4 BIGINT, h5 BIGINT, h6 BIGINT), ` +
  `list_count_${s} STRUCT(ordered BIGINT, unordered BIGINT), bold_count_${s} STRUCT("**" BIGINT, "__" BIGINT)`;
const CONV_METADATA =
  'STRUCT(sum_user_tokens BIGINT, sum_assistant_a_tokens BIGINT, sum_assistant_b_tokens BIGINT, context_a_tokens BIGINT, ' +
  `context_b_tokens BIGINT, turns BIGINT, ${side('a')}, ${side('b')})`;
const CATEGORY_TAG =
  'STRUCT("creative_writing_v0.1" STRUCT(creative_writing BOOLEAN, score VARCHAR), "criteria_v0.1" STRUCT(complexity BOOLEAN, ' +
  'creativity BOOLEAN, domain_knowledge BOOLEAN, problem_solving BOOLEAN, real_world BOOLEAN, specificity BOOLEAN, ' +
  'technical_accuracy BOOLEAN), "if_v0.1" STRUCT("if" BOOLEAN, score BIGINT), "math_v0.1" STRUCT(math BOOLEAN))';

export const COLUMNS = [
  ['id', 'VARCHAR'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['winner', 'VARCHAR'],
  ['evaluation_session_id', 'VARCHAR'],
  ['evaluation_order', 'BIGINT'],
  ['conversation_a', `${MESSAGE}[]`],
  ['conversation_b', `${MESSAGE}[]`],
  ['full_conversation', `STRUCT("user" ${MESSAGE}, model_side_a ${MESSAGE}, model_side_b ${MESSAGE})[]`],
  ['conv_metadata', CONV_METADATA],
  ['category_tag', CATEGORY_TAG],
  ['language', 'VARCHAR'],
  ['is_code', 'BOOLEAN'],
  ['timestamp', 'TIMESTAMP'],
] as const;

function uuid(rng: Rng): string {
  return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${rng.hex(3)}-${rng.hex(12)}`;
}

const message = (role: 'user' | 'assistant', text: string) => ({ role, content: [{ type: 'text', text, image: null, mimeType: null }] });

function timestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 23).replace('T', ' ');
}

function rows(rng: Rng, votes: readonly LmVote[]): Row[] {
  const out: Row[] = [];
  let session = '';
  let left = 0;
  let order = 0;
  for (const v of votes) {
    if (left === 0) {
      session = uuid(rng);
      left = 1 + rng.weightedIndex([60, 25, 15]);
      order = 0;
    }
    left--;
    order++;
    out.push({
      id: uuid(rng),
      model_a: v.a,
      model_b: v.b,
      winner: WINNER[v.outcome],
      evaluation_session_id: session,
      evaluation_order: order,
      conversation_a: v.turns.flatMap((t) => [message('user', t.user), message('assistant', t.a)]),
      conversation_b: v.turns.flatMap((t) => [message('user', t.user), message('assistant', t.b)]),
      full_conversation: v.turns.map((t) => ({
        user: message('user', t.user),
        model_side_a: message('assistant', t.a),
        model_side_b: message('assistant', t.b),
      })),
      conv_metadata: v.meta,
      category_tag: v.category,
      language: v.language,
      is_code: v.isCode,
      timestamp: timestamp(START + Math.round(v.day * 86400 * 1000) / 1000),
    });
  }
  return out;
}

export const structField: FieldSql = (column, path, type) => `CAST(${[column, ...path].map(quoteIdent).join('.')} AS ${type})`;

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const votes = drawVotes(rng, {
    models: MODELS,
    votes: ROWS,
    days: 60,
    codeEffects: CODE_EFFECTS,
    languageEffects: LANGUAGE_EFFECTS,
    hardEffects: HARD_EFFECTS,
    pTie: 0.2,
    pBothBad: 0.1,
    code: 0.25,
  });
  const implied = impliedRatings(votes);
  await db.writeParquet(path, COLUMNS, rows(rng, votes));
  const src = parquet(path);
  const summary = await summarise(db, { from: src, a: 'model_a', b: 'model_b', outcome: OUTCOME_SQL });
  const usable = `(${OUTCOME_SQL}) IS NOT NULL AND model_a <> model_b`;
  return {
    file: FILE,
    preset: 'lmarena',
    summary,
    true_ratings: implied.pooled,
    planted: {
      base_ratings: TRUE_RATINGS,
      code_effects: CODE_EFFECTS,
      language_effects: LANGUAGE_EFFECTS,
      hard_prompt_effects: HARD_EFFECTS,
      style: {
        beta: STYLE_BETA,
        features: await styleFigures(db, styleRowsSql(src, OUTCOME_SQL, usable, structField)),
        true_ratings_controlled: implied.controlled,
      },
      categories: await categoryFigures(db, src, usable, structField),
      languages: await languageFigures(db, src, usable),
      sessions: Number((await db.one(`SELECT CAST(count(DISTINCT evaluation_session_id) AS DOUBLE) AS n FROM ${src}`)).n),
      evaluation_order: await countBy(db, `SELECT evaluation_order AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      timestamp_range: Object.values(
        await db.one(`SELECT CAST(min("timestamp") AS VARCHAR) AS lo, CAST(max("timestamp") AS VARCHAR) AS hi FROM ${src}`),
      ),
    },
  };
}
