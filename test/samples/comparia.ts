/** comparIA votes: 16 models, French prompts, both_equal ~12 %, conv_* quality labels with planted per-model rates. */
import { TURNS, type Db, type Row } from './db.ts';
import { centre, drawOutcome } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, parquet, summarise, type SampleEntry } from './summary.ts';
import { conversationPair } from './text.ts';

export const FILE = 'comparia-votes.parquet';
export const SOURCE = 'ministere-culture/comparia-votes (an earlier shape, not one of the seed datasets)';
const VOTES = 8000;

const MODELS: ReadonlyArray<readonly [string, number]> = [
  ['gallia-24b', 1120],
  ['gallia-7b', 1010],
  ['lumen-3-70b', 1100],
  ['lumen-3-8b', 960],
  ['tessera-4o', 1150],
  ['tessera-4o-mini', 1060],
  ['corvid-32b', 1040],
  ['corvid-7b', 930],
  ['aria-3-haiku', 1000],
  ['aria-3-sonnet', 1090],
  ['alpine-9b', 950],
  ['falcata-180b', 990],
  ['hexa-14b', 970],
  ['marin-12b', 1020],
  ['occitan-3b', 880],
  ['quokka-2-7b', 900],
];
export const TRUE_RATINGS = centre(Object.fromEntries(MODELS));
export const LABELS = ['useful', 'creative', 'clear_formatting', 'incorrect', 'superficial', 'instructions_not_followed'] as const;

/** Planted base rate of each label per model (before the chosen-side adjustment). */
export const LABEL_RATES: Record<string, Record<string, number>> = Object.fromEntries(
  MODELS.map(([m, r]) => {
    const q = (r - 880) / 270; // 0 (weakest) .. 1 (strongest)
    const rates: Record<string, number> = {
      useful: 0.25 + 0.3 * q,
      creative: 0.12 + 0.1 * q,
      clear_formatting: 0.2 + 0.15 * q,
      incorrect: 0.22 - 0.14 * q,
      superficial: 0.18 - 0.1 * q,
      instructions_not_followed: 0.12 - 0.08 * q,
    };
    if (m === 'gallia-24b') rates.creative = 0.45;
    if (m === 'falcata-180b') rates.superficial = 0.4;
    if (m === 'corvid-7b') rates.incorrect = 0.45;
    if (m === 'hexa-14b') rates.clear_formatting = 0.6;
    for (const k of Object.keys(rates)) rates[k] = Math.round(rates[k]! * 1000) / 1000;
    return [m, rates];
  }),
);
const POSITIVE = new Set(['useful', 'creative', 'clear_formatting']);

const CATEGORIES = ['education', 'daily_life', 'writing', 'coding', 'culture', 'health', 'administration'];
const COMMENTS = ['Réponse claire, merci.', 'Trop long.', 'Il manque des sources.', 'Très bien écrit !', 'Hors sujet.'];

export const COLUMNS = [
  ['id', 'VARCHAR'],
  ['timestamp', 'TIMESTAMP'],
  ['model_a_name', 'VARCHAR'],
  ['model_b_name', 'VARCHAR'],
  ['model_pair_name', 'VARCHAR'],
  ['chosen_model_name', 'VARCHAR'],
  ['both_equal', 'BOOLEAN'],
  ['opening_msg', 'VARCHAR'],
  ['conversation_a', TURNS],
  ['conversation_b', TURNS],
  ['selected_category', 'VARCHAR'],
  ...(['a', 'b'] as const).flatMap((s) => LABELS.map((l) => [`conv_${l}_${s}`, 'BOOLEAN'] as const)),
  ['conv_comments_a', 'VARCHAR'],
  ['conv_comments_b', 'VARCHAR'],
  ['is_unedited_prompt', 'BOOLEAN'],
] as const;

