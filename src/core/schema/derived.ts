/**
 * Dimensions derived from a vote's text when the file has no column for them: the prompt's length
 * as buckets, and the number of turns from a conversation's length. Built into `battles` from the
 * loaded text, so they filter like any column. Pure: column names and types in, SQL expressions out
 * (the expressions hold only our constants and quoted column names).
 */
import type { ColumnInfo } from './column.ts';
import { quoteIdent } from '../sql/quote.ts';
import { parseDuckType, typeAtPath, type DuckType } from './duckdb-type.ts';

export const PROMPT_LENGTH = 'prompt_length';
export const TURNS = 'turns';

/**
 * Where a prompt's text is: a text column, the first message of a conversation list, or the first
 * text part of that message (LMArena 140k: content is a list of {type, text} parts).
 */
export interface PromptSource {
  column: string;
  kind: 'text' | 'conversation' | 'conversation-parts';
}

const PROMPT_COLUMNS = ['prompt', 'opening_msg', 'question', 'instruction'];
const CONVERSATION_COLUMNS = ['conversation_a', 'conversation'];
const TURN_COLUMNS = ['turn', 'turns', 'num_turns', 'n_turns'];

const isList = (type: string) => /\[\]$|^LIST\b/i.test(type.trim());
// A conversation is a list of {role, content} messages; without a content field there is no text to measure.
const isMessageList = (type: string) => isList(type) && /\bcontent\b/i.test(type);

export function promptSource(columns: readonly ColumnInfo[]): PromptSource | null {
  const byName = new Map(columns.map((c) => [c.name.toLowerCase(), c]));
  for (const name of PROMPT_COLUMNS) {
    const c = byName.get(name);
    if (c && /^VARCHAR$/i.test(c.type)) return { column: c.name, kind: 'text' };
  }
  for (const name of CONVERSATION_COLUMNS) {
    const c = byName.get(name);
    if (c && isMessageList(c.type))
      return { column: c.name, kind: /\bcontent\s+STRUCT\(.*\)\[\]/i.test(c.type) ? 'conversation-parts' : 'conversation' };
  }
  return null;
}

/** Whether any column is named as a prompt or a conversation is (the lens that reads them checks the type). */
export function hasPromptColumn(names: readonly (string | { name: string })[]): boolean {
  const known = new Set([...PROMPT_COLUMNS, ...CONVERSATION_COLUMNS]);
  return names.some((n) => known.has((typeof n === 'string' ? n : n.name).toLowerCase()));
}

/** The conversation to count turns in, when the file has no turn column of its own. */
export function turnSource(columns: readonly ColumnInfo[]): string | null {
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  if (TURN_COLUMNS.some((n) => names.has(n))) return null;
  const c = columns.find((c) => CONVERSATION_COLUMNS.includes(c.name.toLowerCase()) && isList(c.type));
  return c ? c.name : null;
}

/** The prompt's text as VARCHAR (`alias.` before the column when given). */
export function promptTextSql(prompt: PromptSource, alias?: string): string {
  const col = (alias ? `${alias}.` : '') + quoteIdent(prompt.column);
  const text = prompt.kind === 'text' ? col : prompt.kind === 'conversation' ? `${col}[1].content` : `${col}[1].content[1]."text"`;
  return `CAST(${text} AS VARCHAR)`;
}

/** Bucket labels in order; they sort as text in the same order as the lengths. */
export const PROMPT_BUCKETS = ['1: under 50 chars', '2: 50–199 chars', '3: 200–999 chars', '4: 1,000+ chars'] as const;

/** Derived columns for battles, as (name, SQL expression over the raw table's columns). */
export function derivedColumns(columns: readonly ColumnInfo[]): { name: string; expression: string }[] {
  const out: { name: string; expression: string }[] = [];
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  const prompt = promptSource(columns);
  if (prompt && !taken.has(PROMPT_LENGTH)) {
    const n = `length(${promptTextSql(prompt)})`;
    const [b1, b2, b3, b4] = PROMPT_BUCKETS;
    out.push({
      name: PROMPT_LENGTH,
      expression: `CASE WHEN ${n} IS NULL THEN NULL WHEN ${n} < 50 THEN '${b1}' WHEN ${n} < 200 THEN '${b2}' WHEN ${n} < 1000 THEN '${b3}' ELSE '${b4}' END`,
    });
  }
  const turns = turnSource(columns);
  if (turns && !taken.has(TURNS)) {
    // Messages alternate user, assistant: a turn is a user message and its answer.
    out.push({ name: TURNS, expression: `CAST(ceil(len(${quoteIdent(turns)}) / 2) AS INTEGER)` });
  }
  for (const c of lmarenaCategories(columns)) if (!taken.has(c.name)) out.push(c);
  return out;
}

/** LMArena's seven prompt criteria; a hard prompt meets at least six of them. */
export const HARD_PROMPT_CRITERIA = [
  'specificity',
  'domain_knowledge',
  'complexity',
  'problem_solving',
  'creativity',
  'technical_accuracy',
  'real_world',
] as const;

/**
 * LMArena's categories as boolean slices, from its `category_tag` (a struct, or JSON text decoded into
 * one): hard prompts (≥ 6 of the 7 criteria_v0.1 flags), math, instruction following, creative writing.
 * Coding is the file's own `is_code`.
 */
function lmarenaCategories(columns: readonly ColumnInfo[]): { name: string; expression: string }[] {
  const tag = columns.find((c) => c.name === 'category_tag');
  if (!tag) return [];
  let type: DuckType;
  try {
    type = parseDuckType(tag.type);
  } catch {
    return [];
  }
  const has = (...path: string[]) => typeAtPath(type, path) !== undefined;
  const field = (...path: string[]) => `${quoteIdent(tag.name)}${path.map((p) => `.${quoteIdent(p)}`).join('')}`;
  const out: { name: string; expression: string }[] = [];
  if (HARD_PROMPT_CRITERIA.every((c) => has('criteria_v0.1', c))) {
    const met = HARD_PROMPT_CRITERIA.map((c) => `CAST(coalesce(${field('criteria_v0.1', c)}, false) AS INTEGER)`).join(' + ');
    out.push({ name: 'hard_prompts', expression: `CASE WHEN ${field('criteria_v0.1')} IS NULL THEN NULL ELSE (${met}) >= 6 END` });
  }
  if (has('math_v0.1', 'math')) out.push({ name: 'math', expression: field('math_v0.1', 'math') });
  if (has('if_v0.1', 'if')) out.push({ name: 'instruction_following', expression: field('if_v0.1', 'if') });
  if (has('creative_writing_v0.1', 'creative_writing'))
    out.push({ name: 'creative_writing', expression: field('creative_writing_v0.1', 'creative_writing') });
  return out;
}

/** The columns a derivation reads: a parquet load keeps them even when it leaves other text for later. */
export function derivationSources(columns: readonly ColumnInfo[]): string[] {
  return [promptSource(columns)?.column, turnSource(columns)].filter((c): c is string => !!c);
}
