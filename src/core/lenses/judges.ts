/**
 * Judges lens: several verdicts per item (judge_k_response, annotators). Each verdict is read as
 * A, B, tie or invalid; the majority is A (or B) when it has more valid votes than the other side
 * and at least as many as tie, otherwise tie; agreement = votes for the majority label / valid
 * votes (0 when none are valid). Items are counted as rows (weights are not used: one row = one item).
 *
 * A judge slot is a judge of a row only when the row has it: a slot beyond the row's judge count
 * (GenRM's num_judges) is no verdict at all (NULL here), not an invalid one, and a slot empty in
 * every row of the file is no judge (judgeSlotsSql / withJudgeSlots). Invalid means a verdict the
 * row has but that could not be read.
 */
import type { ColumnInfo } from '../schema/column.ts';
import type { Outcome } from '../outcome.ts';
import { RULES } from '../schema/winner-labels.ts';
import { cohenKappa, type Kappa } from '../stats/cohen-kappa.ts';
import type { Row } from '../sql/connector.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';

export const VERDICTS = ['A', 'B', 'tie'] as const;
export type Verdict = (typeof VERDICTS)[number] | 'invalid';

export interface JudgeColumn {
  column: string;
  label: string;
  /** Position among the file's judge columns (0-based): the row has this judge when slot < its judge count. */
  slot: number;
}
export interface JudgeSpec {
  judges: JudgeColumn[];
  /** Column pairing an item with its copy in swapped order (swap_id). */
  swap?: string;
  /** Column saying in which order the two responses were shown (GenRM response_order). */
  order?: string;
  /** Numeric per-item scores worth a distribution (agreement_score, response_1_judge_score …). */
  scores: string[];
  /** A human or gold label to compare the majority with, when the file has one. */
  reference?: string;
  /** Column saying how many judges the row has (GenRM num_judges): slots beyond it are no verdict. */
  count?: string;
  /** Judge columns set aside by withJudgeSlots: empty in every row (or beyond every row's judge count). */
  absent: JudgeColumn[];
}

const JUDGE_NAME = /^(judge|annotator|rater|grader|annotation)_?(\d+)(_(response|vote|verdict|label|judgment|judgement))?$/i;
const SWAP_NAME = /^(swap_id|pair_id|swap_group)$/i;
const ORDER_NAME = /^(response_order|presentation_order|order)$/i;
const SCORE_NAME = /^(agreement_score|response_[12ab]_judge_score|.*judge_score.*)$/i;
const NUMERIC = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|FLOAT|DOUBLE|REAL|DECIMAL.*)$/i;
const REFERENCE_NAME = /^(human_label|human_winner|human_vote|gold_label|gold|reference_label)$/i;
const COUNT_NAME = /^(num|n|number_of)_?(judges|annotators|raters|graders)$|^(judge|annotator|rater|grader)_count$/i;
const INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/i;

/** Judge verdict columns (VARCHAR, named judge_1_response, annotator_2 …) of battles, in number order. */
export function judgeSpec(columns: readonly ColumnInfo[]): JudgeSpec {
  const judges = columns
    .map((c) => ({ c, m: JUDGE_NAME.exec(c.name) }))
    .filter((x) => x.m && /^VARCHAR$/i.test(x.c.type))
    .sort((x, y) => Number(x.m![2]) - Number(y.m![2]))
    .map(({ c, m }, slot) => ({ column: c.name, label: `${m![1].toLowerCase()} ${m![2]}`, slot }));
  return {
    judges,
    swap: columns.find((c) => SWAP_NAME.test(c.name))?.name,
    order: columns.find((c) => ORDER_NAME.test(c.name))?.name,
    scores: columns.filter((c) => SCORE_NAME.test(c.name) && NUMERIC.test(c.type)).map((c) => c.name),
    reference: columns.find((c) => REFERENCE_NAME.test(c.name))?.name,
    count: columns.find((c) => COUNT_NAME.test(c.name) && INTEGER.test(c.type))?.name,
    absent: [],
  };
}

