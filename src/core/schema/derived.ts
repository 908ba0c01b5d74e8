/**
 * Dimensions derived from a vote's text when the file has no column for them: the prompt's length
 * as buckets, and the number of turns from a conversation's length. Built into `battles` from the
 * loaded text, so they filter like any column. Pure: column names and types in, SQL expressions out
 * (the expressions hold only our constants and quoted column names).
 */
import type { ColumnInfo } from './column.ts';
import { quoteIdent } from '../sql/quote.ts';

export const PROMPT_LENGTH = 'prompt_length';
export const TURNS = 'turns';

/** Where a prompt's text is: a text column, or the first message of a conversation list. */
export interface PromptSource {
  column: string;
  kind: 'text' | 'conversation';
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
    if (c && isMessageList(c.type)) return { column: c.name, kind: 'conversation' };
  }
  return null;
}

/** The conversation to count turns in, when the file has no turn column of its own. */
export function turnSource(columns: readonly ColumnInfo[]): string | null {
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  if (TURN_COLUMNS.some((n) => names.has(n))) return null;
  const c = columns.find((c) => CONVERSATION_COLUMNS.includes(c.name.toLowerCase()) && isList(c.type));
  return c ? c.name : null;
}

/** Bucket labels in order; they sort as text in the same order as the lengths. */
export const PROMPT_BUCKETS = ['1: under 50 chars', '2: 50–199 chars', '3: 200–999 chars', '4: 1,000+ chars'] as const;

/** Derived columns for battles, as (name, SQL expression over the raw table's columns). */
export function derivedColumns(columns: readonly ColumnInfo[]): { name: string; expression: string }[] {
  const out: { name: string; expression: string }[] = [];
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  const prompt = promptSource(columns);
  if (prompt && !taken.has(PROMPT_LENGTH)) {
    const text = prompt.kind === 'text' ? quoteIdent(prompt.column) : `${quoteIdent(prompt.column)}[1].content`;
    const n = `length(CAST(${text} AS VARCHAR))`;
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
  return out;
}

/** The columns a derivation reads: a parquet load keeps them even when it leaves other text for later. */
export function derivationSources(columns: readonly ColumnInfo[]): string[] {
  return [promptSource(columns)?.column, turnSource(columns)].filter((c): c is string => !!c);
}
