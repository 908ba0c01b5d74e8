/** SQL figures shared by the LMArena samples: the style features, categories and dedup tags as written. */
import { CRITERIA, STYLE_BETA, STYLE_DIFF_SQL, type StyleFeature } from './lmarena-votes.ts';
import { round4 } from './ratings.ts';
import { type Db } from './db.ts';
import { countBy } from './summary.ts';

/** How a sample's SQL reaches a field of conv_metadata / category_tag / dedup_tag (a JSON path or a struct path). */
export type FieldSql = (column: string, path: readonly string[], type: 'DOUBLE' | 'BOOLEAN') => string;

const SIDE_FIELDS = (s: 'a' | 'b', f: FieldSql) => ({
  l: f('conv_metadata', [`sum_assistant_${s}_tokens`], 'DOUBLE'),
  h: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => f('conv_metadata', [`header_count_${s}`, h], 'DOUBLE')).join(' + '),
  i: ['ordered', 'unordered'].map((k) => f('conv_metadata', [`list_count_${s}`, k], 'DOUBLE')).join(' + '),
  b: ['**', '__'].map((k) => f('conv_metadata', [`bold_count_${s}`, k], 'DOUBLE')).join(' + '),
});

/** One row per usable vote: outcome ('a' | 'b' | 'tie' | 'both_bad') and the style counts la, lb, ha, hb, ia, ib, ba, bb. */
export function styleRowsSql(from: string, outcome: string, usable: string, f: FieldSql): string {
  const a = SIDE_FIELDS('a', f);
  const b = SIDE_FIELDS('b', f);
  return `(SELECT ${outcome} AS outcome, ${a.l} AS la, ${b.l} AS lb, ${a.h} AS ha, ${b.h} AS hb, ${a.i} AS ia, ${b.i} AS ib,
    ${a.b} AS ba, ${b.b} AS bb FROM ${from} WHERE ${usable})`;
}

/**
 * The planted style coefficients with what they come to per standard deviation of each feature over the
 * usable votes (the scale style control reports), and the raw win rate of the side with more of each.
 */
export async function styleFigures(db: Db, rows: string): Promise<Record<string, unknown>> {
  const per: Record<string, unknown> = {};
  for (const [feature, d] of Object.entries(STYLE_DIFF_SQL) as [StyleFeature, string][]) {
    const r = await db.one(`SELECT avg(${d}) AS mean, stddev_pop(${d}) AS sd,
        avg(CASE outcome WHEN 'a' THEN 1.0 WHEN 'b' THEN 0.0 ELSE 0.5 END) FILTER (WHERE ${d} > 0) AS score_more_a,
        avg(CASE outcome WHEN 'a' THEN 0.0 WHEN 'b' THEN 1.0 ELSE 0.5 END) FILTER (WHERE ${d} < 0) AS score_more_b FROM ${rows}`);
    const sd = Number(r.sd);
    const beta = STYLE_BETA[feature];
    per[feature] = {
      beta,
      mean: round4(Number(r.mean)),
      sd: round4(sd),
      logit_per_sd: round4(beta * sd),
      elo_per_sd: round4((beta * sd * 400) / Math.LN10),
      // score (tie = ½) of the side with more of this feature, from A's and from B's seat
      score_when_a_has_more: round4(Number(r.score_more_a)),
      score_when_b_has_more: round4(Number(r.score_more_b)),
    };
  }
  return per;
}

/** Rows per LMArena category as the page derives them (hard prompts = at least 6 of the 7 criteria). */
export async function categoryFigures(db: Db, from: string, usable: string, f: FieldSql): Promise<Record<string, number>> {
  const met = CRITERIA.map((c) => `CAST(${f('category_tag', ['criteria_v0.1', c], 'BOOLEAN')} AS INTEGER)`).join(' + ');
  const r = await db.one(`SELECT CAST(count(*) FILTER (WHERE (${met}) >= 6) AS DOUBLE) AS hard_prompts,
      CAST(count(*) FILTER (WHERE ${f('category_tag', ['math_v0.1', 'math'], 'BOOLEAN')}) AS DOUBLE) AS math,
      CAST(count(*) FILTER (WHERE ${f('category_tag', ['if_v0.1', 'if'], 'BOOLEAN')}) AS DOUBLE) AS instruction_following,
      CAST(count(*) FILTER (WHERE ${f('category_tag', ['creative_writing_v0.1', 'creative_writing'], 'BOOLEAN')}) AS DOUBLE) AS creative_writing,
      CAST(count(*) FILTER (WHERE is_code) AS DOUBLE) AS coding
    FROM ${from} WHERE ${usable}`);
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
}

export async function languageFigures(db: Db, from: string, usable: string): Promise<Record<string, number>> {
  return countBy(db, `SELECT language AS k, CAST(count(*) AS DOUBLE) AS n FROM ${from} WHERE ${usable} GROUP BY 1 ORDER BY 2 DESC, 1`);
}
