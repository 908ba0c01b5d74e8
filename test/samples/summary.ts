/** Figures every sample reports in expected.json, computed by SQL over the file as written. */
import { type Db, lit } from './db.ts';

export interface Normalise {
  /** SQL table expression reading the file, e.g. read_parquet('x'). */
  from: string;
  a: string;
  b: string;
  /** SQL expression giving 'a' | 'b' | 'tie' | 'both_bad', or NULL when the winner cannot be read. */
  outcome: string;
  /** The winner as text, named in 'unknown winner label "x"' (default: the winner column). */
  winner?: string;
  /** The reason given to every row whose outcome is NULL, instead of the winner label (one-hot winners). */
  unclear?: string;
  /** SQL giving a reason when a side does not exist in the row ('no rejected answer'), else NULL. */
  missing?: string;
  weight?: string;
}

export interface Summary {
  rows: number;
  votes: number;
  rejected_rows: number;
  models: number;
  model_names: string[];
  outcomes: { a: number; b: number; tie: number; both_bad: number };
  /** Rows set aside, by the page's reason (REJECT_REASONS in src/core/sql/battles.ts). */
  rejected: Record<string, number>;
}

/**
 * The normalised rows with the reason the page sets a row aside (NULL when usable), checked in the
 * page's order: a missing side, a null model, a model against itself, an unreadable winner, a bad weight.
 */
export function normalisedSql(n: Normalise): string {
  const unreadable = n.unclear
    ? lit(n.unclear)
    : `CASE WHEN winner IS NULL THEN 'null winner' ELSE 'unknown winner label "' || winner || '"' END`;
  return `(SELECT *, CASE WHEN missing IS NOT NULL THEN missing WHEN a IS NULL OR b IS NULL THEN 'null model'
      WHEN a = b THEN 'model against itself' WHEN outcome IS NULL THEN ${unreadable}
      WHEN w IS NULL OR NOT isfinite(w) OR w <= 0 THEN 'invalid weight' END AS reason
    FROM (SELECT CAST(${n.a} AS VARCHAR) AS a, CAST(${n.b} AS VARCHAR) AS b, ${n.outcome} AS outcome,
      CAST(${n.winner ?? 'winner'} AS VARCHAR) AS winner, CAST(${n.missing ?? 'NULL'} AS VARCHAR) AS missing,
      CAST(${n.weight ?? '1'} AS DOUBLE) AS w FROM ${n.from}))`;
}

export async function summarise(db: Db, n: Normalise): Promise<Summary> {
  const src = normalisedSql(n);
  const totals = await db.one(`SELECT CAST(count(*) AS DOUBLE) AS rows,
      CAST(coalesce(sum(w) FILTER (WHERE reason IS NULL), 0) AS DOUBLE) AS votes,
      CAST(count(*) FILTER (WHERE reason IS NOT NULL) AS DOUBLE) AS rejected_rows FROM ${src}`);
  const names = await db.all(`SELECT DISTINCT m FROM (SELECT a AS m FROM ${src} WHERE reason IS NULL
      UNION ALL SELECT b FROM ${src} WHERE reason IS NULL) ORDER BY m`);
  const outcomes = { a: 0, b: 0, tie: 0, both_bad: 0 };
  for (const r of await db.all(`SELECT outcome AS k, CAST(sum(w) AS DOUBLE) AS n FROM ${src}
      WHERE reason IS NULL GROUP BY 1`)) {
    outcomes[r.k as keyof typeof outcomes] = Number(r.n);
  }
  const rejected: Record<string, number> = {};
  for (const r of await db.all(`SELECT reason AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src}
      WHERE reason IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`)) {
    rejected[String(r.k)] = Number(r.n);
  }
  return {
    rows: Number(totals.rows),
    votes: Number(totals.votes),
    rejected_rows: Number(totals.rejected_rows),
    models: names.length,
    model_names: names.map((r) => String(r.m)),
    outcomes,
    rejected,
  };
}

/** `SELECT key, n` → { key: n } (keys sorted by the query's ORDER BY). */
export async function countBy(db: Db, sql: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of await db.all(sql)) out[String(r.k)] = Number(r.n);
  return out;
}

/** `SELECT g, k, n` → { g: { k: n } }. */
export async function countBy2(db: Db, sql: string): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of await db.all(sql)) (out[String(r.g)] ??= {})[String(r.k)] = Number(r.n);
  return out;
}

export function parquet(path: string): string {
  return `read_parquet(${lit(path)})`;
}

/** The winner-column mapping of the lmsys shapes and of pair-counts. */
export const LMSYS_OUTCOME = `CASE winner WHEN 'model_a' THEN 'a' WHEN 'model_b' THEN 'b' WHEN 'tie' THEN 'tie'
  WHEN 'tie (bothbad)' THEN 'both_bad' END`;

export const WINNER_LABEL = { a: 'model_a', b: 'model_b', tie: 'tie', both_bad: 'tie (bothbad)' } as const;

/** What each generator returns: its entry in expected.json. */
export interface SampleEntry {
  file: string;
  preset: string;
  summary: Summary;
  true_ratings: Record<string, number> | null;
  planted: Record<string, unknown>;
  notes?: string;
}