function labels(rng: Rng, model: string, chosen: boolean | null, side: 'a' | 'b', row: Row): void {
  for (const l of LABELS) {
    let p = LABEL_RATES[model]![l]!;
    if (chosen !== null) p *= POSITIVE.has(l) === chosen ? 1.3 : 0.7;
    row[`conv_${l}_${side}`] = rng.bool(Math.min(p, 0.95));
  }
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const start = 1727740800; // 2024-10-01
  const times = Array.from({ length: VOTES }, () => Math.floor(rng.next() * 120 * 86400)).sort((x, y) => x - y);
  const rows: Row[] = times.map((t) => {
    const [i, j] = rng.pair(MODELS.map(() => 1));
    const a = MODELS[i]![0];
    const b = MODELS[j]![0];
    const outcome = drawOutcome(rng, TRUE_RATINGS[a]!, TRUE_RATINGS[b]!, 0.12, 0);
    const conv = conversationPair(rng, 'French', 1 + rng.weightedIndex([80, 15, 5]), 1 + rng.int(3), 1 + rng.int(3));
    const row: Row = {
      id: rng.hex(32),
      timestamp: new Date((start + t) * 1000).toISOString().slice(0, 19).replace('T', ' '),
      model_a_name: a,
      model_b_name: b,
      model_pair_name: [a, b].sort().join('_vs_'),
      chosen_model_name: outcome === 'tie' ? null : outcome === 'a' ? a : b,
      both_equal: outcome === 'tie',
      opening_msg: conv.first.prompt,
      conversation_a: conv.a,
      conversation_b: conv.b,
      selected_category: rng.pick(CATEGORIES),
      conv_comments_a: rng.bool(0.05) ? rng.pick(COMMENTS) : null,
      conv_comments_b: rng.bool(0.05) ? rng.pick(COMMENTS) : null,
      is_unedited_prompt: rng.bool(0.7),
    };
    labels(rng, a, outcome === 'tie' ? null : outcome === 'a', 'a', row);
    labels(rng, b, outcome === 'tie' ? null : outcome === 'b', 'b', row);
    return row;
  });
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src,
    a: 'model_a_name',
    b: 'model_b_name',
    winner: 'chosen_model_name',
    outcome: `CASE WHEN both_equal THEN 'tie' WHEN chosen_model_name = model_a_name THEN 'a'
      WHEN chosen_model_name = model_b_name THEN 'b' END`,
  });
  // Per model: appearances and how often each label was set on that model's side.
  const sums = LABELS.map((l) => `CAST(sum(CAST(${l} AS INTEGER)) AS DOUBLE) AS ${l}`).join(', ');
  const side = (s: string) => `SELECT model_${s}_name AS m, ${LABELS.map((l) => `conv_${l}_${s} AS ${l}`).join(', ')} FROM ${src}`;
  const perModel: Record<string, Record<string, number>> = {};
  for (const r of await db.all(`SELECT m, CAST(count(*) AS DOUBLE) AS appearances, ${sums}
      FROM (${side('a')} UNION ALL ${side('b')}) GROUP BY m ORDER BY m`)) {
    const { m, ...rest } = r;
    perModel[String(m)] = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number(v)]));
  }
  return {
    file: FILE,
    preset: 'comparia-votes',
    summary,
    true_ratings: TRUE_RATINGS,
    planted: {
      both_equal: Number((await db.one(`SELECT CAST(count(*) FILTER (WHERE both_equal) AS DOUBLE) AS n FROM ${src}`)).n),
      chosen_null: Number((await db.one(`SELECT CAST(count(*) FILTER (WHERE chosen_model_name IS NULL) AS DOUBLE) AS n FROM ${src}`)).n),
      label_rates_planted: LABEL_RATES,
      label_rate_note:
        'base rate per model; on the chosen side positive labels x1.3 and negative x0.7, on the other side the reverse; unchanged on both_equal votes',
      label_counts_per_model: perModel,
      categories: await countBy(db, `SELECT selected_category AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      unedited_prompts: Number((await db.one(`SELECT CAST(count(*) FILTER (WHERE is_unedited_prompt) AS DOUBLE) AS n FROM ${src}`)).n),
    },
  };
}
