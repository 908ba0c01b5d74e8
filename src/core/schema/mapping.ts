import type { Outcome } from '../outcome.ts';
import { OUTCOMES } from '../outcome.ts';
import type { ColumnInfo } from './column.ts';

/** One side of a battle: a column holding model names, or a fixed name for every row (French-Maxx). */
export type SideSource = { kind: 'column'; column: string } | { kind: 'constant'; name: string };

/**
 * How the winner of a row is read.
 * - column: `labels` maps each raw value (exactly as text) to an outcome; with `namesModel`, a value
 *   equal to that row's model A / model B name also counts as a win for that side (comparIA,
 *   VERDICTS). Values in neither become rejected rows, never ties.
 * - constant: every row has the same outcome (French-Maxx: the optimal answer always wins).
 */
export type WinnerSource =
  | { kind: 'column'; column: string; labels: Record<string, Outcome>; namesModel: boolean }
  | { kind: 'constant'; outcome: Outcome };

/** What detection produces and the user's mapping form edits: everything battles.ts needs. */
export interface ColumnMapping {
  modelA: SideSource;
  modelB: SideSource;
  winner: WinnerSource;
  /** A boolean column whose true means tie whatever the winner column says (comparIA both_equal). */
  tieFlag?: string;
  /** A count of votes per row (pre-aggregated files); absent means 1 per row. */
  weight?: string;
}

/** Columns a mapping reads; the rest of the file is kept for slicing. */
export function mappingColumns(m: ColumnMapping): string[] {
  const out: string[] = [];
  if (m.modelA.kind === 'column') out.push(m.modelA.column);
  if (m.modelB.kind === 'column') out.push(m.modelB.column);
  if (m.winner.kind === 'column') out.push(m.winner.column);
  if (m.tieFlag) out.push(m.tieFlag);
  if (m.weight) out.push(m.weight);
  return out;
}

/** Problems that make a mapping unusable on these columns, as short messages; empty when fine. */
export function mappingProblems(m: ColumnMapping, columns: readonly ColumnInfo[]): string[] {
  const names = new Set(columns.map((c) => c.name));
  const problems = mappingColumns(m)
    .filter((c) => !names.has(c))
    .map((c) => `mapped column "${c}" is not in the file`);
  for (const side of [m.modelA, m.modelB]) {
    if (side.kind === 'constant' && side.name.trim() === '') problems.push('a constant side needs a name');
  }
  if (m.modelA.kind === 'constant' && m.modelB.kind === 'constant' && m.modelA.name === m.modelB.name) {
    problems.push('the two constant sides need different names');
  }
  const outcomes: readonly string[] = OUTCOMES;
  const labelled = m.winner.kind === 'column' ? Object.values(m.winner.labels) : [m.winner.outcome];
  for (const o of labelled) if (!outcomes.includes(o)) problems.push(`"${o}" is not an outcome`);
  return problems;
}