/** `expr` where the row has judge j, NULL where its judge count leaves j's slot out (a NULL count leaves none out). */
function ifHeld(spec: JudgeSpec, j: JudgeColumn, expr: string): string {
  return spec.count ? `CASE WHEN ${quoteIdent(spec.count)} <= ${j.slot} THEN NULL ELSE ${expr} END` : expr;
}

/** Per judge column (s0, s1 …): rows of the whole file in which the slot holds something (not NULL, not blank). */
export function judgeSlotsSql(spec: JudgeSpec): SqlQuery {
  if (spec.judges.length === 0) return { sql: 'SELECT 1 AS none', params: [] };
  const held = spec.judges.map(
    (j, i) => `count(*) FILTER (WHERE nullif(trim(CAST(${ifHeld(spec, j, quoteIdent(j.column))} AS VARCHAR)), '') IS NOT NULL) AS s${i}`,
  );
  return { sql: `SELECT ${held.join(', ')} FROM ${B}`, params: [] };
}

/** The spec without the judge slots no row holds (judgeSlotsSql's one row): those are no judges. */
export function withJudgeSlots(spec: JudgeSpec, row: Row | undefined): JudgeSpec {
  const held = (i: number) => Number(row?.[`s${i}`] ?? 0) > 0;
  return {
    ...spec,
    judges: spec.judges.filter((_, i) => held(i)),
    absent: [...spec.absent, ...spec.judges.filter((_, i) => !held(i))],
  };
}

/**
 * A verdict read as 'A' | 'B' | 'tie' | 'invalid' by the shared winner-label rules (winner-labels.ts):
 * case and spaces ignored, "[[A]]" / "**A**" wrapping stripped; NULL and anything else are invalid,
 * never guessed.
 */
export function verdictSql(expr: string): string {
  const { v, bare } = verdictTextSql(expr);
  const list = (outcomes: Outcome[]) =>
    Object.entries(RULES)
      .filter(([, o]) => outcomes.includes(o))
      .map(([k]) => `'${k.replaceAll("'", "''")}'`)
      .join(', ');
  const is = (outcomes: Outcome[]) => `(${v} IN (${list(outcomes)}) OR ${bare} IN (${list(outcomes)}))`;
  return `CASE WHEN ${is(['a'])} THEN 'A' WHEN ${is(['b'])} THEN 'B' WHEN ${is(['tie', 'both_bad'])} THEN 'tie' ELSE 'invalid' END`;
}

/** A verdict as compared with the labels: lower-cased, spaces collapsed (v), and also without its wrapping (bare). */
export function verdictTextSql(expr: string): { v: string; bare: string } {
  const v = `regexp_replace(lower(trim(CAST(${expr} AS VARCHAR))), '\\s+', ' ', 'g')`;
  return { v, bare: `regexp_replace(${v}, '${WRAPPING_SQL}', '', 'g')` };
}

// winner-labels.ts WRAPPING as a DuckDB (RE2) pattern inside a SQL string literal.
const WRAPPING_SQL = `^[\\s\\[\\]()"''*.]+|[\\s\\[\\]()"''*.]+$`;

const B = quoteIdent('battles');

/**
 * One row per item: row_id, recorded outcome as a verdict (rec), the reference label (ref) if any,
 * swap key, each judge's verdict v0 … v(k−1) (NULL where the row does not have that judge), counts
 * nA nB nT valid, the judges the row has (judged), majority maj and its votes top.
 */
/** The normalised verdicts as SQL literals: fixed text, so no value is ever spliced into the query. */
const VERDICT_LITERALS = { A: "'A'", B: "'B'", tie: "'tie'" } as const;

