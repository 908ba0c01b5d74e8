/**
 * Compar:IA-French-Maxx preference pairs (the published 14 columns): the optimal answer against a
 * rejected one, no model names. Defect labels exist on `reactions` rows only (NULL on `arena` rows), with
 * rates planted by pref_strength; a few rows have no rejected answer (not a preference pair), and a
 * minority carry a second rejected answer (rejected_2).
 */
import type { Db, Row } from './db.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';
import { answer, followUp, prompt } from './text.ts';

export const FILE = 'french-maxx.parquet';
export const SOURCE = 'comparia-french-maxx (Compar:IA-French-Maxx)';
const ROWS = 4000;
export const DEFECTS = ['incorrect', 'superficial', 'instructions_not_followed'] as const;
export const STRENGTHS = ['strong', 'medium', 'weak', 'none'] as const;
/** The card's mix: 5,359 strong, 1,055 medium, 145 weak, 16 none of 6,575. */
const STRENGTH_WEIGHTS = [81.5, 16, 2.2, 0.3];

/** Planted defect probability on reactions rows = base[defect] × factor[pref_strength] (capped at 0.95). */
export const DEFECT_BASE: Record<string, number> = { incorrect: 0.4, superficial: 0.3, instructions_not_followed: 0.25 };
export const STRENGTH_FACTOR: Record<string, number> = { strong: 1.3, medium: 0.8, weak: 0.5, none: 0.3 };
/** Every 400th row (from row 199) has no rejected answer: 0.25 %, as in the card (16 of 6,575). */
const NO_REJECTED = (k: number) => k % 400 === 199;
export const REJECTED_2_SHARE = 0.4;

const MESSAGES = 'STRUCT("role" VARCHAR, content VARCHAR)[]';
export const COLUMNS = [
  ['messages', MESSAGES],
  ['response_optimal', 'VARCHAR'],
  ['response_optimal_styled', 'VARCHAR'],
  ['rejected', 'VARCHAR'],
  ['rejected_2', 'VARCHAR'],
  ['pref_strength', 'VARCHAR'],
  ['incorrect', 'BOOLEAN'],
  ['superficial', 'BOOLEAN'],
  ['instructions_not_followed', 'BOOLEAN'],
  ['conversation_turns', 'BIGINT'],
  ['is_multi_turn', 'BOOLEAN'],
  ['prompt_chars', 'BIGINT'],
  ['source', 'VARCHAR'],
  ['id', 'VARCHAR'],
] as const;

