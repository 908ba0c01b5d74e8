/** The default sample: lmsys chatbot_arena_conversations shape, 30,000 votes, 24 invented models. */
import { lit, TURNS, type Db, type Row, type Turn } from './db.ts';
import { quoteIdent } from '../../src/core/sql/quote.ts';
import { MODERATION_TYPE, MOD_CATEGORIES, TOXIC_TYPE, safety } from './moderation.ts';
import { ExpectedScores, centre, drawOutcome, withEffects } from './ratings.ts';
import type { Rng } from './rng.ts';
import type { Ratings } from './ratings.ts';
import { LMSYS_OUTCOME, WINNER_LABEL, countBy, parquet, summarise, type SampleEntry } from './summary.ts';
import { HOSTILE, LANGUAGES, LANGUAGE_WEIGHTS, conversationPair, longText } from './text.ts';

export const FILE = 'arena-conversations.parquet';
export const SOURCE = 'lmsys/chatbot_arena_conversations';
const VOTES = 30_000;
const START = 1682294400; // 2023-04-24 00:00 UTC
const DAYS = 90;
export const LATE_MODEL = 'tessera-4-turbo-1106';
const LATE_DAY = 60;

// name, raw rating, popularity, verbosity (sentences per answer)
const MODELS: ReadonlyArray<readonly [string, number, number, number]> = [
  ['tessera-4-0613', 1185, 9, 3],
  ['tessera-3.5-turbo-0613', 1110, 10, 2],
  ['aria-2-chat', 1150, 7, 3],
  ['aria-instant-1', 1090, 6, 2],
  ['corvid-33b-v1.3', 1065, 6, 3],
  ['corvid-13b-v1.3', 1035, 8, 2],
  ['corvid-7b-v1.3', 990, 5, 2],
  ['lumen-2-70b-chat', 1075, 6, 3],
  ['lumen-2-13b-chat', 1005, 5, 2],
  ['lumen-2-7b-chat', 960, 4, 2],
  ['falcata-40b-instruct', 950, 4, 1],
  ['falcata-7b-instruct', 885, 3, 1],
  ['gallia-13b-chat', 985, 5, 2],
  ['wombat-13b', 940, 4, 2],
  ['quokka-7b', 900, 3, 1],
  ['alpine-13b', 925, 4, 2],
  ['steady-lm-7b', 840, 3, 1],
  ['sheepdog-12b', 860, 3, 1],
  ['openhelper-pythia-12b', 930, 4, 2],
  ['glimmer-6b', 910, 4, 1],
  ['swift-t5-3b', 880, 3, 1],
  ['mosaic-30b-chat', 1000, 4, 2],
  ['raven-14b', 870, 3, 1],
  [LATE_MODEL, 1210, 12, 4],
];

/** Per-language rating offsets: gallia is much stronger in French, glimmer in Chinese. */
export const LANGUAGE_EFFECTS: Record<string, Record<string, number>> = {
  French: { 'gallia-13b-chat': 260, 'corvid-7b-v1.3': -60, 'swift-t5-3b': -80 },
  Chinese: { 'glimmer-6b': 200, 'falcata-40b-instruct': -50 },
};

const TURN_WEIGHTS = [82, 10, 4, 2.5, 1.5];