export function itemsSql(spec: JudgeSpec, where: SqlCondition): string {
  if (spec.judges.length === 0) throw new Error('itemsSql: no judge columns');
  const votes = spec.judges.map((j, i) => `${ifHeld(spec, j, verdictSql(quoteIdent(j.column)))} AS v${i}`).join(', ');
  const sum = (f: (i: number) => string) => spec.judges.map((_, i) => f(i)).join(' + ');
  // v IS NOT DISTINCT FROM: a slot the row does not have (NULL) is none of A, B, tie or invalid.
  const is = (verdict: keyof typeof VERDICT_LITERALS) =>
    sum((i) => `CAST(v${i} IS NOT DISTINCT FROM ${VERDICT_LITERALS[verdict]} AS INTEGER)`);
  const nA = is('A');
  const nB = is('B');
  const nT = is('tie');
  const judged = sum((i) => `CAST(v${i} IS NOT NULL AS INTEGER)`);
  const swap = spec.swap ? `CAST(${quoteIdent(spec.swap)} AS VARCHAR)` : 'CAST(NULL AS VARCHAR)';
  const order = spec.order ? `CAST(${quoteIdent(spec.order)} AS VARCHAR)` : 'CAST(NULL AS VARCHAR)';
  const ref = spec.reference ? verdictSql(quoteIdent(spec.reference)) : 'CAST(NULL AS VARCHAR)';
  const base =
    `SELECT row_id, CASE CAST(outcome AS VARCHAR) WHEN 'a' THEN 'A' WHEN 'b' THEN 'B' ELSE 'tie' END AS rec, ${ref} AS ref, ` +
    `${swap} AS swap, ${order} AS shown_order, ${votes} FROM ${B}${whereClause(where)}`;
  const counted = `SELECT *, ${nA} AS nA, ${nB} AS nB, ${nT} AS nT, ${judged} AS judged FROM (${base})`;
  const maj = `CASE WHEN nA > nB AND nA >= nT THEN 'A' WHEN nB > nA AND nB >= nT THEN 'B' ELSE 'tie' END`;
  const withMaj = `SELECT *, nA + nB + nT AS valid, ${maj} AS maj FROM (${counted})`;
  return `SELECT *, CASE maj WHEN 'A' THEN nA WHEN 'B' THEN nB ELSE nT END AS top FROM (${withMaj})`;
}

/** Items by (valid votes, votes for the majority label, majority, judges the item has). */
export function agreementSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  return {
    sql: `SELECT valid, top, maj, judged, count(*) AS items FROM (${itemsSql(spec, where)}) GROUP BY ALL ORDER BY valid, top, maj, judged`,
    params: where.params,
  };
}

export interface AgreementBin {
  /** Votes for the majority / valid votes, 0 when none is valid. */
  agreement: number;
  label: string;
  kind: 'unanimous' | 'majority' | 'split' | 'no valid vote';
  items: number;
  valid: number;
  top: number;
}

/**
 * Agreement levels with their items, highest agreement first; a level is one (valid, top) pair, said
 * "of k valid" when some of its items had more judges than valid verdicts.
 */
export function readAgreement(rows: readonly Row[]): AgreementBin[] {
  const by = new Map<string, AgreementBin>();
  for (const r of rows) {
    const valid = Number(r.valid);
    const top = Number(r.top);
    const key = `${valid}:${top}`;
    const kind: AgreementBin['kind'] = valid === 0 ? 'no valid vote' : top === valid ? 'unanimous' : top * 2 > valid ? 'majority' : 'split';
    const e = by.get(key) ?? { agreement: valid ? top / valid : 0, label: '', kind, items: 0, valid, top };
    e.items += Number(r.items);
    const partial = e.label.endsWith(' valid') || valid < Number(r.judged);
    e.label = valid === 0 ? 'no valid vote' : `${top} of ${valid}${partial ? ' valid' : ''}`;
    by.set(key, e);
  }
  return [...by.values()].sort((x, y) => y.agreement - x.agreement || y.valid - x.valid);
}

/** Per judge (index j) and per (vote, majority): items. */
export function judgeVotesSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  const items = itemsSql(spec, where);
  const long = spec.judges
    .map((_, i) => `SELECT ${i} AS j, v${i} AS vote, maj, rec FROM items WHERE v${i} IS NOT NULL`)
    .join(' UNION ALL ');
  return {
    sql: `WITH items AS (${items}) SELECT j, vote, maj, count(*) AS items FROM (${long}) GROUP BY j, vote, maj ORDER BY j, vote, maj`,
    params: where.params,
  };
}

