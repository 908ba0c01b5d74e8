/**
 * How one row of a file becomes its vote(s), in plain TypeScript: the same rules as the SQL of
 * sql/vote-expressions.ts and sql/battles.ts (normalisedRows), value for value, so pair counts can be
 * built while a file is decoded (before, or without, DuckDB) and agree with the battles table. A test
 * runs both on every sample. Cells are the values a column reader gives (Arrow in the page, DuckDB in
 * Node); `kinds` says how each mapped column is typed, because SQL casts depend on the type.
 */
import { OUTCOME_CODE, OUTCOMES, type Outcome } from '../outcome.ts';
import { mappingColumns, winnerColumns, type ColumnMapping, type SideSource, type WinnerSource } from './mapping.ts';

export type Cell = string | number | bigint | boolean | null | undefined;

/** Column types the rules are written for; any other type is read by DuckDB only. */
export type CellKind = 'text' | 'integer' | 'float' | 'boolean';

/** One vote as battles.ts would make it: `reason` null means it is in battles, else in rejected_rows. */
export interface RowVote {
  /** 1 for the main pair, n + 2 for the n-th extra pair. */
  pair: number;
  modelA: string | null;
  modelB: string | null;
  /** OUTCOME_CODE, or null. */
  outcome: number | null;
  /** The winner as text (rejected_rows.winner). */
  winner: string | null;
  weight: number | null;
  reason: string | null;
}

/** The kind of a DuckDB or Arrow column type, or null when the rules here do not read it. */
export function cellKind(type: string): CellKind | null {
  const t = type.trim().toUpperCase();
  if (/^(VARCHAR|TEXT|STRING|UTF8|LARGEUTF8|UTF8VIEW)$/.test(t)) return 'text';
  if (/^(BOOLEAN|BOOL)$/.test(t)) return 'boolean';
  if (/^(U?(TINYINT|SMALLINT|INTEGER|BIGINT)|INT(8|16|32|64)?|UINT(8|16|32|64)|HUGEINT|UHUGEINT)$/.test(t)) return 'integer';
  if (/^(DOUBLE|FLOAT|FLOAT(16|32|64)|REAL)$/.test(t)) return 'float';
  return null;
}

/**
 * Why `mapping` cannot be read row by row with these column kinds, or null when it can. Columns read
 * as text (sides, a winner column, verdicts) must be text, integers or booleans (a float's text form
 * is DuckDB's own printing); a weight must be a number.
 */
export function rowVoteProblem(mapping: ColumnMapping, kinds: Readonly<Record<string, CellKind | null | undefined>>): string | null {
  const textRead = new Set<string>();
  for (const p of [{ modelA: mapping.modelA, modelB: mapping.modelB }, ...(mapping.extraPairs ?? [])]) {
    for (const s of [p.modelA, p.modelB]) if (s.kind !== 'constant') textRead.add(s.column);
  }
  if (mapping.winner.kind === 'column' || mapping.winner.kind === 'votes') for (const c of winnerColumns(mapping.winner)) textRead.add(c);
  for (const c of mappingColumns(mapping)) {
    const kind = kinds[c];
    if (!kind) return `column "${c}" has a type read by DuckDB only`;
    if (textRead.has(c) && kind === 'float') return `column "${c}" is a float read as text`;
  }
  if (mapping.weight && kinds[mapping.weight] !== 'integer' && kinds[mapping.weight] !== 'float')
    return `weight column "${mapping.weight}" is not numeric`;
  return null;
}

/**
 * The function from a row (a column name → cell reader) to its votes, for a mapping that
 * rowVoteProblem accepts. The main pair always gives one vote (usable or set aside); an extra pair
 * gives one only where it exists, as in battlesSql.
 */