/** The same content with a title, bold lead and one bullet per sentence (what the card calls the styled variant). */
export function styled(text: string, topic: string): string {
  const sentences = text.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [text];
  const [first, ...rest] = sentences;
  return [
    `## ${topic.charAt(0).toUpperCase()}${topic.slice(1)}`,
    '',
    `**${first}**`,
    ...(rest.length ? ['', ...rest.map((s) => `- ${s}`)] : []),
  ].join('\n');
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const rows: Row[] = [];
  for (let k = 0; k < ROWS; k++) {
    const source = rng.bool(0.59) ? 'arena' : 'reactions';
    const turns = 1 + rng.weightedIndex([75, 18, 7]);
    const ex = prompt(rng, 'French');
    // Prompt length varies: some prompts carry a pasted context.
    const context = rng.bool(0.25) ? ' Contexte : ' + answer(rng, 'French', ex.topic, 2 + rng.int(6)) : '';
    const messages: { role: string; content: string }[] = [{ role: 'user', content: ex.prompt + context }];
    for (let t = 1; t < turns; t++)
      messages.push({ role: 'assistant', content: answer(rng, 'French', ex.topic, 1) }, { role: 'user', content: followUp(rng, 'French') });
    const optimal = answer(rng, 'French', ex.topic, 2 + rng.int(3));
    const hasRejected = !NO_REJECTED(k);
    const strength = hasRejected ? STRENGTHS[rng.weightedIndex(STRENGTH_WEIGHTS)]! : null;
    const row: Row = {
      messages,
      response_optimal: optimal,
      response_optimal_styled: styled(optimal, ex.topic),
      rejected: hasRejected ? answer(rng, 'French', ex.topic, 1 + rng.int(2)) : null,
      rejected_2: hasRejected && rng.bool(REJECTED_2_SHARE) ? answer(rng, 'French', ex.topic, 1) : null,
      pref_strength: strength,
      conversation_turns: turns,
      is_multi_turn: turns > 1,
      prompt_chars: [...messages[messages.length - 1]!.content].length,
      source,
      id: `${source === 'arena' ? 'comparia-conv' : 'comparia-reaction'}-${rng.hex(12)}`,
    };
    if (source === 'reactions') {
      const factor = STRENGTH_FACTOR[strength ?? 'medium']!;
      for (const d of DEFECTS) row[d] = rng.bool(Math.min(0.95, DEFECT_BASE[d]! * factor));
    }
    rows.push(row);
  }
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src,
    a: `'optimal'`,
    b: `'rejected'`,
    outcome: `'a'`,
    winner: 'NULL',
    missing: `CASE WHEN rejected IS NULL THEN 'no rejected answer' END`,
  });
  // Defect figures over the preference pairs (rows with a rejected answer): what the Defects lens counts.
  const pairs = `(SELECT * FROM ${src} WHERE rejected IS NOT NULL)`;
  const sums = DEFECTS.map((d) => `CAST(count(*) FILTER (WHERE ${d}) AS DOUBLE) AS ${d}`).join(', ');
  const grouped = async (by: string) => {
    const out: Record<string, Record<string, number>> = {};
    for (const r of await db.all(`SELECT ${by} AS g, CAST(count(*) AS DOUBLE) AS rows, ${sums} FROM ${pairs} GROUP BY 1 ORDER BY 1`)) {
      const { g, ...rest } = r;
      out[String(g)] = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number(v)]));
    }
    return out;
  };
  const all = await db.one(
    `SELECT ${sums}, CAST(count(*) FILTER (WHERE incorrect OR superficial OR instructions_not_followed) AS DOUBLE) AS any_defect FROM ${pairs}`,
  );
  const consistent =
    await db.one(`SELECT CAST(count(*) FILTER (WHERE conversation_turns = len(list_filter(messages, m -> m."role" = 'user'))
      AND is_multi_turn = (conversation_turns > 1) AND prompt_chars = length(messages[-1].content) AND messages[-1]."role" = 'user') AS DOUBLE) AS n FROM ${src}`);
  return {
    file: FILE,
    preset: 'french-maxx',
    summary,
    true_ratings: null,
    notes: 'No model names: side A is "optimal", side B "rejected", and A always wins, so no finite rating exists.',
    planted: {
      no_rejected_rows: Number((await db.one(`SELECT CAST(count(*) FILTER (WHERE rejected IS NULL) AS DOUBLE) AS n FROM ${src}`)).n),
      rejected_2_rows: Number((await db.one(`SELECT CAST(count(rejected_2) AS DOUBLE) AS n FROM ${src}`)).n),
      // votes when the second pairs (optimal vs rejected_2) are included
      votes_with_rejected_2: summary.votes + Number((await db.one(`SELECT CAST(count(rejected_2) AS DOUBLE) AS n FROM ${pairs}`)).n),
      rows_consistent_with_messages: Number(consistent.n),
      defect_counts: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, Number(v)])),
      defect_base_rates: DEFECT_BASE,
      pref_strength_factor: STRENGTH_FACTOR,
      defect_labels_on_arena_rows: Number(
        (
          await db.one(`SELECT CAST(count(*) FILTER (WHERE source = 'arena' AND
        (incorrect IS NOT NULL OR superficial IS NOT NULL OR instructions_not_followed IS NOT NULL)) AS DOUBLE) AS n FROM ${src}`)
        ).n,
      ),
      by_source: await grouped('source'),
      by_pref_strength: await grouped('pref_strength'),
      by_source_and_strength: await grouped(`source || ':' || pref_strength`),
      by_multi_turn: await grouped('is_multi_turn'),
      sources: await countBy(db, `SELECT source AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      pref_strength: await countBy(
        db,
        `SELECT coalesce(pref_strength, 'NULL') AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 2 DESC`,
      ),
      conversation_turns: await countBy2(
        db,
        `SELECT is_multi_turn AS g, conversation_turns AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    },
  };
}
