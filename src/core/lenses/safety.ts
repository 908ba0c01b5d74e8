/**
 * Safety lens: which columns hold moderation / toxicity flags, and the SQL that counts them.
 * Flags are found from the types of `battles` (DESCRIBE), never from hard-wired names alone:
 * a struct with a boolean `flagged` field is a flag (openai_moderation), a struct of such structs
 * is a set of classifiers (toxic_chat_tag.roberta-large …), and a top-level boolean whose name says
 * flag / toxic / unsafe / harm / nsfw is one too.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isBooleanType, isNumericType, parseDuckType, type DuckType } from '../schema/duckdb-type.ts';
import type { Row } from '../sql/connector.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent, quotePath } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';
import type { Leaderboard } from '../stats/leaderboard.ts';
import { cohenKappa, type Kappa } from '../stats/cohen-kappa.ts';

export interface SafetyFlag {
  id: string;
  label: string;
  /** Path to the boolean flag inside battles. */
  path: string[];
  /** Path to the flag's own score (probability), when there is one. */
  scorePath?: string[];
  kind: 'moderation' | 'classifier' | 'column';
}

export interface SafetySpec {
  flags: SafetyFlag[];
  /** Moderation categories (boolean fields of `<col>.categories`) and their scores, if present. */
  categories: { name: string; path: string[]; scorePath?: string[] }[];
}

const FLAG_NAME = /flag|toxic|unsafe|harm|nsfw|moderat/i;
const fieldsOf = (t: DuckType | undefined) => (t?.kind === 'struct' ? t.fields : []);

/** The flag columns of battles, moderation first, then classifiers, then plain boolean flags. */
export function safetySpec(columns: readonly ColumnInfo[]): SafetySpec {
  const flags: SafetyFlag[] = [];
  const categories: SafetySpec['categories'] = [];
  for (const c of columns) {
    let type: DuckType;
    try {
      type = parseDuckType(c.type);
    } catch {
      continue;
    }
    const fields = fieldsOf(type);
    const flagged = fields.find((f) => f.name === 'flagged' && isBooleanType(f.type));
    if (flagged) {
      flags.push({ id: c.name, label: c.name.replaceAll('_', ' '), path: [c.name, 'flagged'], kind: 'moderation' });
      const scores = fieldsOf(fields.find((f) => f.name === 'category_scores')?.type);
      for (const f of fieldsOf(fields.find((f) => f.name === 'categories')?.type)) {
        if (!isBooleanType(f.type)) continue;
        const score = scores.find((s) => s.name === f.name && isNumericType(s.type));
        categories.push({
          name: f.name,
          path: [c.name, 'categories', f.name],
          scorePath: score ? [c.name, 'category_scores', f.name] : undefined,
        });
      }
      continue;
    }
    const classifiers = fields.filter((f) => fieldsOf(f.type).some((g) => g.name === 'flagged' && isBooleanType(g.type)));
    for (const f of classifiers) {
      const score = fieldsOf(f.type).find((g) => g.name !== 'flagged' && isNumericType(g.type));
      flags.push({
        id: `${c.name}.${f.name}`,
        label: f.name,
        path: [c.name, f.name, 'flagged'],
        scorePath: score ? [c.name, f.name, score.name] : undefined,
        kind: 'classifier',
      });
    }
    if (classifiers.length === 0 && isBooleanType(type) && FLAG_NAME.test(c.name)) {
      flags.push({ id: c.name, label: c.name.replaceAll('_', ' '), path: [c.name], kind: 'column' });
    }
  }
  return { flags, categories };
}

/** Whether the Safety lens has anything to show: the file has at least one moderation or toxicity flag. */
export function hasSafetyFlags(columns: readonly ColumnInfo[]): boolean {
  return safetySpec(columns).flags.length > 0;
}

/** A flag as a condition: NULL (no tag) counts as not flagged. */
export const flagSql = (flag: { path: readonly string[] }): string => `(${quotePath(flag.path)} IS TRUE)`;

/** The slice narrowed to rows where `condition` holds; the slice's parameters keep their numbers. */
export function narrow(where: SqlCondition, condition: string): SqlCondition {
  return { sql: where.sql ? `(${where.sql}) AND ${condition}` : condition, params: where.params };
}

const B = quoteIdent('battles');

