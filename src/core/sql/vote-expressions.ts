/**
 * How one row of a file becomes a vote, as SQL expressions: the two sides, the winner as text, and
 * the outcome. Written once for every engine: battles.ts runs it on DuckDB with bound parameters,
 * aggregate-sql.ts prints it for Spark, BigQuery, Trino or DuckDB with escaped literals. Each caller
 * brings its dialect (how to quote a name, pass a value, cast) and how an outcome is written.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import { winnerColumns, type ColumnMapping, type SideSource, type WinnerSource } from '../schema/mapping.ts';

export interface VoteDialect {
  ident(name: string): string;
  /** A value from a file, a form or a preset: a bound parameter or an escaped literal. */
  value(text: string): string;
  text: string;
  double: string;
  boolean: string;
  tryCast: string;
  /** 1-based position of `needle` in `haystack`, 0 when absent. */
  strpos(haystack: string, needle: string): string;
}

/** Outcome of a row as written in the caller's output: a small-integer code, or a label. */
export type OutcomeValue = (o: Outcome) => string;

export function sideExpression(s: SideSource, d: VoteDialect): string {
  switch (s.kind) {
    case 'column':
      return `NULLIF(CAST(${d.ident(s.column)} AS ${d.text}), '')`;
    case 'constant':
      return `CAST(${d.value(s.name)} AS ${d.text})`;
    case 'split': {
      // Where the separator starts (0 when absent): the first occurrence, or the last one found from the end.
      const text = `CAST(${d.ident(s.column)} AS ${d.text})`;
      const sep = d.value(s.separator);
      const first = d.strpos(text, sep);
      const at =
        s.at === 'first'
          ? first
          : `CASE WHEN ${first} = 0 THEN 0 ELSE length(${text}) - ${d.strpos(`reverse(${text})`, `reverse(${sep})`)} - length(${sep}) + 2 END`;
      const part = s.part === 0 ? `substr(${text}, 1, ${at} - 1)` : `substr(${text}, ${at} + length(${sep}))`;
      return `NULLIF(CASE WHEN ${at} > 0 THEN ${part} END, '')`;
    }
  }
}

/** 'no <name> answer' when a constant side's column is empty in this row (French-Maxx: no rejected answer). */
export function missingSideExpression(sides: readonly SideSource[], d: VoteDialect): string | null {
  const branches = sides
    .filter((s): s is Extract<SideSource, { kind: 'constant' }> => s.kind === 'constant' && !!s.presentIn)
    .map((s) => `WHEN ${d.ident(s.presentIn!)} IS NULL THEN ${d.value(`no ${s.name} answer`)}`);
  return branches.length ? `CASE ${branches.join(' ')} END` : null;
}

/** The winner as text, for rows set aside: the column, or each flag / verdict column with its value. */
export function winnerTextExpression(w: WinnerSource, d: VoteDialect): string {
  switch (w.kind) {
    case 'column':
      return `CAST(${d.ident(w.column)} AS ${d.text})`;
    case 'constant':
      return `CAST(NULL AS ${d.text})`;
    case 'one-hot':
    case 'votes':
      return winnerColumns(w)
        .map((c) => `${d.value(`${c}=`)} || coalesce(CAST(${d.ident(c)} AS ${d.text}), 'null')`)
        .join(` || ' / ' || `);
  }
}

/**
 * For winners spread over several raw columns (one-hot flags, verdict columns): the row's outcome read
 * from those columns, or NULL. It goes in the SELECT over the file, as the column `voted`.
 */
export function votedExpression(w: WinnerSource, d: VoteDialect, out: OutcomeValue): string | null {
  const branches: string[] = [];
  if (w.kind === 'one-hot') {
    const present = OUTCOMES.filter((o) => w.columns[o]);
    const set = (o: Outcome) => oneHotSet(w.columns[o]!, d);
    const count = present.map((o) => `CASE WHEN ${set(o)} THEN 1 ELSE 0 END`).join(' + ');
    for (const o of present) branches.push(`WHEN (${count}) = 1 AND ${set(o)} THEN ${out(o)}`);
  } else if (w.kind === 'votes') {
    const votesFor = (outcomes: Outcome[]) => {
      const values = Object.entries(w.labels)
        .filter(([, v]) => outcomes.includes(v))
        .map(([k]) => d.value(k));
      if (!values.length) return '0';
      const list = values.join(', ');
      return `(${w.columns.map((c) => `CASE WHEN CAST(${d.ident(c)} AS ${d.text}) IN (${list}) THEN 1 ELSE 0 END`).join(' + ')})`;
    };
    const [a, b, t] = [votesFor(['a']), votesFor(['b']), votesFor(['tie', 'both_bad'])];
    // mapping.ts MAJORITY_RULE: A or B with more verdicts than the other side and at least as many as ties.
    branches.push(
      `WHEN ${a} > ${b} AND ${a} >= ${t} THEN ${out('a')}`,
      `WHEN ${b} > ${a} AND ${b} >= ${t} THEN ${out('b')}`,
      `WHEN ${a} + ${b} + ${t} > 0 THEN ${out('tie')}`,
    );
  } else {
    return null;
  }
  return `CASE ${branches.join(' ')} END`;
}

/**
 * The outcome of a row, or NULL, over the normalised columns (`winner`, `model_a`, `model_b`,
 * `tie_flag`, and `voted` for winners spread over several columns): a tie flag first, then a value
 * naming a side's model, then the label map.
 */
export function outcomeExpression(m: ColumnMapping, d: VoteDialect, out: OutcomeValue): string {
  const w = m.winner;
  if (w.kind === 'constant') return out(w.outcome);
  const branches: string[] = [];
  if (m.tieFlag) branches.push(`WHEN tie_flag THEN ${out('tie')}`);
  if (w.kind === 'one-hot' || w.kind === 'votes') {
    branches.push(`WHEN voted IS NOT NULL THEN voted`);
  } else {
    if (w.namesModel) branches.push(`WHEN winner = model_a THEN ${out('a')}`, `WHEN winner = model_b THEN ${out('b')}`);
    const entries = Object.entries(w.labels);
    for (const o of OUTCOMES) {
      const values = entries.filter(([, v]) => v === o).map(([k]) => d.value(k));
      if (values.length) branches.push(`WHEN winner IN (${values.join(', ')}) THEN ${out(o)}`);
    }
  }
  return branches.length ? `CASE ${branches.join(' ')} END` : 'NULL';
}

/** Why a row with no outcome has none, for winner kinds with reasons of their own (checked first). */
export function unclearWinnerReason(w: WinnerSource): string | null {
  if (w.kind === 'one-hot') return 'not exactly one winner column set';
  if (w.kind === 'votes') return 'no valid verdict';
  return null;
}

/** A one-hot flag is set when it reads as the number 1 or as true (0/1 integers in CSV, booleans in parquet). */
function oneHotSet(column: string, d: VoteDialect): string {
  const text = `CAST(${d.ident(column)} AS ${d.text})`;
  return `coalesce(${d.tryCast}(${text} AS ${d.double}) = 1 OR lower(${text}) = 'true', false)`;
}