export const COLUMNS = [
  ['question_id', 'VARCHAR'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['winner', 'VARCHAR'],
  ['judge', 'VARCHAR'],
  ['conversation_a', TURNS],
  ['conversation_b', TURNS],
  ['turn', 'BIGINT'],
  ['anony', 'BOOLEAN'],
  ['language', 'VARCHAR'],
  ['tstamp', 'DOUBLE'],
  ['openai_moderation', MODERATION_TYPE],
  ['toxic_chat_tag', TOXIC_TYPE],
] as const;

/** Rows that carry hostile text: [row index, kind, where]. Long ones are ~50 KB. */
const HOSTILE_ROWS: ReadonlyArray<readonly [number, string, 'prompt' | 'answer_a' | 'answer_b']> = [
  [101, 'script', 'prompt'],
  [2222, 'img', 'answer_a'],
  [4567, 'jsLink', 'prompt'],
  [7777, 'html', 'answer_b'],
  [9999, 'bidi', 'prompt'],
  [12345, 'closing', 'answer_a'],
  [15000, 'iframe', 'answer_b'],
  [18888, 'long', 'prompt'],
  [21212, 'long', 'answer_a'],
  [25000, 'long', 'answer_b'],
];

export const TRUE_RATINGS = centre(Object.fromEntries(MODELS.map(([n, r]) => [n, r])));

export function judgeName(rng: Rng, users: number): string {
  return `arena_user_${Math.floor(Math.exp(rng.next() * Math.log(users)))}`;
}

function plant(rng: Rng, row: Row, kind: string, where: string): void {
  const text = kind === 'long' ? longText(rng, 50_000) : HOSTILE[kind as keyof typeof HOSTILE];
  const a = row.conversation_a as Turn[];
  const b = row.conversation_b as Turn[];
  if (where === 'prompt') {
    a[0]!.content = text;
    b[0]!.content = text;
  } else {
    (where === 'answer_a' ? a : b)[1]!.content = text;
  }
}

export function buildRows(rng: Rng): { rows: Row[]; hostile: { question_id: string; kind: string; where: string }[]; implied: Ratings } {
  const days = Array.from({ length: VOTES }, () => rng.next() * DAYS).sort((x, y) => x - y);
  const ratings = Object.fromEntries(LANGUAGES.map((l) => [l, withEffects(TRUE_RATINGS, LANGUAGE_EFFECTS[l] ?? {})]));
  const early = MODELS.map(([n, , p]) => (n === LATE_MODEL ? 0 : p));
  const late = MODELS.map(([, , p]) => p);
  const rows: Row[] = [];
  const expected = new ExpectedScores();
  for (const day of days) {
    const [i, j] = rng.pair(day < LATE_DAY ? early : late);
    const [ma, , , va] = MODELS[i]!;
    const [mb, , , vb] = MODELS[j]!;
    const language = rng.weighted(LANGUAGES, LANGUAGE_WEIGHTS);
    const turn = 1 + rng.weightedIndex(TURN_WEIGHTS);
    const safe = safety(rng, 0.03);
    const first = safe.prompt ? { topic: 'that', prompt: safe.prompt } : undefined;
    const conv = conversationPair(rng, safe.prompt ? 'English' : language, turn, va, vb, first);
    const r = ratings[language]!;
    const outcome = drawOutcome(rng, r[ma]!, r[mb]!, 0.15, 0.05);
    expected.add(ma, mb, r[ma]!, r[mb]!);
    rows.push({
      question_id: rng.hex(32),
      model_a: ma,
      model_b: mb,
      winner: WINNER_LABEL[outcome],
      judge: judgeName(rng, 9000),
      conversation_a: conv.a,
      conversation_b: conv.b,
      turn,
      anony: rng.bool(0.8),
      language,
      tstamp: Math.round((START + day * 86400) * 1000) / 1000,
      openai_moderation: safe.openai_moderation,
      toxic_chat_tag: safe.toxic_chat_tag,
    });
  }
  const hostile = HOSTILE_ROWS.map(([index, kind, where]) => {
    plant(rng, rows[index]!, kind, where);
    return { question_id: String(rows[index]!.question_id), kind, where };
  });
  return { rows, hostile, implied: expected.fit() };
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const { rows, hostile, implied } = buildRows(rng);
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, { from: src, a: 'model_a', b: 'model_b', outcome: LMSYS_OUTCOME });
  const q = (sql: string) => countBy(db, sql);
  const flagged = await db.one(`SELECT CAST(count(*) FILTER (WHERE openai_moderation.flagged) AS DOUBLE) AS n,
      CAST(count(*) AS DOUBLE) AS total FROM ${src}`);
  const catSql = MOD_CATEGORIES.map(
    (c) => `SELECT ${lit(c)} AS k, CAST(count(*) FILTER (WHERE openai_moderation.categories.${quoteIdent(c)}) AS DOUBLE) AS n FROM ${src}`,
  );
  const lateFirst = await db.one(`SELECT min(tstamp) AS t FROM ${src} WHERE $1 IN (model_a, model_b)`, [LATE_MODEL]);
  const range = await db.one(`SELECT min(tstamp) AS lo, max(tstamp) AS hi FROM ${src}`);
  return {
    file: FILE,
    preset: 'lmsys-conversations',
    summary,
    true_ratings: implied,
    planted: {
      moderation_flagged: Number(flagged.n),
      moderation_flagged_rate: Number(flagged.n) / Number(flagged.total),
      moderation_categories: await q(catSql.join(' UNION ALL ') + ' ORDER BY k'),
      toxic_flagged:
        await q(`SELECT 'roberta-large' AS k, CAST(count(*) FILTER (WHERE toxic_chat_tag."roberta-large".flagged) AS DOUBLE) AS n FROM ${src}
        UNION ALL SELECT 't5-large', CAST(count(*) FILTER (WHERE toxic_chat_tag."t5-large".flagged) AS DOUBLE) FROM ${src}
        UNION ALL SELECT 'both', CAST(count(*) FILTER (WHERE toxic_chat_tag."t5-large".flagged AND toxic_chat_tag."roberta-large".flagged) AS DOUBLE) FROM ${src}
        UNION ALL SELECT 'any', CAST(count(*) FILTER (WHERE toxic_chat_tag."t5-large".flagged OR toxic_chat_tag."roberta-large".flagged) AS DOUBLE) FROM ${src}`),
      languages: await q(`SELECT language AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 2 DESC, 1`),
      turns: await q(`SELECT turn AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      anony: await q(`SELECT anony AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      judges: Number((await db.one(`SELECT CAST(count(DISTINCT judge) AS DOUBLE) AS n FROM ${src}`)).n),
      tstamp_range: [Number(range.lo), Number(range.hi)],
      late_model: {
        model: LATE_MODEL,
        planted_first_day: LATE_DAY,
        planted_first_tstamp: START + LATE_DAY * 86400,
        first_tstamp: Number(lateFirst.t),
      },
      base_ratings: TRUE_RATINGS,
      language_effects: LANGUAGE_EFFECTS,
      true_ratings_by_language: {
        French: withEffects(TRUE_RATINGS, LANGUAGE_EFFECTS.French!),
        Chinese: withEffects(TRUE_RATINGS, LANGUAGE_EFFECTS.Chinese!),
      },
      hostile_rows: hostile,
      rows_with_text_over_40k: Number(
        (
          await db.one(`SELECT CAST(count(*) AS DOUBLE) AS n FROM ${src}
        WHERE list_max(list_transform(conversation_a || conversation_b, x -> length(x.content))) > 40000`)
        ).n,
      ),
      tie_probability: 0.15,
      both_bad_probability: 0.05,
    },
  };
}