/**
 * One row: votes and rows in the slice, weighted flagged count per flag (f0, f1 …), rows flagged
 * by every classifier (all_cls) and by any (any_cls), and for each pair of flags i < j the four
 * cells of their 2×2 table (p_i_j_11, _10, _01, _00).
 */
export function safetyTotalsSql(spec: SafetySpec, where: SqlCondition): SqlQuery {
  const parts = ['sum(weight) AS votes', 'count(*) AS rows'];
  spec.flags.forEach((f, i) => parts.push(`coalesce(sum(weight) FILTER (WHERE ${flagSql(f)}), 0) AS f${i}`));
  const cls = spec.flags.filter((f) => f.kind === 'classifier');
  if (cls.length > 1) {
    parts.push(`coalesce(sum(weight) FILTER (WHERE ${cls.map(flagSql).join(' AND ')}), 0) AS all_cls`);
    parts.push(`coalesce(sum(weight) FILTER (WHERE ${cls.map(flagSql).join(' OR ')}), 0) AS any_cls`);
  }
  spec.flags.forEach((fi, i) =>
    spec.flags.forEach((fj, j) => {
      if (j <= i) return;
      for (const [x, y] of [
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]) {
        const cond = `${x ? '' : 'NOT '}${flagSql(fi)} AND ${y ? '' : 'NOT '}${flagSql(fj)}`;
        parts.push(`coalesce(sum(weight) FILTER (WHERE ${cond}), 0) AS p_${i}_${j}_${x}${y}`);
      }
    }),
  );
  return { sql: `SELECT ${parts.join(', ')} FROM ${B}${whereClause(where)}`, params: where.params };
}

export interface FlagTotal {
  flag: SafetyFlag;
  flagged: number;
  rate: number;
}
export interface FlagAgreement {
  first: SafetyFlag;
  second: SafetyFlag;
  /** [[both, first only], [second only, neither]] */
  table: [[number, number], [number, number]];
  kappa: Kappa;
}
export interface SafetyTotals {
  votes: number;
  rows: number;
  flags: FlagTotal[];
  /** Rows flagged by all classifiers / by any; null with fewer than two classifiers. */
  allClassifiers: number | null;
  anyClassifier: number | null;
  agreements: FlagAgreement[];
}

export function readSafetyTotals(spec: SafetySpec, row: Row): SafetyTotals {
  const votes = Number(row.votes ?? 0);
  const num = (k: string) => Number(row[k] ?? 0);
  const agreements: FlagAgreement[] = [];
  spec.flags.forEach((first, i) =>
    spec.flags.forEach((second, j) => {
      if (j <= i) return;
      const table: [[number, number], [number, number]] = [
        [num(`p_${i}_${j}_11`), num(`p_${i}_${j}_10`)],
        [num(`p_${i}_${j}_01`), num(`p_${i}_${j}_00`)],
      ];
      agreements.push({ first, second, table, kappa: cohenKappa(table) });
    }),
  );
  return {
    votes,
    rows: Number(row.rows ?? 0),
    flags: spec.flags.map((flag, i) => ({ flag, flagged: num(`f${i}`), rate: votes > 0 ? num(`f${i}`) / votes : 0 })),
    allClassifiers: 'all_cls' in row ? num('all_cls') : null,
    anyClassifier: 'any_cls' in row ? num('any_cls') : null,
    agreements,
  };
}

/** Per model and seat (a / b): votes and flagged votes for one flag. */
export function flagByModelSql(flag: SafetyFlag, where: SqlCondition): SqlQuery {
  const w = whereClause(where);
  const f = flagSql(flag);
  const seatA = `SELECT CAST(model_a AS VARCHAR) AS model, 'a' AS seat, weight, ${f} AS f FROM ${B}${w}`;
  const seatB = `SELECT CAST(model_b AS VARCHAR) AS model, 'b' AS seat, weight, ${f} AS f FROM ${B}${w}`;
  return {
    sql:
      `SELECT model, seat, sum(weight) AS votes, coalesce(sum(weight) FILTER (WHERE f), 0) AS flagged ` +
      `FROM (${seatA} UNION ALL ${seatB}) GROUP BY model, seat ORDER BY model, seat`,
    params: where.params,
  };
}

export interface ModelFlagRow {
  model: string;
  votes: number;
  flagged: number;
  rate: number;
  rateA: number | null;
  rateB: number | null;
}

