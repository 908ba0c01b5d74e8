/**
 * Style lens: per-vote style features of the two answers, measured in SQL over the text columns,
 * for the style-controlled ratings (stats/style-control.ts). The counts follow FastChat's
 * fastchat/serve/monitor/add_markdown_info.py: assistant turns joined by a newline, fenced code
 * blocks removed before counting markdown, headers `^#{1,6}\s`, list items `^\s*[-*+]\s` plus
 * `^\s*\d+\.\s` (per line), bold `\*\*[^*\n]+\*\*` plus `__[^_\n]+__`. Length is in characters
 * of the whole answer (FastChat counts tokens; the normalised difference hardly differs).
 */
import { isConversationType, tryParseDuckType } from '../schema/duckdb-type.ts';
import type { ColumnInfo } from '../schema/column.ts';
import type { Row } from '../sql/connector.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';
import type { StyleVotes } from '../stats/style-control.ts';
import { sliceTable } from './tools.ts';
import { BATTLES_TABLE } from '../sql/battles.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { codedVotes } from '../sql/coded-votes.ts';

export const STYLE_FEATURES = ['length', 'headers', 'lists', 'bold'] as const;
export type StyleFeature = (typeof STYLE_FEATURES)[number];

/** How each feature is named to people (tokens: LMArena's conv_metadata, see sql/style-metadata.ts). */
export const STYLE_FEATURE_LABELS: Record<StyleFeature | 'tokens', { short: string; long: string }> = {
  length: { short: 'answer length', long: 'longer answers (characters)' },
  tokens: { short: 'answer length (tokens)', long: 'longer answers (assistant tokens)' },
  headers: { short: 'headers', long: 'more markdown headers' },
  lists: { short: 'list items', long: 'more list items' },
  bold: { short: 'bold', long: 'more bold text' },
};

/** Side A and side B answer columns, most specific first: the first pair fully present wins. */
export const ANSWER_PAIRS: readonly [string, string][] = [
  ['conversation_a', 'conversation_b'],
  ['response_optimal', 'rejected'],
  ['response_1', 'response_2'],
  ['model_a_response', 'model_b_response'],
  ['response_a', 'response_b'],
];

type Named = string | { name: string };
const nameOf = (c: Named) => (typeof c === 'string' ? c : c.name);

/** The answer column pair of a dataset (real column names), or null. Names match case-insensitively. */
export function answerPair(columns: readonly Named[]): [string, string] | null {
  const find = (want: string) => columns.map(nameOf).find((n) => n.toLowerCase() === want);
  for (const [a, b] of ANSWER_PAIRS) {
    const x = find(a),
      y = find(b);
    if (x && y) return [x, y];
  }
  return null;
}

/**
 * Whether the Style control lens applies: the columns (pass `dataset.detection.textColumns`)
 * hold both answers of one pair — conversation_a + conversation_b, response_optimal + rejected,
 * response_1 + response_2, model_a_response + model_b_response (VERDICTS), or response_a + response_b
 * (LMArena 55k, JSON lists of strings).
 */
export function hasStyleText(columns: readonly Named[]): boolean {
  return answerPair(columns) !== null;
}

/** One side's answer: a chat (LIST of STRUCT with content, maybe role) or a plain text column. */
export type AnswerColumn = { column: string; kind: 'turns'; content: string; role: string | null } | { column: string; kind: 'text' };

/** How to read each side's answer, from the file's column types; null when the pair is missing. */
export function answerColumns(columns: readonly ColumnInfo[]): { a: AnswerColumn; b: AnswerColumn } | null {
  const pair = answerPair(columns);
  if (!pair) return null;
  const read = (name: string): AnswerColumn => {
    const type = tryParseDuckType(columns.find((c) => c.name === name)!.type);
    if (type && isConversationType(type) && type.kind === 'list' && type.item.kind === 'struct') {
      const fields = type.item.fields.map((f) => f.name);
      const content = fields.find((f) => f.toLowerCase() === 'content')!;
      const role = fields.find((f) => f.toLowerCase() === 'role') ?? null;
      return { column: name, kind: 'turns', content, role };
    }
    return { column: name, kind: 'text' };
  };
  return { a: read(pair[0]), b: read(pair[1]) };
}

