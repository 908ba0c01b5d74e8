/**
 * Rows lens: the votes of the current slice, 50 a page, searchable, with each dataset's text laid
 * out as a conversation — shared prompt turns, then side A's and side B's turns.
 */
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';
import { sliceTable } from './tools.ts';

/** Where a dataset keeps its conversation: columns of the text table, each a LIST of {content, role} or plain text. */
export interface ConversationLayout {
  /** Turns both sides share (the prompt), or null when the sides hold them. */
  prompt: string | null;
  a: string | null;
  b: string | null;
  /** Other text columns, shown under the two sides (reference answer, task, goal …). */
  extra: string[];
  /** Text columns the sides already show (VERDICTS' answers are the last turn of its conversations). */
  covers?: string[];
}

// Most specific first; the first whose side columns are all present wins.
const LAYOUTS: ConversationLayout[] = [
  {
    prompt: null,
    a: 'conversation_a',
    b: 'conversation_b',
    extra: ['opening_msg', 'conv_comments_a', 'conv_comments_b'],
    covers: ['full_conversation'],
  },
  { prompt: 'messages', a: 'response_optimal', b: 'rejected', extra: ['rejected_2', 'response_optimal_styled'] },
  {
    prompt: null,
    a: 'model_a_conv',
    b: 'model_b_conv',
    extra: ['ref_answer'],
    covers: ['question', 'model_a_response', 'model_b_response'],
  },
  { prompt: 'question', a: 'response_1', b: 'response_2', extra: [] },
  { prompt: 'prompt', a: 'response_1', b: 'response_2', extra: [] },
  { prompt: 'prompt', a: 'response_a', b: 'response_b', extra: [] },
  { prompt: 'task', a: null, b: null, extra: ['goal'] },
];

/** The layout for a dataset's text columns; unknown text columns become `extra`. */
export function conversationLayout(textColumns: readonly string[]): ConversationLayout {
  const has = new Set(textColumns);
  const known = LAYOUTS.find(
    (l) => [l.prompt, l.a, l.b].every((c) => c === null || has.has(c)) && [l.prompt, l.a, l.b].some((c) => c !== null),
  );
  if (!known) return { prompt: null, a: null, b: null, extra: [...textColumns] };
  const used = new Set([known.prompt, known.a, known.b, ...(known.covers ?? [])]);
  const extra = [...known.extra.filter((c) => has.has(c)), ...textColumns.filter((c) => !used.has(c) && !known.extra.includes(c))];
  return { prompt: known.prompt, a: known.a, b: known.b, extra };
}

/** The text columns a layout reads, in a fixed order: prompt, a, b, then extras. */
export function layoutColumns(layout: ConversationLayout): string[] {
  return [layout.prompt, layout.a, layout.b, ...layout.extra].filter((c): c is string => c !== null);
}

export interface BrowsePage {
  /** Table with the text columns (rowid = battles.row_id), or null when the dataset has none. */
  text: string | null;
  /** Text columns to read; each comes back as `text_<i>` in this order. */
  columns: readonly string[];
  /** Case-insensitive search in model names and text; '' for none. */
  search: string;
  limit: number;
  offset: number;
}

/** '%term%' for ILIKE … ESCAPE '\', with the term's own % _ and \ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of rows: every battles column of the row (b.*, model names and outcome as text) and
 * the text columns as text_0, text_1 …, plus `total`, the number of rows matching. Without a
 * search, the page is cut before the text is joined, so only 50 rows of text are read.
 */
export function browsePageSql(where: SqlCondition | undefined, page: BrowsePage): SqlQuery {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const limit = Math.max(1, Math.floor(page.limit));
  const offset = Math.max(0, Math.floor(page.offset));
  const term = page.search.trim();
  const textCols = page.text ? page.columns.map((c, i) => `t.${quoteIdent(c)} AS text_${i}`) : [];
  const select =
    `SELECT b.* REPLACE (CAST(b.model_a AS VARCHAR) AS model_a, CAST(b.model_b AS VARCHAR) AS model_b, ` +
    `CAST(b.outcome AS VARCHAR) AS outcome)${textCols.map((c) => `, ${c}`).join('')}`;
  const join = page.text ? ` LEFT JOIN ${quoteIdent(page.text)} AS t ON t.rowid = b.row_id` : '';
  if (!term) {
    return {
      sql:
        `${select} FROM (SELECT *, count(*) OVER () AS total FROM ${sliceTable(where)} ORDER BY row_id ` +
        `LIMIT ${limit} OFFSET ${offset}) AS b${join} ORDER BY b.row_id`,
      params: base,
    };
  }
  const p = params.add(likePattern(term));
  const searched = ['b.model_a', 'b.model_b', ...(page.text ? page.columns.map((c) => `t.${quoteIdent(c)}`) : [])]
    .map((c) => `CAST(${c} AS VARCHAR) ILIKE ${p} ESCAPE '\\'`)
    .join(' OR ');
  return {
    sql: `${select}, count(*) OVER () AS total FROM ${sliceTable(where)}${join} WHERE ${searched} ORDER BY b.row_id LIMIT ${limit} OFFSET ${offset}`,
    params: [...base, ...params.values],
  };
}

export interface Turn {
  role: string;
  content: string;
}

/**
 * A text cell as turns: a LIST of {content, role} as is (a content that is a list of {type, text}
 * parts, as in LMArena's 140k, joined), a JSON-encoded list (LMArena's 100k conversations, the 55k
 * prompts and responses) read the same way, a plain string as one turn of `role`.
 */
export function toTurns(value: unknown, role: string): Turn[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    return value
      .filter((t) => t !== null && t !== undefined)
      .map((t) =>
        typeof t === 'object'
          ? { role: String((t as Record<string, unknown>).role ?? role), content: contentText((t as Record<string, unknown>).content) }
          : { role, content: String(t) },
      );
  }
  if (typeof value === 'string') {
    const list = jsonList(value);
    return list ? toTurns(list, role) : [{ role, content: value }];
  }
  return [{ role, content: JSON.stringify(value) }];
}

/** A message's content as text: a string, or the text of its parts. */
function contentText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) {
    return content
      .map((p) => (p !== null && typeof p === 'object' ? (p as Record<string, unknown>).text : p))
      .filter((t) => t !== null && t !== undefined)
      .map(String)
      .join('\n\n');
  }
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** The list a string holds when it is a JSON array, else null (plain text stays plain). */
function jsonList(text: string): unknown[] | null {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return null;
  try {
    const v: unknown = JSON.parse(t);
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The conversation of one row as shown: prompt turns both sides share, then each side's turns.
 * Full conversations (Chatbot Arena, comparIA) keep their user turns on each side.
 */
export function rowConversation(row: Record<string, unknown>, layout: ConversationLayout): { prompt: Turn[]; a: Turn[]; b: Turn[] } {
  const cell = (column: string | null) => (column === null ? undefined : row[`text_${layoutColumns(layout).indexOf(column)}`]);
  const prompt = toTurns(cell(layout.prompt), 'user');
  const a = toTurns(cell(layout.a), 'assistant');
  const b = toTurns(cell(layout.b), 'assistant');
  return { prompt, a, b };
}
