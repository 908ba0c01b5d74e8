/**
 * Defects lens queries: every query runs over "units", one per row, or two per row (one per side)
 * in side mode, so rates per label, per dimension and per model share one builder. What the file
 * offers (labels, dimensions, text) is read by defect-spec.ts.
 */
import type { Row } from '../sql/connector.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery, type SqlValue } from '../sql/statement.ts';
import { textLengthSql, textValueSql, type DefectDimension, type DefectSpec, type DefectText } from './defect-spec.ts';

const B = quoteIdent('battles');

/**
 * One row per unit: row_id, weight, model, side, verdict, the labels l0 … l(k−1), and the text
 * columns (answer = this unit's answer in side mode). The slice is applied before the text join, so
 * its unqualified names always mean battles' columns.
 */
export function unitsSql(spec: DefectSpec, where: SqlCondition, text?: DefectText, extra: string[] = []): string {
  const slice = `(SELECT * FROM ${B}${whereClause(where)}) b`;
  const from = text ? `${slice} LEFT JOIN ${quoteIdent(text.table)} t ON t.rowid = b.row_id` : slice;
  const dims = spec.dimensions
    .filter((d) => !['model', 'verdict'].includes(d.id) && (!d.needsText || text))
    .map((d) => `, ${d.expr} AS ${quoteIdent(`d_${d.id}`)}`)
    .join('');
  const more = extra.map((e) => `, ${e}`).join('');
  if (spec.mode === 'rows') {
    // A label keeps its NULL: an unlabelled row (French-Maxx arena rows) is no "false".
    const labels = spec.labels.map((l, i) => `, CAST(b.${quoteIdent(l.columns[0])} AS BOOLEAN) AS l${i}`).join('');
    return `SELECT b.row_id, b.weight, CAST(NULL AS VARCHAR) AS model, CAST(NULL AS VARCHAR) AS side, CAST(NULL AS VARCHAR) AS verdict${labels}${dims}${more} FROM ${from}`;
  }
  const side = (s: 0 | 1) => {
    const labels = spec.labels.map((l, i) => `, CAST(b.${quoteIdent(l.columns[s])} AS BOOLEAN) AS l${i}`).join('');
    const model = s === 0 ? 'b.model_a' : 'b.model_b';
    const seat = s === 0 ? `'a'` : `'b'`;
    const mine = s === 0 ? `'a'` : `'b'`;
    const verdict = `CASE WHEN CAST(b.outcome AS VARCHAR) = ${mine} THEN 'chosen' WHEN CAST(b.outcome AS VARCHAR) IN ('a', 'b') THEN 'not chosen' ELSE 'both equal' END`;
    const answer = text?.answers
      ? `, ${textValueSql(text.answers[s], 'assistant')} AS answer, ${textLengthSql(text.answers[s], 'assistant')} AS answer_len`
      : '';
    return `SELECT b.row_id, b.weight, CAST(${model} AS VARCHAR) AS model, ${seat} AS side, ${verdict} AS verdict${labels}${dims}${answer}${more} FROM ${from}`;
  };
  return `${side(0)} UNION ALL ${side(1)}`;
}

const dimColumn = (d: DefectDimension) => (d.id === 'model' || d.id === 'verdict' ? d.id : quoteIdent(`d_${d.id}`));

/**
 * Per value of a dimension (or overall): units, each label's weighted count (l0 …) and the units
 * that carry that label at all, true or false (n0 …); in rows mode, units with any defect and units
 * with any label (n_any). Rows: g (the value as text, NULL overall), units, l0 …, n0 …, any_defect, n_any.
 */
export function labelRatesSql(spec: DefectSpec, where: SqlCondition, dimension?: DefectDimension, text?: DefectText): SqlQuery {
  const counts = spec.labels.flatMap((_, i) => [
    `coalesce(sum(weight) FILTER (WHERE l${i}), 0) AS l${i}`,
    `coalesce(sum(weight) FILTER (WHERE l${i} IS NOT NULL), 0) AS n${i}`,
  ]);
  const neg = spec.labels.map((l, i) => (l.negative ? i : null)).filter((i): i is number => i !== null);
  if (neg.length) {
    counts.push(`coalesce(sum(weight) FILTER (WHERE ${neg.map((i) => `l${i}`).join(' OR ')}), 0) AS any_defect`);
    counts.push(`coalesce(sum(weight) FILTER (WHERE ${neg.map((i) => `l${i} IS NOT NULL`).join(' OR ')}), 0) AS any_labelled`);
  }
  const g = dimension ? `CAST(${dimColumn(dimension)} AS VARCHAR)` : 'CAST(NULL AS VARCHAR)';
  return {
    sql: `SELECT ${g} AS g, sum(weight) AS units, ${counts.join(', ')} FROM (${unitsSql(spec, where, dimension?.needsText ? text : undefined)}) GROUP BY g ORDER BY g NULLS LAST`,
    params: where.params,
  };
}

