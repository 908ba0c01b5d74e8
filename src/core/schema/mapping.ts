import type { Outcome } from '../outcome.ts';
import { OUTCOMES } from '../outcome.ts';
import type { ColumnInfo } from './column.ts';

/**
 * One side of a battle:
 * - column: a column holding model names;
 * - constant: a fixed name for every row (French-Maxx "optimal" / "rejected", GenRM positions); with
 *   `presentIn`, the side exists only in rows where that column is not null (a row without a rejected
 *   answer is no preference pair);
 * - split: one half of a combined pair key (PandaLM's `cmp_key` = "<model1>_<model2>"), cut at the
 *   first or last occurrence of `separator`; part 0 is the text before it, part 1 the text after.
 */
export type SideSource =
  | { kind: 'column'; column: string }
  | { kind: 'constant'; name: string; presentIn?: string }
  | { kind: 'split'; column: string; separator: string; part: 0 | 1; at: 'first' | 'last' };

/**
 * How the winner of a row is read.
 * - column: `labels` maps each raw value (exactly as text) to an outcome; with `namesModel`, a value
 *   equal to that row's model A / model B name also counts as a win for that side (comparIA,
 *   VERDICTS). Values in neither become rejected rows, never ties.
 * - constant: every row has the same outcome (French-Maxx: the optimal answer always wins).
 * - one-hot: one 0/1 (or boolean) column per outcome (LMArena 55k: winner_model_a, winner_model_b,
 *   winner_tie); exactly one must be set, else the row is set aside.
 * - votes: several verdict columns (judges, annotators), each value read through `labels`; the
 *   majority of valid verdicts decides (see majorityRule), a row with no valid verdict is set aside.
 */
export type WinnerSource =
  | { kind: 'column'; column: string; labels: Record<string, Outcome>; namesModel: boolean }
  | { kind: 'constant'; outcome: Outcome }
  | { kind: 'one-hot'; columns: Partial<Record<Outcome, string>> }
  | { kind: 'votes'; columns: string[]; labels: Record<string, Outcome> };

/** The majority rule of several verdicts, stated once for the form, the README and the SQL. */
export const MAJORITY_RULE = 'A (or B) when it has more valid verdicts than the other side and at least as many as ties; otherwise a tie';

/** What detection produces and the user's mapping form edits: everything battles.ts needs. */
export interface ColumnMapping {
  modelA: SideSource;
  modelB: SideSource;
  winner: WinnerSource;
  /** A boolean column whose true means tie whatever the winner column says (comparIA both_equal). */
  tieFlag?: string;
  /** A count of votes per row (pre-aggregated files); absent means 1 per row. */
  weight?: string;
  /**
   * Further pairs read from the same row, with the same winner (French-Maxx: optimal vs `rejected_2`).
   * Rows of the n-th extra pair carry `pair` = n + 2 in battles; the main pair is 1.
   */
  extraPairs?: { modelA: SideSource; modelB: SideSource }[];
}

/** Columns a side reads. */
export function sideColumns(s: SideSource): string[] {
  if (s.kind === 'constant') return s.presentIn ? [s.presentIn] : [];
  return [s.column];
}

/**
 * The outcomes a mapping can give a vote: a dataset without "both bad" (comparIA, GenRM, VERDICTS …)
 * need not show a both-bad count of 0 as if it could have been otherwise.
 */
export function possibleOutcomes(m: ColumnMapping): Set<Outcome> {
  const w = m.winner;
  const out = new Set<Outcome>(
    w.kind === 'constant'
      ? [w.outcome]
      : w.kind === 'one-hot'
        ? (Object.keys(w.columns) as Outcome[])
        : // A majority of verdicts is A, B or a tie (MAJORITY_RULE).
          w.kind === 'votes'
          ? ['a', 'b', 'tie']
          : [...Object.values(w.labels), ...(w.namesModel ? (['a', 'b'] as const) : [])],
  );
  if (m.tieFlag) out.add('tie');
  return out;
}

/** Columns a winner source reads. */
export function winnerColumns(w: WinnerSource): string[] {
  switch (w.kind) {
    case 'column':
      return [w.column];
    case 'constant':
      return [];
    case 'one-hot':
      return OUTCOMES.map((o) => w.columns[o]).filter((c): c is string => !!c);
    case 'votes':
      return [...w.columns];
  }
}

/** Columns a mapping reads; the rest of the file is kept for slicing. */
export function mappingColumns(m: ColumnMapping): string[] {
  const out = [...sideColumns(m.modelA), ...sideColumns(m.modelB), ...winnerColumns(m.winner)];
  if (m.tieFlag) out.push(m.tieFlag);
  if (m.weight) out.push(m.weight);
  for (const p of m.extraPairs ?? []) out.push(...sideColumns(p.modelA), ...sideColumns(p.modelB));
  return [...new Set(out)];
}

/** Problems that make a mapping unusable on these columns, as short messages; empty when fine. */
export function mappingProblems(m: ColumnMapping, columns: readonly ColumnInfo[]): string[] {
  const names = new Set(columns.map((c) => c.name));
  const problems = mappingColumns(m)
    .filter((c) => !names.has(c))
    .map((c) => `mapped column "${c}" is not in the file`);
  for (const [a, b] of [[m.modelA, m.modelB], ...(m.extraPairs ?? []).map((p) => [p.modelA, p.modelB])] as [SideSource, SideSource][]) {
    for (const side of [a, b]) {
      if (side.kind === 'constant' && side.name.trim() === '') problems.push('a constant side needs a name');
      if (side.kind === 'split' && side.separator === '') problems.push(`splitting "${side.column}" needs a separator`);
    }
    if (a.kind === 'constant' && b.kind === 'constant' && a.name === b.name) problems.push('the two constant sides need different names');
  }
  const outcomes: readonly string[] = OUTCOMES;
  const w = m.winner;
  const labelled = w.kind === 'column' || w.kind === 'votes' ? Object.values(w.labels) : w.kind === 'constant' ? [w.outcome] : [];
  for (const o of labelled) if (!outcomes.includes(o)) problems.push(`"${o}" is not an outcome`);
  if (w.kind === 'one-hot') {
    for (const key of Object.keys(w.columns)) if (!outcomes.includes(key)) problems.push(`"${key}" is not an outcome`);
    if (!w.columns.a || !w.columns.b) problems.push('a one-hot winner needs a column for A and a column for B');
  }
  if (w.kind === 'votes' && w.columns.length === 0) problems.push('verdict columns: choose at least one');
  return problems;
}