/** Folds the per-seat rows into one row per model, highest rate first. */
export function readFlagByModel(rows: readonly Row[]): ModelFlagRow[] {
  const by = new Map<string, { votes: number; flagged: number; a?: [number, number]; b?: [number, number] }>();
  for (const r of rows) {
    const m = String(r.model);
    const e = by.get(m) ?? { votes: 0, flagged: 0 };
    const v = Number(r.votes);
    const f = Number(r.flagged);
    e.votes += v;
    e.flagged += f;
    e[r.seat === 'a' ? 'a' : 'b'] = [f, v];
    by.set(m, e);
  }
  const rate = (x?: [number, number]) => (x && x[1] > 0 ? x[0] / x[1] : null);
  return [...by]
    .map(([model, e]) => ({
      model,
      votes: e.votes,
      flagged: e.flagged,
      rate: e.votes ? e.flagged / e.votes : 0,
      rateA: rate(e.a),
      rateB: rate(e.b),
    }))
    .sort((x, y) => y.rate - x.rate || x.model.localeCompare(y.model));
}

/** One row: per moderation category c0, c1 … the flagged votes and s0, s1 … the mean score. */
export function categoryCountsSql(spec: SafetySpec, where: SqlCondition): SqlQuery {
  const parts = ['sum(weight) AS votes'];
  spec.categories.forEach((c, i) => {
    parts.push(`coalesce(sum(weight) FILTER (WHERE ${flagSql(c)}), 0) AS c${i}`);
    if (c.scorePath) parts.push(`avg(${quotePath(c.scorePath)}) AS s${i}`);
  });
  return { sql: `SELECT ${parts.join(', ')} FROM ${B}${whereClause(where)}`, params: where.params };
}

export interface CategoryCount {
  category: string;
  flagged: number;
  rate: number;
  meanScore: number | null;
}

export function readCategoryCounts(spec: SafetySpec, row: Row): CategoryCount[] {
  const votes = Number(row.votes ?? 0);
  return spec.categories.map((c, i) => ({
    category: c.name,
    flagged: Number(row[`c${i}`] ?? 0),
    rate: votes > 0 ? Number(row[`c${i}`] ?? 0) / votes : 0,
    meanScore: row[`s${i}`] === null || row[`s${i}`] === undefined ? null : Number(row[`s${i}`]),
  }));
}

/** A score whose distribution can be drawn: one category's score, the largest of them, or a classifier's. */
export interface ScoreSource {
  id: string;
  label: string;
  /** Paths whose greatest value is the score (one path for a single score). */
  paths: string[][];
  /** The flag that colours the bars. */
  flag: SafetyFlag;
}

export function scoreSources(spec: SafetySpec): ScoreSource[] {
  const moderation = spec.flags.find((f) => f.kind === 'moderation');
  const out: ScoreSource[] = [];
  const scored = spec.categories.filter((c) => c.scorePath);
  if (moderation && scored.length) {
    out.push({ id: 'max', label: 'highest moderation category score', paths: scored.map((c) => c.scorePath!), flag: moderation });
    for (const c of scored)
      out.push({ id: `cat:${c.name}`, label: `moderation score: ${c.name}`, paths: [c.scorePath!], flag: moderation });
  }
  for (const f of spec.flags)
    if (f.scorePath) out.push({ id: f.id, label: `${f.label} ${f.scorePath.at(-1)}`, paths: [f.scorePath], flag: f });
  return out;
}

export const SCORE_FLOOR = 1e-7;

/**
 * Histogram of a score on a log axis: bins of 1/binsPerDecade decade (scores below SCORE_FLOOR in
 * the first bin), split by the source's flag. Rows: lo (log10 of the bin start), flagged, votes.
 */
export function scoreHistogramSql(source: ScoreSource, where: SqlCondition, binsPerDecade = 4): SqlQuery {
  if (!Number.isInteger(binsPerDecade) || binsPerDecade < 1)
    throw new RangeError(`scoreHistogramSql: binsPerDecade must be a positive integer, got ${binsPerDecade}`);
  const p = new Params(where.params.length);
  const score = source.paths.length === 1 ? quotePath(source.paths[0]) : `greatest(${source.paths.map(quotePath).join(', ')})`;
  const k = p.add(binsPerDecade);
  const floor = p.add(SCORE_FLOOR);
  const inner =
    `SELECT floor(log10(greatest(CAST(${score} AS DOUBLE), ${floor})) * ${k}) / ${k} AS lo, ${flagSql(source.flag)} AS flagged, weight ` +
    `FROM ${B}${whereClause(narrow(where, `${score} IS NOT NULL`))}`;
  return {
    sql: `SELECT lo, flagged, sum(weight) AS votes FROM (${inner}) GROUP BY lo, flagged ORDER BY lo, flagged`,
    params: [...where.params, ...p.values],
  };
}

