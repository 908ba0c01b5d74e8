/**
 * A user-made column mapping in the address, as compact JSON:
 *   {"a":"model_a","b":{"name":"baseline"},"w":{"col":"winner","labels":{"tie":"tie"},"names":true},"tie":"both_equal","n":"count"}
 * A side is a column name, or {"name"} for a constant; the winner is {"col","labels","names"?}
 * or {"outcome"}; "tie" and "n" are the optional tie-flag and weight columns.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { ColumnMapping, SideSource, WinnerSource } from '../schema/mapping.ts';
import { Bad, bad, describe, isRecord, readName, unexpectedField } from './url-params.ts';

export const MAX_LABELS = 1000;

export function writeMapping(m: ColumnMapping): string {
  const side = (s: SideSource) => (s.kind === 'column' ? s.column : { name: s.name });
  const w = m.winner;
  const winner =
    w.kind === 'constant'
      ? { outcome: w.outcome }
      : {
          col: w.column,
          // Sorted so two equal mappings built in different orders give the same link.
          labels: Object.fromEntries(Object.entries(w.labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
          names: w.namesModel ? true : undefined,
        };
  return JSON.stringify({ a: side(m.modelA), b: side(m.modelB), w: winner, tie: m.tieFlag, n: m.weight });
}

export function readMapping(x: unknown): ColumnMapping | Bad {
  if (!isRecord(x)) return bad(`expected an object, got ${describe(x)}`);
  const extra = unexpectedField(x, ['a', 'b', 'w', 'tie', 'n']);
  if (extra) return extra;
  const modelA = readSide(x.a, 'a');
  if (modelA instanceof Bad) return modelA;
  const modelB = readSide(x.b, 'b');
  if (modelB instanceof Bad) return modelB;
  const winner = readWinner(x.w);
  if (winner instanceof Bad) return winner;
  const m: ColumnMapping = { modelA, modelB, winner };
  if (x.tie !== undefined) {
    const tie = readName(x.tie, '"tie"');
    if (tie instanceof Bad) return tie;
    m.tieFlag = tie;
  }
  if (x.n !== undefined) {
    const n = readName(x.n, '"n"');
    if (n instanceof Bad) return n;
    m.weight = n;
  }
  return m;
}

function readSide(x: unknown, what: string): SideSource | Bad {
  if (typeof x === 'string') {
    const column = readName(x, `"${what}"`);
    return column instanceof Bad ? column : { kind: 'column', column };
  }
  if (isRecord(x) && typeof x.name === 'string' && x.name.length <= 200) {
    return unexpectedField(x, ['name']) ?? { kind: 'constant', name: x.name };
  }
  return bad(`"${what}" must be a column name or {"name": …}, got ${describe(x)}`);
}

function readWinner(x: unknown): WinnerSource | Bad {
  if (!isRecord(x)) return bad(`"w" must be an object, got ${describe(x)}`);
  const known: readonly unknown[] = OUTCOMES;
  if ('outcome' in x) {
    if (!known.includes(x.outcome)) return bad(`"w.outcome" must be one of ${OUTCOMES.join(', ')}, got ${describe(x.outcome)}`);
    return unexpectedField(x, ['outcome']) ?? { kind: 'constant', outcome: x.outcome as Outcome };
  }
  const extra = unexpectedField(x, ['col', 'labels', 'names']);
  if (extra) return extra;
  const column = readName(x.col, '"w.col"');
  if (column instanceof Bad) return column;
  if (!isRecord(x.labels)) return bad(`"w.labels" must be an object, got ${describe(x.labels)}`);
  const entries = Object.entries(x.labels);
  if (entries.length > MAX_LABELS) return bad(`more than ${MAX_LABELS} winner labels`);
  for (const [label, outcome] of entries) {
    if (label.length > 1000) return bad(`a winner label is longer than 1000 characters`);
    if (!known.includes(outcome)) return bad(`winner label ${describe(label)} maps to ${describe(outcome)}, not an outcome`);
  }
  if (x.names !== undefined && typeof x.names !== 'boolean') return bad(`"w.names" must be true or false, got ${describe(x.names)}`);
  // fromEntries defines own properties, so a label called "__proto__" stays a label.
  const labels = Object.fromEntries(entries) as Record<string, Outcome>;
  return { kind: 'column', column, labels, namesModel: x.names === true };
}