/** The answer as one text: assistant turns joined by a newline (all turns when there is no role). */
export function answerTextSql(side: AnswerColumn, alias = 't'): string {
  const col = `${alias}.${quoteIdent(side.column)}`;
  // Text that is JSON (LMArena's 55k lists of answers, 100k conversations) has its line breaks escaped:
  // they are restored so headers and list items, counted per line, are seen.
  if (side.kind === 'text') return `replace(CAST(${col} AS VARCHAR), '\\n', chr(10))`;
  const turns = side.role ? `list_filter(${col}, x -> x.${quoteIdent(side.role)} = 'assistant')` : col;
  // DuckDB 1.4 (the page's) gives NULL for array_to_string of an empty list; a list with no
  // assistant turn is an empty answer, only a NULL column is a missing one.
  const joined = `array_to_string(list_transform(${turns}, x -> CAST(x.${quoteIdent(side.content)} AS VARCHAR)), chr(10))`;
  return `CASE WHEN ${col} IS NULL THEN NULL ELSE coalesce(${joined}, '') END`;
}

const CODE_BLOCK = "'```[^`]*```'";
const COUNTS: Record<Exclude<StyleFeature, 'length'>, string[]> = {
  headers: [String.raw`'(?m)^#{1,6}\s'`],
  lists: [String.raw`'(?m)^\s*[-*+]\s'`, String.raw`'(?m)^\s*\d+\.\s'`],
  bold: [String.raw`'\*\*[^*\n]+\*\*'`, String.raw`'__[^_\n]+__'`],
};

/** Rows and votes of the slice, and its row_id range, to plan chunks and sampling. */
export function styleSliceSizeSql(where?: SqlCondition): SqlQuery {
  return {
    sql: `SELECT count(*) AS rows, sum(weight) AS votes, min(row_id) AS lo, max(row_id) AS hi FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)}`,
    params: where?.params ?? [],
  };
}

export interface StyleChunk {
  /** Table holding the text columns (rowid = battles.row_id). */
  text: string;
  a: AnswerColumn;
  b: AnswerColumn;
  /** row_id range [from, to). */
  from: number;
  to: number;
  /** Keep a row when hash(row_id) % 1e6 < keepPerMillion (a fixed pseudo-random sample); null keeps all. */
  keepPerMillion: number | null;
}

export const SAMPLE_MODULUS = 1_000_000;

/**
 * Per vote of the slice within a row_id range: model codes (model_name ENUM), outcome code,
 * weight, each side's style counts (<feature>_a, <feature>_b; NULL when the answer is missing),
 * and the normalised differences d_<feature> = (a − b)/(a + b + 1).
 */
