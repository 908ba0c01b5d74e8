/**
 * Defects lens, what a file offers: boolean quality labels, either one set per row (French-Maxx:
 * incorrect, superficial, instructions_not_followed) or one per side (comparIA: conv_<label>_a
 * belongs to model_a, conv_<label>_b to model_b), the dimensions to break them down by, and where
 * the prompt and answers' text lives (with the SQL that measures and reads it). The queries over
 * them are in defects.ts.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isBooleanType, isConversationType, tryParseDuckType } from '../schema/duckdb-type.ts';
import { quoteIdent } from '../sql/quote.ts';

export interface DefectLabel {
  name: string;
  /** One column per row, or [side a, side b]. */
  columns: string[];
  /** A defect (incorrect …) rather than a quality (useful …). */
  negative: boolean;
}

export interface DefectDimension {
  id: string;
  label: string;
  /** SQL over a unit (battles as b, text table as t, plus model / side / verdict). */
  expr: string;
  needsText?: boolean;
  /** Display order of values, when not alphabetical. */
  order?: string[];
}

export interface DefectSpec {
  mode: 'rows' | 'sides';
  labels: DefectLabel[];
  dimensions: DefectDimension[];
}

export interface TextColumn {
  column: string;
  conversation: boolean;
}
/** Where text lives for this dataset: a prompt, and the answers (two for rows mode, per side otherwise). */
export interface DefectText {
  table: string;
  prompt?: TextColumn;
  /** Rows mode: [optimal/chosen, rejected]; side mode: [side a, side b]. */
  answers?: [TextColumn, TextColumn];
  answerLabels?: [string, string];
}

const NEGATIVE =
  /^(incorrect|superficial|instructions_not_followed|hallucinat\w*|unsafe|harmful|off_topic|refus\w*|too_(long|short)|verbose)$/i;
const ROW_DIMENSIONS: [string, string][] = [
  ['source', 'source'],
  ['pref_strength', 'preference strength'],
  ['multi_turn', 'multi-turn'],
  ['is_multi_turn', 'multi-turn'],
  ['conversation_turns', 'turns'],
  ['selected_category', 'category'],
  ['category', 'category'],
  ['is_unedited_prompt', 'unedited prompt'],
  ['language', 'language'],
];
export const LENGTH_BUCKETS = ['< 200 chars', '200–499 chars', '500–999 chars', '1,000–1,999 chars', '≥ 2,000 chars'];

/** Label columns, dimensions and their SQL, from the columns of battles and the text columns of the file. */
export function defectSpec(columns: readonly ColumnInfo[], textColumns: readonly ColumnInfo[] = []): DefectSpec {
  const bools = columns.filter((c) => {
    const t = tryParseDuckType(c.type);
    return t !== undefined && isBooleanType(t);
  });
  const names = new Set(bools.map((c) => c.name));
  const sided = bools.map((c) => /^conv_(.+)_a$/.exec(c.name)?.[1]).filter((q): q is string => !!q && names.has(`conv_${q}_b`));
  const dims: DefectDimension[] = [];
  let spec: DefectSpec;
  if (sided.length > 0) {
    spec = {
      mode: 'sides',
      labels: sided.map((q) => ({ name: q, columns: [`conv_${q}_a`, `conv_${q}_b`], negative: NEGATIVE.test(q) })),
      dimensions: dims,
    };
    dims.push({ id: 'model', label: 'model', expr: 'model' });
    dims.push({ id: 'verdict', label: 'vote for this answer', expr: 'verdict', order: ['chosen', 'not chosen', 'both equal'] });
  } else {
    spec = {
      mode: 'rows',
      labels: bools.filter((c) => NEGATIVE.test(c.name)).map((c) => ({ name: c.name, columns: [c.name], negative: true })),
      dimensions: dims,
    };
  }
  const have = new Set(columns.map((c) => c.name));
  for (const [name, label] of ROW_DIMENSIONS) {
    if (have.has(name) && !dims.some((d) => d.label === label))
      dims.push({ id: name, label, expr: `CAST(b.${quoteIdent(name)} AS VARCHAR)` });
  }
  const prompt = promptColumn(textColumns);
  // French-Maxx counts the prompt's characters itself: no text needs reading.
  if (have.has('prompt_chars'))
    dims.push({
      id: 'prompt_length',
      label: 'prompt length',
      expr: lengthBucketSql(`b.${quoteIdent('prompt_chars')}`),
      order: LENGTH_BUCKETS,
    });
  else if (prompt)
    dims.push({
      id: 'prompt_length',
      label: 'prompt length',
      expr: lengthBucketSql(textLengthSql(prompt, 'user')),
      needsText: true,
      order: LENGTH_BUCKETS,
    });
  const conv = textColumns.find(
    (c) => c.name === 'conversation_a' && isConversationType(tryParseDuckType(c.type) ?? { kind: 'scalar', name: '' }),
  );
  if (!have.has('multi_turn') && !have.has('is_multi_turn') && conv) {
    dims.push({
      id: 'turns',
      label: 'turns',
      expr: `CASE WHEN len(t.${quoteIdent(conv.name)}) > 2 THEN 'multi-turn' ELSE 'single turn' END`,
      needsText: true,
    });
  }
  return spec;
}

