/** Compar:IA-French-Maxx preference pairs: optimal vs rejected; defect labels with rates by source and pref_strength. */
import { TURNS, type Db, type Row, type Turn } from './db.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';
import { answer, followUp, prompt } from './text.ts';

export const FILE = 'french-maxx.parquet';
const ROWS = 5000;
export const DEFECTS = ['incorrect', 'superficial', 'instructions_not_followed'] as const;

/** Planted defect probability = base[source][defect] × factor[pref_strength] (capped at 0.95). */
export const DEFECT_BASE: Record<string, Record<string, number>> = {
  arena: { incorrect: 0.3, superficial: 0.25, instructions_not_followed: 0.15 },
  reactions: { incorrect: 0.18, superficial: 0.35, instructions_not_followed: 0.1 },
};
export const STRENGTH_FACTOR: Record<number, number> = { 1: 0.6, 2: 1, 3: 1.5 };

export const COLUMNS = [
  ['id', 'VARCHAR'], ['messages', TURNS], ['response_optimal', 'VARCHAR'], ['rejected', 'VARCHAR'],
  ['pref_strength', 'BIGINT'], ['incorrect', 'BOOLEAN'], ['superficial', 'BOOLEAN'], ['instructions_not_followed', 'BOOLEAN'],
  ['source', 'VARCHAR'], ['multi_turn', 'BOOLEAN'],
] as const;

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const rows: Row[] = [];
  for (let k = 0; k < ROWS; k++) {
    const source = rng.bool(0.65) ? 'arena' : 'reactions';
    const strength = 1 + rng.weightedIndex([30, 45, 25]);
    const multi = rng.bool(0.2);
    const ex = prompt(rng, 'French');
    // Prompt length varies: some prompts carry a pasted context.
    const context = rng.bool(0.25) ? ' Contexte : ' + answer(rng, 'French', ex.topic, 2 + rng.int(6)) : '';
    const messages: Turn[] = [{ content: ex.prompt + context, role: 'user' }];
    if (multi) messages.push({ content: answer(rng, 'French', ex.topic, 1), role: 'assistant' }, { content: followUp(rng, 'French'), role: 'user' });
    const row: Row = {
      id: `fm-${String(k).padStart(5, '0')}`, messages,
      response_optimal: answer(rng, 'French', ex.topic, 2 + rng.int(3)), rejected: answer(rng, 'French', ex.topic, 1 + rng.int(2)),
      pref_strength: strength, source, multi_turn: multi,
    };
    for (const d of DEFECTS) row[d] = rng.bool(Math.min(0.95, DEFECT_BASE[source]![d]! * STRENGTH_FACTOR[strength]!));
    rows.push(row);
  }
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, { from: src, a: `'optimal'`, b: `'rejected'`, outcome: `'a'` });
  const sums = DEFECTS.map((d) => `CAST(count(*) FILTER (WHERE ${d}) AS DOUBLE) AS ${d}`).join(', ');
  const grouped = async (by: string) => {
    const out: Record<string, Record<string, number>> = {};
    for (const r of await db.all(`SELECT ${by} AS g, CAST(count(*) AS DOUBLE) AS rows, ${sums} FROM ${src} GROUP BY 1 ORDER BY 1`)) {
      const { g, ...rest } = r;
      out[String(g)] = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number(v)]));
    }
    return out;
  };
  const all = await db.one(`SELECT ${sums}, CAST(count(*) FILTER (WHERE incorrect OR superficial OR instructions_not_followed) AS DOUBLE) AS any_defect FROM ${src}`);
  return {
    file: FILE,
    preset: 'french-maxx',
    summary,
    true_ratings: null,
    notes: 'No model names: side A is "optimal", side B "rejected", and A always wins, so no finite rating exists.',
    planted: {
      defect_counts: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, Number(v)])),
      defect_base_rates: DEFECT_BASE,
      pref_strength_factor: STRENGTH_FACTOR,
      by_source: await grouped('source'),
      by_pref_strength: await grouped('pref_strength'),
      by_source_and_strength: await grouped(`source || ':' || pref_strength`),
      by_multi_turn: await grouped('multi_turn'),
      sources: await countBy(db, `SELECT source AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      message_count: await countBy2(db, `SELECT multi_turn AS g, len(messages) AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`),
    },
  };
}