export interface ScoreBin {
  lo: number;
  hi: number;
  flagged: boolean;
  votes: number;
}

export function readScoreBins(rows: readonly Row[], binsPerDecade = 4): ScoreBin[] {
  return rows.map((r) => {
    const lo = Number(r.lo);
    return { lo: 10 ** lo, hi: 10 ** (lo + 1 / binsPerDecade), flagged: !!r.flagged, votes: Number(r.votes) };
  });
}

/** A text column of the text table: plain text, or a conversation whose first turn is shown. */
export interface TextSource {
  table: string;
  column: string;
  conversation: boolean;
}

/** The text of a TextSource as VARCHAR, on the text table joined under the alias t. */
export function textSql(text: TextSource): string {
  const col = `t.${quoteIdent(text.column)}`;
  return text.conversation ? `CAST(${col}[1].content AS VARCHAR)` : `CAST(${col} AS VARCHAR)`;
}

/**
 * Rows behind a bar: the slice narrowed by a condition, with an optional text table for the prompt.
 * The slice is applied before the join so its unqualified names always mean battles' columns.
 */
export function safetyRowsSql(spec: SafetySpec, where: SqlCondition, text?: TextSource, limit = 200): SqlQuery {
  const p = new Params(where.params.length);
  const flags = spec.flags.map((f) => `, ${flagSql(f)} AS ${quoteIdent(f.label)}`).join('');
  const inner = `SELECT row_id, model_a, model_b, outcome${flags} FROM ${B}${whereClause(where)}`;
  const prompt = text ? `, left(${textSql(text)}, 400) AS prompt` : '';
  const join = text ? ` LEFT JOIN ${quoteIdent(text.table)} t ON t.rowid = b.row_id` : '';
  const names = spec.flags.map((f) => `, b.${quoteIdent(f.label)}`).join('');
  return {
    sql:
      `SELECT b.row_id AS row, CAST(b.model_a AS VARCHAR) AS model_a, CAST(b.model_b AS VARCHAR) AS model_b, ` +
      `CAST(b.outcome AS VARCHAR) AS outcome${names}${prompt} FROM (${inner}) b${join} ORDER BY b.row_id LIMIT ${p.add(limit)}`,
    params: [...where.params, ...p.values],
  };
}

/** Condition for "this model played (either seat)"; the model name is a bound parameter after the slice's. */
export function modelCondition(where: SqlCondition, model: string): SqlCondition {
  const p = new Params(where.params.length);
  const m = p.add(model);
  return {
    sql: narrow(where, `(CAST(model_a AS VARCHAR) = ${m} OR CAST(model_b AS VARCHAR) = ${m})`).sql,
    params: [...where.params, ...p.values],
  };
}

export interface SubsetRow {
  model: string;
  flagged: { rating: number | null; lower: number | null; upper: number | null; winRate: number | null; votes: number };
  unflagged: { rating: number | null; lower: number | null; upper: number | null; winRate: number | null; votes: number };
  /** flagged − unflagged rating, when both exist. */
  delta: number | null;
}

/** Side-by-side ratings and win rates of the same models on flagged and on unflagged votes. */
export function compareSubsets(flagged: Leaderboard, unflagged: Leaderboard): SubsetRow[] {
  const pick = (b: Leaderboard, m: string) => {
    const r = b.rows.find((x) => x.model === m);
    return {
      rating: r?.rating ?? null,
      lower: r?.lower ?? null,
      upper: r?.upper ?? null,
      winRate: r?.winRate ?? null,
      votes: r?.votes ?? 0,
    };
  };
  const models = [...new Set([...unflagged.rows, ...flagged.rows].filter((r) => r.votes > 0).map((r) => r.model))];
  return models
    .map((model) => {
      const f = pick(flagged, model);
      const u = pick(unflagged, model);
      return { model, flagged: f, unflagged: u, delta: f.rating !== null && u.rating !== null ? f.rating - u.rating : null };
    })
    .sort((x, y) => (y.unflagged.rating ?? -Infinity) - (x.unflagged.rating ?? -Infinity) || x.model.localeCompare(y.model));
}
