/**
 * How two sources' votes are matched into items: by columns both files have (a question or pair
 * id, with the turn when there is one), or by the model pair plus such columns (the prompt). The
 * page proposes one, the user may pick another; `rank --compare-with` takes it as --match-key
 * COLUMN, pair+COLUMN or pair+COLUMN+COLUMN.
 */

export interface MatchKey {
  /** The columns both files have, compared as text, together. */
  columns: string[];
  /** Also require the same two models (in either order): a prompt column alone groups many pairs. */
  withPair: boolean;
}

// Column names that identify one judged item; tried first, in this order.
const ITEM_IDS = ['question_id', 'qid', 'pair_id', 'item_id', 'id', 'uid', 'conversation_id'];
// Columns that hold (or identify) the prompt: matched together with the model pair.
const PROMPTS = ['prompt', 'prompt_id', 'question', 'instruction', 'input', 'query', 'messages'];
// A column that tells the turns of one conversation apart: a multi-turn benchmark judges each turn.
const TURN = 'turn';

const PAIR = 'pair+';

/**
 * The keys worth offering for two files' columns (those both have), the proposed one first. When
 * both have a turn column, an item id or prompt comes first with the pair and the turn (MT-Bench and
 * VERDICTS judge every pair of a question on each turn); where the id alone names one vote, the
 * pair and turn add nothing, so the items are the same.
 */
export function matchKeyChoices(first: readonly string[], second: readonly string[], exclude: readonly string[] = []): MatchKey[] {
  const skip = new Set(exclude);
  const common = first.filter((c) => second.includes(c) && !skip.has(c));
  const lower = (c: string) => c.toLowerCase();
  const ids = ITEM_IDS.flatMap((name) => common.filter((c) => lower(c) === name));
  const prompts = PROMPTS.flatMap((name) => common.filter((c) => lower(c) === name));
  const turn = common.find((c) => lower(c) === TURN);
  const choices: MatchKey[] = [
    ...(turn ? [...ids, ...prompts].map((column) => ({ columns: [column, turn], withPair: true })) : []),
    ...ids.map((column) => ({ columns: [column], withPair: false })),
    ...prompts.map((column) => ({ columns: [column], withPair: true })),
  ];
  const offered = (columns: string[], withPair: boolean) =>
    choices.some((k) => k.withPair === withPair && matchKeyText(k) === matchKeyText({ columns, withPair }));
  for (const column of common)
    for (const withPair of [false, true]) if (!offered([column], withPair)) choices.push({ columns: [column], withPair });
  return choices;
}

/** The key's words: `id`, `pair+prompt`, `pair+question_id+turn`. */
export function matchKeyText(key: MatchKey): string {
  return (key.withPair ? PAIR : '') + key.columns.join('+');
}

/** Whether text can name a key at all (some column after an optional `pair+`); which, only the files' columns tell. */
export function isMatchKeyText(text: string): boolean {
  return (text.startsWith(PAIR) ? text.slice(PAIR.length) : text).trim() !== '';
}

/**
 * The key `text` names among `columns` (both files'): `pair+` asks for the pair too; the rest is one
 * column, or else columns joined by `+`. Null when it is empty; the parts no column has, otherwise.
 */
export function readMatchKey(text: string, columns: readonly string[]): MatchKey | { missing: string[] } | null {
  if (!isMatchKeyText(text)) return null;
  const withPair = text.startsWith(PAIR);
  const rest = withPair ? text.slice(PAIR.length) : text;
  if (columns.includes(rest)) return { columns: [rest], withPair };
  const parts = rest.split('+');
  const missing = parts.filter((c) => !columns.includes(c));
  return missing.length || parts.some((c) => c === '') ? { missing: missing.length ? missing : [rest] } : { columns: parts, withPair };
}

/** How a key reads on screen. */
export function matchKeyLabel(key: MatchKey): string {
  return [...(key.withPair ? ['model pair'] : []), ...key.columns].join(' + ');
}

/** Between the key columns' values in an item's key (a unit separator: no id or prompt holds one). */
export const KEY_SEPARATOR = '\u001f';

/** An item's key as it reads: its columns' values with a dot between. */
export function keyValueLabel(key: string): string {
  return key.split(KEY_SEPARATOR).join(' · ');
}