export interface LabelRate {
  group: string | null;
  label: string;
  /** Index into spec.labels, or -1 for "any defect". */
  index: number;
  /** A defect (or "any defect") rather than a quality. */
  negative: boolean;
  count: number;
  units: number;
  /** Units that carry the label at all, true or false (a NULL label is "no label", not "false"). */
  labelled: number;
  /** count / labelled; null when no unit of the group is labelled. */
  rate: number | null;
}

/** Long form: one entry per (group, label), groups in the dimension's order. */
export function readLabelRates(spec: DefectSpec, rows: readonly Row[], dimension?: DefectDimension): LabelRate[] {
  const order = dimension?.order;
  const sorted = [...rows].sort((x, y) => {
    if (!order) return 0;
    return order.indexOf(String(x.g)) - order.indexOf(String(y.g));
  });
  const out: LabelRate[] = [];
  for (const r of sorted) {
    const units = Number(r.units);
    const group = r.g === null || r.g === undefined ? null : String(r.g);
    const rate = (count: number, labelled: number) => (labelled ? count / labelled : null);
    spec.labels.forEach((l, i) => {
      const count = Number(r[`l${i}`]);
      const labelled = Number(r[`n${i}`]);
      out.push({ group, label: l.name, index: i, negative: l.negative, count, units, labelled, rate: rate(count, labelled) });
    });
    if ('any_defect' in r) {
      const count = Number(r.any_defect);
      const labelled = Number(r.any_labelled);
      out.push({ group, label: 'any defect', index: -1, negative: true, count, units, labelled, rate: rate(count, labelled) });
    }
  }
  return out;
}

/** One row: for each pair i ≤ j, units carrying both labels (c_i_j); units counts labelled ones only. */
export function cooccurrenceSql(spec: DefectSpec, where: SqlCondition): SqlQuery {
  const labelled = spec.labels.map((_, i) => `l${i} IS NOT NULL`).join(' OR ') || 'true';
  const parts = [`coalesce(sum(weight) FILTER (WHERE ${labelled}), 0) AS units`];
  spec.labels.forEach((_, i) =>
    spec.labels.forEach((__, j) => {
      if (j >= i) parts.push(`coalesce(sum(weight) FILTER (WHERE l${i} AND l${j}), 0) AS c_${i}_${j}`);
    }),
  );
  return { sql: `SELECT ${parts.join(', ')} FROM (${unitsSql(spec, where)})`, params: where.params };
}

export interface Cooccurrence {
  row: string;
  column: string;
  both: number;
  /** Share of units labelled `row` that also carry `column` (1 on the diagonal). */
  share: number;
  /** both / expected both if the two labels were independent. */
  lift: number | null;
}

export function readCooccurrence(spec: DefectSpec, row: Row): Cooccurrence[] {
  const units = Number(row.units ?? 0);
  const c = (i: number, j: number) => Number(row[i <= j ? `c_${i}_${j}` : `c_${j}_${i}`] ?? 0);
  const out: Cooccurrence[] = [];
  spec.labels.forEach((x, i) =>
    spec.labels.forEach((y, j) => {
      const both = c(i, j);
      const expected = units ? (c(i, i) * c(j, j)) / units : 0;
      out.push({
        row: x.name,
        column: y.name,
        both,
        share: c(i, i) ? both / c(i, i) : 0,
        lift: i !== j && expected > 0 ? both / expected : null,
      });
    }),
  );
  return out;
}

/**
 * Answer lengths in characters on a log axis (binsPerDecade bins a decade): per answer kind
 * (rows mode: the two answer columns; side mode: chosen / not chosen). Rows: kind, lo, units.
 */
export function answerLengthsSql(spec: DefectSpec, where: SqlCondition, text: DefectText, binsPerDecade = 8): SqlQuery {
  if (!text.answers || !text.answerLabels) throw new Error('answerLengthsSql: no answer columns');
  const p = new Params(where.params.length);
  const k = p.add(binsPerDecade);
  const bin = (len: string) => `floor(log10(greatest(${len}, 1)) * ${k}) / ${k}`;
  let inner: string;
  if (spec.mode === 'rows') {
    const [a, b] = text.answers;
    const la = p.add(text.answerLabels[0]);
    const lb = p.add(text.answerLabels[1]);
    const units = unitsSql(spec, where, text, [`${textLengthSql(a, 'assistant')} AS len0`, `${textLengthSql(b, 'assistant')} AS len1`]);
    inner = `SELECT ${la} AS kind, ${bin('len0')} AS lo, weight FROM (${units}) WHERE len0 IS NOT NULL UNION ALL SELECT ${lb}, ${bin('len1')}, weight FROM (${units}) WHERE len1 IS NOT NULL`;
  } else {
    inner = `SELECT verdict AS kind, ${bin('answer_len')} AS lo, weight FROM (${unitsSql(spec, where, text)}) WHERE answer_len IS NOT NULL`;
  }
  return {
    sql: `SELECT kind, lo, sum(weight) AS units FROM (${inner}) GROUP BY kind, lo ORDER BY kind, lo`,
    params: [...where.params, ...p.values],
  };
}

