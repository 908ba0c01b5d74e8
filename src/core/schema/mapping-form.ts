/**
 * What the column-mapping form edits, and how it becomes a ColumnMapping: two side columns or one
 * combined pair key split at a separator; a winner column, one-hot winner columns, or several verdict
 * columns decided by majority. Pure, so the form only binds inputs.
 */
import type { Outcome } from '../outcome.ts';
import type { ColumnMapping, SideSource, WinnerSource } from './mapping.ts';

export interface MappingDraft {
  sides: 'columns' | 'key';
  modelA: string;
  modelB: string;
  key: string;
  separator: string;
  at: 'first' | 'last';
  winner: 'column' | 'one-hot' | 'votes';
  winnerColumn: string;
  namesModel: boolean;
  oneHot: Partial<Record<Outcome, string>>;
  votes: string[];
  /** Raw value → outcome, for the winner column or the verdict columns; '' = set aside. */
  labels: Record<string, Outcome | ''>;
  weight: string;
}

/**
 * Guesses from column names, most telling first: a side named as such (`model_a`, `response_b`,
 * `modelA`), then a name with a side word in it (`left_model`, `first_system`, `bot_2`).
 */
const SIDE_GUESSES = {
  a: [/(^|_)(a|1|left)$|model_?a/i, /(^|[^a-z0-9])(a|1|left|first)([^a-z0-9]|$)/i],
  b: [/(^|_)(b|2|right)$|model_?b/i, /(^|[^a-z0-9])(b|2|right|second)([^a-z0-9]|$)/i],
};
const WINNER_GUESSES = [
  /winner|outcome|label|chosen|preference|result/i,
  /pref|choice|verdict|better|judge?ment|(^|[^a-z0-9])vote([^a-z0-9]|$)/i,
];

/** The form's starting point: the mapping in force, or guesses from the column names. */
export function draftFrom(initial: ColumnMapping | null, names: readonly string[]): MappingDraft {
  const guess = (res: RegExp | readonly RegExp[], skip: string[] = []) => {
    for (const re of Array.isArray(res) ? res : [res]) {
      const found = names.find((n) => re.test(n) && !skip.includes(n));
      if (found) return found;
    }
    return '';
  };
  const a = initial?.modelA;
  const b = initial?.modelB;
  const w = initial?.winner;
  const modelA = a?.kind === 'column' ? a.column : initial ? '' : guess(SIDE_GUESSES.a);
  const modelB = b?.kind === 'column' ? b.column : initial ? '' : guess(SIDE_GUESSES.b, [modelA]);
  const split = a?.kind === 'split' ? a : null;
  return {
    sides: split ? 'key' : 'columns',
    modelA,
    modelB,
    key: split?.column ?? guess(/(^|_)(cmp_key|pair|pair_key|matchup)$/i),
    separator: split?.separator ?? '_',
    at: split?.at ?? 'first',
    winner: w?.kind === 'one-hot' ? 'one-hot' : w?.kind === 'votes' ? 'votes' : 'column',
    winnerColumn: w?.kind === 'column' ? w.column : initial ? '' : guess(WINNER_GUESSES, [modelA, modelB]),
    namesModel: w?.kind === 'column' ? w.namesModel : false,
    oneHot:
      w?.kind === 'one-hot'
        ? { ...w.columns }
        : { a: guess(/winner_model_a|^a_wins?$/i), b: guess(/winner_model_b|^b_wins?$/i), tie: guess(/winner_tie|^tie$/i) },
    votes: w?.kind === 'votes' ? [...w.columns] : names.filter((n) => /^(annotator|judge|rater)_?\d+(_response)?$/i.test(n)),
    labels: w?.kind === 'column' || w?.kind === 'votes' ? { ...w.labels } : {},
    // Only names that say it: a wrong weight would set every row aside as invalid.
    weight: initial ? (initial.weight ?? '') : guess(/^(count|n|num_votes|n_votes|weight)$/i),
  };
}

/** The mapping the draft describes, or what is missing. */
export function mappingFromDraft(d: MappingDraft): ColumnMapping | { problem: string } {
  let modelA: SideSource;
  let modelB: SideSource;
  if (d.sides === 'key') {
    if (!d.key) return { problem: 'choose the column that holds the pair key' };
    if (!d.separator) return { problem: 'say which separator splits the pair key' };
    modelA = { kind: 'split', column: d.key, separator: d.separator, part: 0, at: d.at };
    modelB = { kind: 'split', column: d.key, separator: d.separator, part: 1, at: d.at };
  } else {
    if (!d.modelA || !d.modelB) return { problem: 'choose the model A and model B columns' };
    if (d.modelA === d.modelB) return { problem: 'model A and model B must be different columns' };
    modelA = { kind: 'column', column: d.modelA };
    modelB = { kind: 'column', column: d.modelB };
  }
  const labels = Object.fromEntries(Object.entries(d.labels).filter(([, o]) => o !== '')) as Record<string, Outcome>;
  let winner: WinnerSource;
  if (d.winner === 'one-hot') {
    const columns = Object.fromEntries(Object.entries(d.oneHot).filter(([, c]) => !!c)) as Partial<Record<Outcome, string>>;
    if (!columns.a || !columns.b) return { problem: 'a one-hot winner needs the "A wins" and "B wins" columns' };
    if (new Set(Object.values(columns)).size !== Object.values(columns).length)
      return { problem: 'each one-hot outcome needs its own column' };
    winner = { kind: 'one-hot', columns };
  } else if (d.winner === 'votes') {
    if (!d.votes.length) return { problem: 'choose the verdict columns' };
    winner = { kind: 'votes', columns: [...d.votes], labels };
  } else {
    if (!d.winnerColumn) return { problem: 'choose the winner column' };
    winner = { kind: 'column', column: d.winnerColumn, labels, namesModel: d.namesModel };
  }
  return { modelA, modelB, winner, ...(d.weight ? { weight: d.weight } : {}) };
}

/** The columns whose values the label table lists. */
export function labelledColumns(d: MappingDraft): string[] {
  if (d.winner === 'column') return d.winnerColumn ? [d.winnerColumn] : [];
  if (d.winner === 'votes') return d.votes;
  return [];
}

/**
 * A pair key cut as the SQL does it (vote-expressions.ts sideExpression): at the first or the last
 * occurrence of the separator; null when the separator is absent or a half is empty.
 */
export function splitPairKey(value: string, separator: string, at: 'first' | 'last'): [string, string] | null {
  if (!separator) return null;
  const i = at === 'first' ? value.indexOf(separator) : value.lastIndexOf(separator);
  if (i < 0) return null;
  const a = value.slice(0, i);
  const b = value.slice(i + separator.length);
  return a && b ? [a, b] : null;
}