export interface JudgeSummary {
  judge: JudgeColumn;
  votes: Record<Verdict, number>;
  /** Items that have this judge (its verdict, valid or not). */
  items: number;
  /** Votes equal to the majority label (tie = tie counts). */
  agreesWithMajority: number;
  agreementRate: number;
  /** Share of the judge's decisive (A/B) votes that went to seat A. */
  aShare: number | null;
  /** Kappa of this judge against the majority, on items where the judge's vote is valid. */
  kappa: Kappa;
}

const index = (v: unknown) => VERDICTS.indexOf(v as (typeof VERDICTS)[number]);
const square = () => VERDICTS.map(() => VERDICTS.map(() => 0));

export function readJudgeVotes(spec: JudgeSpec, rows: readonly Row[]): JudgeSummary[] {
  return spec.judges.map((judge, j) => {
    const votes: Record<Verdict, number> = { A: 0, B: 0, tie: 0, invalid: 0 };
    const table = square();
    let agrees = 0;
    for (const r of rows.filter((x) => Number(x.j) === j)) {
      const n = Number(r.items);
      votes[r.vote as Verdict] += n;
      if (r.vote === r.maj) agrees += n;
      const a = index(r.vote);
      const b = index(r.maj);
      if (a >= 0 && b >= 0) table[a][b] += n;
    }
    const items = votes.A + votes.B + votes.tie + votes.invalid;
    return {
      judge,
      votes,
      items,
      agreesWithMajority: agrees,
      agreementRate: items ? agrees / items : 0,
      aShare: votes.A + votes.B ? votes.A / (votes.A + votes.B) : null,
      kappa: cohenKappa(table),
    };
  });
}

/** Items by (majority, recorded outcome, reference label): for majority-vs-record agreement and seat-A share. */
export function majoritySql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  return {
    sql: `SELECT maj, rec, ref, count(*) AS items FROM (${itemsSql(spec, where)}) GROUP BY maj, rec, ref ORDER BY maj, rec, ref`,
    params: where.params,
  };
}

export interface MajoritySummary {
  counts: Record<(typeof VERDICTS)[number], number>;
  /** Share of decisive majorities that chose seat A (0.5 = no position bias). */
  aShare: number | null;
  vsRecorded: { table: number[][]; kappa: Kappa; agree: number };
  vsReference: { table: number[][]; kappa: Kappa; agree: number } | null;
}

export function readMajority(rows: readonly Row[], hasReference: boolean): MajoritySummary {
  const counts = { A: 0, B: 0, tie: 0 };
  const rec = square();
  const ref = square();
  for (const r of rows) {
    const n = Number(r.items);
    const m = index(r.maj);
    counts[r.maj as 'A'] += n;
    if (index(r.rec) >= 0) rec[m][index(r.rec)] += n;
    if (index(r.ref) >= 0) ref[m][index(r.ref)] += n;
  }
  const summarise = (t: number[][]) => ({ table: t, kappa: cohenKappa(t), agree: t.reduce((s, r, i) => s + r[i], 0) });
  return {
    counts,
    aShare: counts.A + counts.B ? counts.A / (counts.A + counts.B) : null,
    vsRecorded: summarise(rec),
    vsReference: hasReference ? summarise(ref) : null,
  };
}

/** Every pair of judges (i < j) by (vote i, vote j): for the judge-by-judge kappa matrix. */
export function judgePairsSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  const parts: string[] = [];
  spec.judges.forEach((_, i) =>
    spec.judges.forEach((__, j) => {
      if (j > i) parts.push(`SELECT ${i} AS i, ${j} AS j, v${i} AS vi, v${j} AS vj FROM items`);
    }),
  );
  if (parts.length === 0) return { sql: 'SELECT 0 AS i, 0 AS j, NULL AS vi, NULL AS vj, 0 AS items WHERE false', params: [] };
  return {
    sql: `WITH items AS (${itemsSql(spec, where)}) SELECT i, j, vi, vj, count(*) AS items FROM (${parts.join(' UNION ALL ')}) GROUP BY ALL ORDER BY i, j, vi, vj`,
    params: where.params,
  };
}