export function rowVoteReader(
  mapping: ColumnMapping,
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
): (cell: (column: string) => Cell) => RowVote[] {
  const problem = rowVoteProblem(mapping, kinds);
  if (problem) throw new Error(`rowVoteReader: ${problem}`);
  const pairs = [{ modelA: mapping.modelA, modelB: mapping.modelB }, ...(mapping.extraPairs ?? [])];
  const anyMissing = pairs.some((p) => [p.modelA, p.modelB].some((x) => x.kind === 'constant' && !!x.presentIn));
  const w = mapping.winner;
  const unclear = w.kind === 'one-hot' ? 'not exactly one winner column set' : w.kind === 'votes' ? 'no valid verdict' : null;
  const labelCodes = w.kind === 'column' ? new Map(Object.entries(w.labels).map(([label, o]) => [label, OUTCOME_CODE[o]])) : null;
  // Called once per distinct tuple of a file (thousands): no closure or array per pair.
  return (cell) => {
    const text = (column: string) => asText(cell(column), kinds[column]!);
    const weight = mapping.weight ? asDouble(cell(mapping.weight)) : 1;
    const tie = mapping.tieFlag ? asBoolean(cell(mapping.tieFlag), kinds[mapping.tieFlag]!) === true : false;
    const winner = winnerText(w, text);
    const voted = votedOutcome(w, text, cell, kinds);
    const out: RowVote[] = [];
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      const missing = anyMissing ? missingSide([p.modelA, p.modelB], cell) : null;
      if (i > 0 && anyMissing && missing !== null) continue;
      const modelA = side(p.modelA, text);
      const modelB = side(p.modelB, text);
      let outcome: number | null;
      if (w.kind === 'constant') outcome = OUTCOME_CODE[w.outcome];
      else if (tie) outcome = OUTCOME_CODE.tie;
      else if (w.kind === 'one-hot' || w.kind === 'votes') outcome = voted;
      else outcome = columnOutcome(winner, modelA, modelB, w.namesModel, labelCodes!);
      let reason: string | null = null;
      if (missing !== null) reason = missing;
      else if (modelA === null || modelB === null) reason = 'null model';
      else if (modelA === modelB) reason = 'model against itself';
      else if (unclear && outcome === null) reason = unclear;
      else if (outcome === null && winner === null) reason = 'null winner';
      else if (outcome === null) reason = `unknown winner label "${winner}"`;
      else if (weight === null || !Number.isFinite(weight) || weight <= 0) reason = 'invalid weight';
      out.push({ pair: i + 1, modelA, modelB, outcome, winner, weight, reason });
    }
    return out;
  };
}

/** The outcome a winner column's text names: a model's name (when it may), else its label's outcome (`labelCodes`: label → OUTCOME_CODE). */
function columnOutcome(
  winner: string | null,
  a: string | null,
  b: string | null,
  namesModel: boolean,
  labelCodes: ReadonlyMap<string, number>,
): number | null {
  if (winner === null) return null;
  if (namesModel) {
    if (a !== null && winner === a) return OUTCOME_CODE.a;
    if (b !== null && winner === b) return OUTCOME_CODE.b;
  }
  return labelCodes.get(winner) ?? null;
}

/** sideExpression: NULLIF(CAST(column AS VARCHAR), ''), a constant, or one part of a split key. */
function side(s: SideSource, text: (column: string) => string | null): string | null {
  if (s.kind === 'constant') return s.name;
  const value = text(s.column);
  if (s.kind === 'column') return value === '' ? null : value;
  if (value === null) return null;
  // As splitPairKey (mapping-form.ts), which a test holds to the SQL: cut at the first or last separator.
  const i = s.at === 'first' ? value.indexOf(s.separator) : value.lastIndexOf(s.separator);
  if (i < 0) return null;
  const part = s.part === 0 ? value.slice(0, i) : value.slice(i + s.separator.length);
  return part === '' ? null : part;
}

/** missingSideExpression: the first constant side whose column is empty in this row. */
function missingSide(sides: SideSource[], cell: (column: string) => Cell): string | null {
  for (const s of sides) if (s.kind === 'constant' && s.presentIn && isNull(cell(s.presentIn))) return `no ${s.name} answer`;
  return null;
}