/** Median and mean answer length per answer kind, overall and among units carrying each label. */
export function answerLengthStatsSql(spec: DefectSpec, where: SqlCondition, text: DefectText): SqlQuery {
  if (!text.answers || !text.answerLabels) throw new Error('answerLengthStatsSql: no answer columns');
  const p = new Params(where.params.length);
  const groups = [
    `SELECT 'all' AS label, * FROM u`,
    ...spec.labels.map((l, i) => `SELECT ${p.add(l.name)} AS label, * FROM u WHERE l${i}`),
  ];
  let units: string;
  let kinds: string;
  if (spec.mode === 'rows') {
    units = unitsSql(spec, where, text, [
      `${textLengthSql(text.answers[0], 'assistant')} AS len0`,
      `${textLengthSql(text.answers[1], 'assistant')} AS len1`,
    ]);
    const la = p.add(text.answerLabels[0]);
    const lb = p.add(text.answerLabels[1]);
    kinds = `SELECT label, ${la} AS kind, len0 AS len, weight FROM g UNION ALL SELECT label, ${lb}, len1, weight FROM g`;
  } else {
    units = unitsSql(spec, where, text);
    kinds = `SELECT label, verdict AS kind, answer_len AS len, weight FROM g`;
  }
  return {
    sql:
      `WITH u AS (${units}), g AS (${groups.join(' UNION ALL ')}) SELECT label, kind, sum(weight) AS units, ` +
      `median(len) AS median, sum(len * weight) / sum(weight) AS mean FROM (${kinds}) WHERE len IS NOT NULL GROUP BY label, kind ORDER BY label, kind`,
    params: [...where.params, ...p.values],
  };
}

/** What a click picked: a label, a dimension value, both, or a model (side mode). */
export interface DefectFilter {
  label?: number;
  /** A second label the units must also carry (a co-occurrence cell). */
  also?: number;
  dimension?: DefectDimension;
  value?: string | null;
}

/** The units behind a bar, with labels, dimensions and text (truncated to 600 characters). */
export function defectRowsSql(spec: DefectSpec, where: SqlCondition, filter: DefectFilter, text?: DefectText, limit = 200): SqlQuery {
  const p = new Params(where.params.length);
  const conds: string[] = [];
  if (filter.label !== undefined) {
    if (!(filter.label >= 0 && filter.label < spec.labels.length)) throw new RangeError(`defectRowsSql: no label ${filter.label}`);
    conds.push(`l${Math.trunc(filter.label)}`);
  }
  if (filter.also !== undefined) {
    if (!(filter.also >= 0 && filter.also < spec.labels.length)) throw new RangeError(`defectRowsSql: no label ${filter.also}`);
    conds.push(`l${Math.trunc(filter.also)}`);
  }
  if (filter.dimension) {
    const col = `CAST(${dimColumn(filter.dimension)} AS VARCHAR)`;
    conds.push(filter.value === null || filter.value === undefined ? `${col} IS NULL` : `${col} = ${p.add(filter.value as SqlValue)}`);
  }
  const extra: string[] = [];
  if (text?.prompt) extra.push(`left(${textValueSql(text.prompt, 'user')}, 600) AS prompt`);
  if (spec.mode === 'rows' && text?.answers && text.answerLabels) {
    extra.push(`left(${textValueSql(text.answers[0], 'assistant')}, 600) AS ${quoteIdent(text.answerLabels[0])}`);
    extra.push(`left(${textValueSql(text.answers[1], 'assistant')}, 600) AS ${quoteIdent(text.answerLabels[1])}`);
  }
  const labels = spec.labels.map((l, i) => `, l${i} AS ${quoteIdent(l.name)}`).join('');
  const dims = spec.dimensions
    .filter((d) => !['model', 'verdict'].includes(d.id) && (!d.needsText || text))
    .map((d) => `, ${quoteIdent(`d_${d.id}`)} AS ${quoteIdent(d.label)}`)
    .join('');
  const sideCols = spec.mode === 'sides' ? ', model, side, verdict' : '';
  const answer = spec.mode === 'sides' && text?.answers ? ', left(answer, 600) AS answer' : '';
  const textNames = [...(text?.prompt ? ['prompt'] : []), ...(spec.mode === 'rows' && text?.answers ? text.answerLabels! : [])];
  const prompt = textNames.map((c) => `, ${quoteIdent(c)}`).join('');
  return {
    sql:
      `SELECT row_id AS row${sideCols}${labels}${dims}${prompt}${answer} FROM (${unitsSql(spec, where, text, extra)})` +
      `${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''} ORDER BY row_id, side LIMIT ${p.add(limit)}`,
    params: [...where.params, ...p.values],
  };
}
