/**
 * How two sources' votes are matched into items: by a column both files have (a question or pair
 * id), or by the model pair plus such a column (the prompt). The page proposes one, the user may
 * pick another; `rank --compare-with` takes it as --match-key COLUMN or pair+COLUMN.
 */

export interface MatchKey {
  /** The column both files have, compared as text. */
  column: string;
  /** Also require the same two models (in either order): a prompt column alone groups many pairs. */
  withPair: boolean;
}

// Column names that identify one judged item; tried first, in this order.
const ITEM_IDS = ['question_id', 'qid', 'pair_id', 'item_id', 'id', 'uid', 'conversation_id'];
// Columns that hold (or identify) the prompt: matched together with the model pair.
const PROMPTS = ['prompt', 'prompt_id', 'question', 'instruction', 'input', 'query', 'messages'];

/** The keys worth offering for two files' columns (those both have), the proposed one first. */
export function matchKeyChoices(first: readonly string[], second: readonly string[], exclude: readonly string[] = []): MatchKey[] {
  const skip = new Set(exclude);
  const common = first.filter((c) => second.includes(c) && !skip.has(c));
  const lower = (c: string) => c.toLowerCase();
  const ids = ITEM_IDS.flatMap((name) => common.filter((c) => lower(c) === name));
  const prompts = PROMPTS.flatMap((name) => common.filter((c) => lower(c) === name));
  const choices: MatchKey[] = [
    ...ids.map((column) => ({ column, withPair: false })),
    ...prompts.map((column) => ({ column, withPair: true })),
  ];
  for (const column of common) {
    if (!choices.some((k) => k.column === column && !k.withPair)) choices.push({ column, withPair: false });
    if (!choices.some((k) => k.column === column && k.withPair)) choices.push({ column, withPair: true });
  }
  return choices;
}

/** The key's words: `id`, or `pair+prompt`. */
export function matchKeyText(key: MatchKey): string {
  return key.withPair ? `pair+${key.column}` : key.column;
}

/** Reads `id` or `pair+prompt` back; null for an empty column. */
export function parseMatchKey(text: string): MatchKey | null {
  const withPair = text.startsWith('pair+');
  const column = withPair ? text.slice(5) : text;
  return column.trim() === '' ? null : { column, withPair };
}

/** How a key reads on screen. */
export function matchKeyLabel(key: MatchKey): string {
  return key.withPair ? `model pair + ${key.column}` : key.column;
}