export interface JudgePairKappa {
  first: string;
  second: string;
  kappa: Kappa;
}

/** Kappa of each pair of judges on items both judged validly, both orders listed (a symmetric matrix). */
export function readJudgePairs(spec: JudgeSpec, rows: readonly Row[]): JudgePairKappa[] {
  const tables = new Map<string, number[][]>();
  for (const r of rows) {
    const a = index(r.vi);
    const b = index(r.vj);
    if (a < 0 || b < 0) continue;
    const key = `${r.i}:${r.j}`;
    const t = tables.get(key) ?? square();
    t[a][b] += Number(r.items);
    tables.set(key, t);
  }
  const out: JudgePairKappa[] = [];
  spec.judges.forEach((x, i) =>
    spec.judges.forEach((y, j) => {
      if (i === j) return;
      const t = tables.get(i < j ? `${i}:${j}` : `${j}:${i}`) ?? square();
      out.push({ first: x.label, second: y.label, kappa: cohenKappa(t) });
    }),
  );
  return out;
}

/** What a click picked: an agreement level, a judge's verdict, or a majority verdict. */
export type JudgeRowFilter =
  { kind: 'agreement'; valid: number; top: number } | { kind: 'vote'; judge: number; vote: Verdict } | { kind: 'majority'; maj: Verdict };

/** The items behind a bar, with every judge's raw verdict and the optional prompt. */
export function judgeRowsSql(
  spec: JudgeSpec,
  where: SqlCondition,
  filter: JudgeRowFilter,
  text?: { table: string; column: string },
  limit = 200,
): SqlQuery {
  const p = new Params(where.params.length);
  const cond =
    filter.kind === 'agreement'
      ? `i.valid = ${p.add(filter.valid)} AND i.top = ${p.add(filter.top)}`
      : filter.kind === 'vote'
        ? `i.v${Math.trunc(filter.judge)} = ${p.add(filter.vote)}`
        : `i.maj = ${p.add(filter.maj)}`;
  if (filter.kind === 'vote' && !(filter.judge >= 0 && filter.judge < spec.judges.length))
    throw new RangeError(`judgeRowsSql: no judge ${filter.judge}`);
  const raw = spec.judges.map((j) => `, b.${quoteIdent(j.column)}`).join('');
  const swap = spec.swap ? `, b.${quoteIdent(spec.swap)}` : '';
  const prompt = text ? `, left(CAST(t.${quoteIdent(text.column)} AS VARCHAR), 400) AS prompt` : '';
  const join = text ? ` LEFT JOIN ${quoteIdent(text.table)} t ON t.rowid = b.row_id` : '';
  return {
    sql:
      `SELECT b.row_id AS row, CAST(b.model_a AS VARCHAR) AS model_a, CAST(b.model_b AS VARCHAR) AS model_b, i.maj AS majority, ` +
      `i.rec AS recorded, round(CASE WHEN i.valid > 0 THEN i.top / i.valid ELSE 0 END, 4) AS agreement${raw}${swap}${prompt} ` +
      `FROM (${itemsSql(spec, where)}) i JOIN (SELECT * FROM ${B}${whereClause(where)}) b ON b.row_id = i.row_id${join} WHERE ${cond} ORDER BY b.row_id LIMIT ${p.add(limit)}`,
    params: [...where.params, ...p.values],
  };
}

/** How often each value of a per-item score occurs (agreement_score, a judge's score of a response). */
export function scoreValuesSql(column: string, where: SqlCondition): SqlQuery {
  return {
    sql:
      `SELECT CAST(${quoteIdent(column)} AS DOUBLE) AS value, count(*) AS items FROM ${B}${whereClause(where)} ` +
      `GROUP BY 1 ORDER BY 1 NULLS LAST`,
    params: where.params,
  };
}