export function styleFeaturesSql(where: SqlCondition | undefined, chunk: StyleChunk): SqlQuery {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const range = `row_id >= ${params.add(chunk.from)} AND row_id < ${params.add(chunk.to)}`;
  const sample = chunk.keepPerMillion === null ? '' : ` AND hash(row_id) % ${SAMPLE_MODULUS} < ${params.add(chunk.keepPerMillion)}`;
  const filter = where && where.sql ? `(${where.sql}) AND ${range}${sample}` : `${range}${sample}`;
  const count = (side: 'a' | 'b', patterns: string[]) => patterns.map((p) => `len(regexp_extract_all(prose_${side}, ${p}))`).join(' + ');
  const sideCounts = (side: 'a' | 'b') =>
    [`length(text_${side}) AS length_${side}`, ...Object.entries(COUNTS).map(([f, ps]) => `${count(side, ps)} AS ${f}_${side}`)].join(', ');
  const diffs = STYLE_FEATURES.map((f) => `(${f}_a - ${f}_b) / (${f}_a + ${f}_b + 1.0) AS d_${f}`).join(', ');
  return {
    sql:
      'WITH v AS (SELECT b.row_id, CAST(enum_code(b.model_a) AS INTEGER) AS a, CAST(enum_code(b.model_b) AS INTEGER) AS b, ' +
      'CAST(enum_code(b.outcome) AS UTINYINT) AS outcome, b.weight AS weight, ' +
      `${answerTextSql(chunk.a)} AS text_a, ${answerTextSql(chunk.b)} AS text_b ` +
      `FROM ${sliceTable({ sql: filter, params: [] })} JOIN ${quoteIdent(chunk.text)} AS t ON t.rowid = b.row_id), ` +
      `p AS (SELECT *, regexp_replace(text_a, ${CODE_BLOCK}, '', 'g') AS prose_a, regexp_replace(text_b, ${CODE_BLOCK}, '', 'g') AS prose_b FROM v), ` +
      `c AS (SELECT row_id, a, b, outcome, weight, ${sideCounts('a')}, ${sideCounts('b')} FROM p) ` +
      `SELECT *, ${diffs} FROM c ORDER BY row_id`,
    params: [...base, ...params.values],
  };
}

/** Per-vote rows as read: the fit's input plus each side's raw counts (for the style profile). */
export interface StyleRows {
  votes: StyleVotes;
  /** Per feature, per vote: side A's and side B's counts. */
  sideA: Float64Array[];
  sideB: Float64Array[];
  /** Rows left out because an answer is missing (NULL), and their summed weight. */
  missingRows: number;
  missingVotes: number;
}

/**
 * Rows of styleFeaturesSql (all chunks, in order) as StyleRows. `modelNames[code]` names each
 * model_name ENUM code (rows of modelsSql); only models that appear are kept, in code order.
 */
export function readStyleRows(
  modelNames: readonly string[],
  rows: readonly Row[],
  featureNames: readonly string[] = STYLE_FEATURES,
): StyleRows {
  const complete = (r: Row) => featureNames.every((f) => r[`${f}_a`] != null && r[`${f}_b`] != null);
  const { present, missingVotes, ...coded } = codedVotes(modelNames, rows, complete, 'readStyleRows');
  const col = (key: string) => Float64Array.from(present, (r) => Number(r[key]));
  return {
    votes: {
      ...coded,
      featureNames: [...featureNames],
      features: featureNames.map((f) => col(`d_${f}`)),
    },
    sideA: featureNames.map((f) => col(`${f}_a`)),
    sideB: featureNames.map((f) => col(`${f}_b`)),
    missingRows: rows.length - present.length,
    missingVotes,
  };
}

export interface StyleProfileRow {
  model: string;
  answers: number;
  length: number;
  headers: number;
  lists: number;
  bold: number;
}

/** Each model's average style per answer (weighted by votes), most verbose first. */
export function styleProfile(rows: StyleRows): StyleProfileRow[] {
  const { votes, sideA, sideB } = rows;
  const m = votes.models.length;
  const total = new Float64Array(m);
  const sums = STYLE_FEATURES.map(() => new Float64Array(m));
  for (let v = 0; v < votes.a.length; v++) {
    const w = votes.weight[v];
    total[votes.a[v]] += w;
    total[votes.b[v]] += w;
    STYLE_FEATURES.forEach((_, f) => {
      sums[f][votes.a[v]] += w * sideA[f][v];
      sums[f][votes.b[v]] += w * sideB[f][v];
    });
  }
  const avg = (f: number, j: number) => (total[j] > 0 ? sums[f][j] / total[j] : 0);
  return votes.models
    .map((model, j) => ({ model, answers: total[j], length: avg(0, j), headers: avg(1, j), lists: avg(2, j), bold: avg(3, j) }))
    .sort((x, y) => y.length - x.length || (x.model < y.model ? -1 : 1));
}
