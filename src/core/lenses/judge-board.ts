/**
 * Judge board lens: what its statistics (stats/judge-board.ts) read from battles — vote cells with
 * the strong-verdict flag, the rater column and item key for self-preference — and the downloads.
 */
import type { ColumnInfo } from '../schema/column.ts';
import type { Row } from '../sql/connector.ts';
import { BATTLES_TABLE, STRONG_VERDICT } from '../sql/battles.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';
import type { VerdictCells } from '../stats/baseline-winrate.ts';
import type { JudgeBoard } from '../stats/judge-board.ts';
import type { LengthVotes } from '../stats/length-controlled.ts';
import type { RatedVotes } from '../stats/self-preference.ts';
import type { StyleRows } from './style.ts';

const B = quoteIdent(BATTLES_TABLE);

/** Whether battles keeps the strong-verdict flag (the winner column has arena-hard's A>>B labels). */
export const hasStrongVerdicts = (columns: readonly { name: string }[]): boolean => columns.some((c) => c.name === STRONG_VERDICT);

/** Votes by (model a, model b, outcome, strong), ENUM codes, summed weight. */
export function verdictCellsSql(where: SqlCondition, strong: boolean): SqlQuery {
  const s = strong ? `CAST(coalesce(${quoteIdent(STRONG_VERDICT)}, false) AS INTEGER)` : '0';
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, ${s} AS strong, sum(weight) AS n ` +
      `FROM ${B}${whereClause(where)} GROUP BY ALL ORDER BY 1, 2, 3, 4`,
    params: where.params,
  };
}

/** Rows of verdictCellsSql over the dataset's models (ENUM code order). */
export function readVerdictCells(models: readonly string[], rows: readonly Row[]): VerdictCells {
  return {
    models: [...models],
    a: Int32Array.from(rows, (r) => Number(r.a)),
    b: Int32Array.from(rows, (r) => Number(r.b)),
    outcome: Uint8Array.from(rows, (r) => Number(r.outcome)),
    strong: Uint8Array.from(rows, (r) => Number(r.strong)),
    n: Float64Array.from(rows, (r) => Number(r.n)),
  };
}

/** Per-vote answer lengths from the style lens's measured rows (length is its first feature). */
export function lengthVotesOf(rows: StyleRows): LengthVotes {
  const f = rows.votes.featureNames.indexOf('length');
  if (f < 0) throw new Error('lengthVotesOf: the rows have no length feature');
  const { models, a, b, outcome, weight } = rows.votes;
  return { models, a, b, outcome, weight, lengthA: rows.sideA[f], lengthB: rows.sideB[f] };
}

const RATER_NAME = /^(judge_model|judge|judge_name|grader|evaluator|annotator|rater|annotator_id|judge_id)$/i;
const ITEM_NAME = /^(question_id|qid|prompt_id|instruction_id|uid|item_id|question|prompt|instruction)$/i;
const TURN_NAME = /^turn$/i;
const TEXT = /^VARCHAR$/i;

/** The column naming who gave each verdict (judge_model, judge …), or null. */
export function raterColumn(columns: readonly ColumnInfo[]): string | null {
  return columns.find((c) => RATER_NAME.test(c.name) && TEXT.test(c.type))?.name ?? null;
}

/** The columns that say which item a vote is on (question id, then turn), or [] when there is none. */
export function itemColumns(columns: readonly ColumnInfo[]): string[] {
  const item = columns.find((c) => ITEM_NAME.test(c.name));
  if (!item) return [];
  const turn = columns.find((c) => TURN_NAME.test(c.name));
  return turn ? [item.name, turn.name] : [item.name];
}

/** The raters of the slice with their votes, most votes first. */
export function ratersSql(where: SqlCondition, rater: string): SqlQuery {
  const r = quoteIdent(rater);
  return {
    sql: `SELECT CAST(${r} AS VARCHAR) AS rater, sum(weight) AS votes FROM ${B}${raterFilter(where, r)} GROUP BY 1 ORDER BY 2 DESC, 1`,
    params: where.params,
  };
}

/** The slice's rows that name a rater. */
function raterFilter(where: SqlCondition, r: string): string {
  return where.sql ? ` WHERE (${where.sql}) AND ${r} IS NOT NULL` : ` WHERE ${r} IS NOT NULL`;
}

/**
 * Votes by (item, rater, model a, model b, outcome), summed weight. The item is the item columns
 * and the unordered model pair, so two raters' verdicts on the same answers share a key whatever
 * the seats.
 */
export function ratedVotesSql(where: SqlCondition, rater: string, items: readonly string[]): SqlQuery {
  const p = new Params(where.params.length);
  const parts = items.map((c) => `coalesce(CAST(${quoteIdent(c)} AS VARCHAR), '')`);
  const sep = p.add('\u001f');
  const pair = `least(CAST(model_a AS VARCHAR), CAST(model_b AS VARCHAR)), greatest(CAST(model_a AS VARCHAR), CAST(model_b AS VARCHAR))`;
  const item = `concat_ws(${sep}, ${[...parts, pair].join(', ')})`;
  const r = quoteIdent(rater);
  const filter = raterFilter(where, r);
  return {
    sql:
      `SELECT ${item} AS item, CAST(${r} AS VARCHAR) AS rater, CAST(enum_code(model_a) AS INTEGER) AS a, ` +
      `CAST(enum_code(model_b) AS INTEGER) AS b, CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n ` +
      `FROM ${B}${filter} GROUP BY ALL`,
    params: [...where.params, ...p.values],
  };
}

/** Rows of ratedVotesSql as RatedVotes (raters in first-seen order). */
export function readRatedVotes(models: readonly string[], rows: readonly Row[]): RatedVotes {
  const raters: string[] = [];
  const index = new Map<string, number>();
  const rater = Int32Array.from(rows, (r) => {
    const name = String(r.rater);
    if (!index.has(name)) {
      index.set(name, raters.length);
      raters.push(name);
    }
    return index.get(name)!;
  });
  return {
    models: [...models],
    raters,
    item: rows.map((r) => String(r.item)),
    rater,
    a: Int32Array.from(rows, (r) => Number(r.a)),
    b: Int32Array.from(rows, (r) => Number(r.b)),
    outcome: Uint8Array.from(rows, (r) => Number(r.outcome)),
    weight: Float64Array.from(rows, (r) => Number(r.n)),
  };
}

/**
 * A judge's family guessed from its name: the letters it starts with and the version number right
 * after them ("gpt-4-judge" → "gpt-4", "gpt4_pair" → "gpt4", "claude-3-opus" → "claude-3", "llama" → "llama").
 */
export function guessFamily(judge: string): string {
  return /^\p{L}+(?:[-_ ]?\d+)?/u.exec(judge.trim())?.[0].toLowerCase() ?? '';
}

const round4 = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * 1e4) / 1e4);

/** One row per model: the baseline view and, when measured, the length-controlled win rate. */
export function judgeBoardRows(board: JudgeBoard): Record<string, string | number | null>[] {
  const lc = new Map((board.lengths?.rows ?? []).map((r) => [r.model, r]));
  return board.baseline.rows.map((r) => {
    const l = lc.get(r.model);
    return {
      model: r.model,
      baseline: board.baseline.baseline,
      votes_vs_baseline: r.votes,
      wins: r.wins,
      losses: r.losses,
      ties: r.ties,
      strong_verdicts: r.strong,
      direct_win_rate: round4(r.direct?.rate),
      direct_lower: round4(r.direct?.lower),
      direct_upper: round4(r.direct?.upper),
      predicted_win_rate: round4(r.predicted?.rate),
      predicted_lower: round4(r.predicted?.lower),
      predicted_upper: round4(r.predicted?.upper),
      ...(board.lengths
        ? {
            lc_win_rate: round4(l?.lcWinRate),
            lc_lower: round4(l?.lower),
            lc_upper: round4(l?.upper),
            lc_votes: l?.votes ?? null,
            lc_raw_win_rate: round4(l?.winRate),
            mean_length_difference: l ? Math.round(l.meanLengthDifference) : null,
            length_coefficient: round4(l?.lengthCoefficient),
            lc_note: l?.why ?? null,
          }
        : {}),
    };
  });
}

/** The whole board as JSON: its settings, the rows and the self-preference, with the page's provenance. */
export function judgeBoardJson(board: JudgeBoard, provenance: Record<string, unknown>): string {
  const b = board.baseline;
  return JSON.stringify(
    {
      format: 'arena-lens-judge-board/1',
      provenance,
      baseline: b.baseline,
      strong_weight: b.strongWeight,
      strong_votes: b.strongVotes,
      interval_level: b.level,
      bootstrap_rounds: b.rounds,
      seed: b.seed,
      length_control: board.lengths ? { missing_lengths: board.lengths.missingLengths } : null,
      models: judgeBoardRows(board),
      self_preference: board.selfPreference,
    },
    null,
    2,
  );
}
