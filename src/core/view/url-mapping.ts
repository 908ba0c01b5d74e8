/**
 * A user-made column mapping in the address, as compact JSON:
 *   {"a":"model_a","b":{"name":"baseline"},"w":{"col":"winner","labels":{"tie":"tie"},"names":true},"tie":"both_equal","n":"count"}
 * A side is a column name, {"name", "present"?} for a constant (present: the column that must be
 * set for the side to exist), or {"split", "sep", "part", "at"} for half of a combined pair key.
 * The winner is {"col","labels","names"?}, {"outcome"}, {"onehot": {"a","b","tie"?,"both_bad"?}}
 * or {"votes": [columns], "labels"}; "tie" and "n" are the optional tie-flag and weight columns;
 * "x" lists extra pairs [{"a","b"}] read from the same row.
 * Links made before one-hot, votes, split and extra pairs existed read exactly as they did.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { ColumnMapping, SideSource, WinnerSource } from '../schema/mapping.ts';
import { Bad, bad, describe, isRecord, readName, unexpectedField } from './url-params.ts';

export const MAX_LABELS = 1000;
const MAX_COLUMNS = 50;

const sorted = (labels: Record<string, Outcome>) =>
  // Sorted so two equal mappings built in different orders give the same link.
  Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function writeSide(s: SideSource): unknown {
  if (s.kind === 'column') return s.column;
  if (s.kind === 'constant') return s.presentIn ? { name: s.name, present: s.presentIn } : { name: s.name };
  return { split: s.column, sep: s.separator, part: s.part, at: s.at };
}

function writeWinner(w: WinnerSource): unknown {
  switch (w.kind) {
    case 'constant':
      return { outcome: w.outcome };
    case 'column':
      return { col: w.column, labels: sorted(w.labels), names: w.namesModel ? true : undefined };
    case 'one-hot':
      return { onehot: Object.fromEntries(OUTCOMES.filter((o) => w.columns[o]).map((o) => [o, w.columns[o]])) };
    case 'votes':
      return { votes: w.columns, labels: sorted(w.labels) };
  }
}

export function writeMapping(m: ColumnMapping): string {
  const extra = m.extraPairs?.length ? m.extraPairs.map((p) => ({ a: writeSide(p.modelA), b: writeSide(p.modelB) })) : undefined;
  return JSON.stringify({
    a: writeSide(m.modelA),
    b: writeSide(m.modelB),
    w: writeWinner(m.winner),
    tie: m.tieFlag,
    n: m.weight,
    x: extra,
  });
}

export function readMapping(x: unknown): ColumnMapping | Bad {
  if (!isRecord(x)) return bad(`expected an object, got ${describe(x)}`);
  const extra = unexpectedField(x, ['a', 'b', 'w', 'tie', 'n', 'x']);
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
  if (x.x !== undefined) {
    if (!Array.isArray(x.x) || x.x.length > 4) return bad(`"x" must be a list of at most 4 pairs, got ${describe(x.x)}`);
    const pairs: NonNullable<ColumnMapping['extraPairs']> = [];
    for (const p of x.x) {
      if (!isRecord(p)) return bad(`an extra pair must be {"a", "b"}, got ${describe(p)}`);
      const unexpected = unexpectedField(p, ['a', 'b']);
      if (unexpected) return unexpected;
      const a = readSide(p.a, 'x.a');
      if (a instanceof Bad) return a;
      const b = readSide(p.b, 'x.b');
      if (b instanceof Bad) return b;
      pairs.push({ modelA: a, modelB: b });
    }
    m.extraPairs = pairs;
  }
  return m;
}

function readSide(x: unknown, what: string): SideSource | Bad {
  if (typeof x === 'string') {
    const column = readName(x, `"${what}"`);
    return column instanceof Bad ? column : { kind: 'column', column };
  }
  if (isRecord(x) && typeof x.name === 'string' && x.name.length <= 200) {
    const extra = unexpectedField(x, ['name', 'present']);
    if (extra) return extra;
    if (x.present === undefined) return { kind: 'constant', name: x.name };
    const present = readName(x.present, `"${what}.present"`);
    return present instanceof Bad ? present : { kind: 'constant', name: x.name, presentIn: present };
  }
  if (isRecord(x) && 'split' in x) {
    const extra = unexpectedField(x, ['split', 'sep', 'part', 'at']);
    if (extra) return extra;
    const column = readName(x.split, `"${what}.split"`);
    if (column instanceof Bad) return column;
    if (typeof x.sep !== 'string' || x.sep === '' || x.sep.length > 20)
      return bad(`"${what}.sep" must be 1 to 20 characters, got ${describe(x.sep)}`);
    if (x.part !== 0 && x.part !== 1) return bad(`"${what}.part" must be 0 or 1, got ${describe(x.part)}`);
    if (x.at !== 'first' && x.at !== 'last') return bad(`"${what}.at" must be "first" or "last", got ${describe(x.at)}`);
    return { kind: 'split', column, separator: x.sep, part: x.part, at: x.at };
  }
  return bad(`"${what}" must be a column name, {"name": …} or {"split": …}, got ${describe(x)}`);
}

function readLabels(x: unknown): Record<string, Outcome> | Bad {
  if (!isRecord(x)) return bad(`"w.labels" must be an object, got ${describe(x)}`);
  const known: readonly unknown[] = OUTCOMES;
  const entries = Object.entries(x);
  if (entries.length > MAX_LABELS) return bad(`more than ${MAX_LABELS} winner labels`);
  for (const [label, outcome] of entries) {
    if (label.length > 1000) return bad(`a winner label is longer than 1000 characters`);
    if (!known.includes(outcome)) return bad(`winner label ${describe(label)} maps to ${describe(outcome)}, not an outcome`);
  }
  // fromEntries defines own properties, so a label called "__proto__" stays a label.
  return Object.fromEntries(entries) as Record<string, Outcome>;
}

function readWinner(x: unknown): WinnerSource | Bad {
  if (!isRecord(x)) return bad(`"w" must be an object, got ${describe(x)}`);
  const known: readonly unknown[] = OUTCOMES;
  if ('outcome' in x) {
    if (!known.includes(x.outcome)) return bad(`"w.outcome" must be one of ${OUTCOMES.join(', ')}, got ${describe(x.outcome)}`);
    return unexpectedField(x, ['outcome']) ?? { kind: 'constant', outcome: x.outcome as Outcome };
  }
  if ('onehot' in x) {
    const extra = unexpectedField(x, ['onehot']);
    if (extra) return extra;
    if (!isRecord(x.onehot)) return bad(`"w.onehot" must be an object, got ${describe(x.onehot)}`);
    const columns: Partial<Record<Outcome, string>> = {};
    for (const [outcome, column] of Object.entries(x.onehot)) {
      if (!known.includes(outcome)) return bad(`"w.onehot" has ${describe(outcome)}, not an outcome`);
      const name = readName(column, `"w.onehot.${outcome}"`);
      if (name instanceof Bad) return name;
      columns[outcome as Outcome] = name;
    }
    if (!columns.a || !columns.b) return bad(`"w.onehot" needs a column for "a" and for "b"`);
    return { kind: 'one-hot', columns };
  }
  if ('votes' in x) {
    const extra = unexpectedField(x, ['votes', 'labels']);
    if (extra) return extra;
    if (!Array.isArray(x.votes) || x.votes.length === 0 || x.votes.length > MAX_COLUMNS) {
      return bad(`"w.votes" must be a list of 1 to ${MAX_COLUMNS} columns, got ${describe(x.votes)}`);
    }
    const columns: string[] = [];
    for (const c of x.votes) {
      const name = readName(c, '"w.votes"');
      if (name instanceof Bad) return name;
      columns.push(name);
    }
    const labels = readLabels(x.labels);
    return labels instanceof Bad ? labels : { kind: 'votes', columns, labels };
  }
  const extra = unexpectedField(x, ['col', 'labels', 'names']);
  if (extra) return extra;
  const column = readName(x.col, '"w.col"');
  if (column instanceof Bad) return column;
  const labels = readLabels(x.labels);
  if (labels instanceof Bad) return labels;
  if (x.names !== undefined && typeof x.names !== 'boolean') return bad(`"w.names" must be true or false, got ${describe(x.names)}`);
  return { kind: 'column', column, labels, namesModel: x.names === true };
}