const PROMPTS = ['messages', 'opening_msg', 'prompt', 'question', 'conversation_a'];

function promptColumn(textColumns: readonly ColumnInfo[]): TextColumn | undefined {
  for (const name of PROMPTS) {
    const c = textColumns.find((x) => x.name === name);
    const t = c && tryParseDuckType(c.type);
    if (c && t) return { column: c.name, conversation: isConversationType(t) };
  }
  return undefined;
}

/** Text sources for the rows table and the answer-length chart. */
export function defectText(spec: DefectSpec, textColumns: readonly ColumnInfo[], table: string): DefectText {
  const col = (name: string): TextColumn | undefined => {
    const c = textColumns.find((x) => x.name === name);
    const t = c && tryParseDuckType(c.type);
    return c && t ? { column: c.name, conversation: isConversationType(t) } : undefined;
  };
  const pairs: [string, string, string, string][] =
    spec.mode === 'sides'
      ? [['conversation_a', 'conversation_b', 'side a', 'side b']]
      : [
          ['response_optimal', 'rejected', 'optimal', 'rejected'],
          ['chosen', 'rejected', 'chosen', 'rejected'],
        ];
  for (const [a, b, la, lb] of pairs) {
    const x = col(a);
    const y = col(b);
    if (x && y) return { table, prompt: promptColumn(textColumns), answers: [x, y], answerLabels: [la, lb] };
  }
  return { table, prompt: promptColumn(textColumns) };
}

/** Length in characters of a text column on t: a conversation counts the turns of one role. */
export function textLengthSql(c: TextColumn, role: 'user' | 'assistant'): string {
  const col = `t.${quoteIdent(c.column)}`;
  if (!c.conversation) return `length(CAST(${col} AS VARCHAR))`;
  const r = role === 'user' ? `'user'` : `'assistant'`;
  return `list_sum(list_transform(list_filter(${col}, x -> x.role = ${r}), x -> length(x.content)))`;
}

/** The text of a column on t (a conversation: the turns of one role, joined by blank lines). */
export function textValueSql(c: TextColumn, role: 'user' | 'assistant'): string {
  const col = `t.${quoteIdent(c.column)}`;
  if (!c.conversation) return `CAST(${col} AS VARCHAR)`;
  const r = role === 'user' ? `'user'` : `'assistant'`;
  return `array_to_string(list_transform(list_filter(${col}, x -> x.role = ${r}), x -> x.content), chr(10) || chr(10))`;
}

/** Buckets of LENGTH_BUCKETS (written out here; a test checks they match). */
export function lengthBucketSql(length: string): string {
  return (
    `CASE WHEN ${length} IS NULL THEN NULL WHEN ${length} < 200 THEN '< 200 chars' WHEN ${length} < 500 THEN '200–499 chars' ` +
    `WHEN ${length} < 1000 THEN '500–999 chars' WHEN ${length} < 2000 THEN '1,000–1,999 chars' ELSE '≥ 2,000 chars' END`
  );
}