/** winnerTextExpression. */
function winnerText(w: WinnerSource, text: (column: string) => string | null): string | null {
  switch (w.kind) {
    case 'column':
      return text(w.column);
    case 'constant':
      return null;
    case 'one-hot':
    case 'votes':
      return winnerColumns(w)
        .map((c) => `${c}=${text(c) ?? 'null'}`)
        .join(' / ');
  }
}

/** votedExpression: the outcome read from one-hot flags or a majority of verdicts, or null. */
function votedOutcome(
  w: WinnerSource,
  text: (column: string) => string | null,
  cell: (column: string) => Cell,
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
): number | null {
  if (w.kind === 'one-hot') {
    const present = OUTCOMES.filter((o) => w.columns[o]);
    const set = present.filter((o) => oneHotSet(cell(w.columns[o]!), kinds[w.columns[o]!]!));
    return set.length === 1 ? OUTCOME_CODE[set[0]] : null;
  }
  if (w.kind === 'votes') {
    const votesFor = (outcomes: Outcome[]) => {
      const values = new Set(
        Object.entries(w.labels)
          .filter(([, v]) => outcomes.includes(v))
          .map(([k]) => k),
      );
      let n = 0;
      for (const c of w.columns) {
        const t = text(c);
        if (t !== null && values.has(t)) n++;
      }
      return n;
    };
    const [a, b, t] = [votesFor(['a']), votesFor(['b']), votesFor(['tie', 'both_bad'])];
    if (a > b && a >= t) return OUTCOME_CODE.a;
    if (b > a && b >= t) return OUTCOME_CODE.b;
    if (a + b + t > 0) return OUTCOME_CODE.tie;
  }
  return null;
}

/** coalesce(TRY_CAST(text AS DOUBLE) = 1 OR lower(text) = 'true', false). */
function oneHotSet(v: Cell, kind: CellKind): boolean {
  if (isNull(v)) return false;
  if (kind === 'boolean') return v === true;
  if (kind === 'integer' || kind === 'float') return Number(v) === 1;
  const s = String(v);
  return parseDouble(s) === 1 || s.toLowerCase() === 'true';
}

const isNull = (v: Cell): v is null | undefined => v === null || v === undefined;

/** CAST(v AS VARCHAR) for the kinds read as text (never float: rowVoteProblem refuses it). */
function asText(v: Cell, kind: CellKind): string | null {
  if (isNull(v)) return null;
  if (kind === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

/** TRY_CAST(v AS DOUBLE) of a number column. */
function asDouble(v: Cell): number | null {
  if (isNull(v)) return null;
  return Number(v);
}

/** TRY_CAST(v AS BOOLEAN): numbers are true when not 0; text as DuckDB spells a boolean, else null. */
function asBoolean(v: Cell, kind: CellKind): boolean | null {
  if (isNull(v)) return null;
  if (kind === 'boolean') return v === true;
  if (kind === 'integer' || kind === 'float') return Number(v) !== 0;
  const s = String(v).toLowerCase();
  if (s === 'true' || s === 't' || s === '1' || s === 'yes' || s === 'y') return true;
  if (s === 'false' || s === 'f' || s === '0' || s === 'no' || s === 'n') return false;
  return null;
}

/** TRY_CAST(text AS DOUBLE), as DuckDB reads a number from text: digits with optional _ between them, sign, point, exponent, outer spaces. */
function parseDouble(s: string): number | null {
  const m = /^\s*([+-]?)(\d(?:_?\d)*)?(?:\.(\d(?:_?\d)*)?)?(?:[eE]([+-]?\d+))?\s*$/.exec(s);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  return Number(`${m[1]}${(m[2] ?? '0').replaceAll('_', '')}.${(m[3] ?? '0').replaceAll('_', '')}e${m[4] ?? '0'}`);
}
