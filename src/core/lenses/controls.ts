/**
 * What the Controls picker offers, and how a chosen control is written in the address. Seat A on
 * every file (a counts file's model_a/model_b order is the seat); each number and flag the filter
 * panel finds in battles (its dimensions, struct flags included) as a battle-level covariate; each
 * categorical column, whose values are picked one by one (0/1 against every other value); and each
 * pair of numeric fields that differ only by an a/b token (conv_metadata's sum_assistant_a_tokens and
 * sum_assistant_b_tokens) as a per-side difference, A side minus B side.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isNumericType, tryParseDuckType, type DuckType } from '../schema/duckdb-type.ts';
import type { ControlSpec } from '../sql/control-votes.ts';
import { checkControls, parseControl } from '../sql/control-votes.ts';
import type { Dimension } from '../view/dimensions.ts';
import type { ControlCoefficient } from '../stats/controls.ts';

export interface ControlChoice {
  /** The control as the address and `rank --control` write it ("seat", "turn", "language=French", "x_a - x_b"). */
  text: string;
  label: string;
}

export interface ControlChoices {
  /** Numbers and flags: one coefficient per unit (a flag: 1 against 0). */
  columns: ControlChoice[];
  /** Per-side differences (A − B). */
  sides: ControlChoice[];
  /** Categorical columns, whose values are offered once read. */
  categories: { path: string[]; label: string }[];
}

export const SEAT_CONTROL: ControlChoice = { text: 'seat', label: 'seat A (the model shown first)' };

const CANONICAL = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight']);

/** The picker's choices from the filter panel's dimensions and DESCRIBE battles. */
export function controlChoices(dims: readonly Dimension[], columns: readonly ColumnInfo[]): ControlChoices {
  const columnsOut: ControlChoice[] = [];
  const categories: ControlChoices['categories'] = [];
  for (const d of dims) {
    if (d.kind === 'category') categories.push({ path: d.path, label: d.label });
    // An integer category (turn 1, 2, 3) is a number too: one coefficient per step.
    if (d.kind === 'boolean' || d.kind === 'number' || d.kind === 'unix-seconds' || (d.kind === 'category' && numericAt(columns, d.path)))
      columnsOut.push({ text: controlText(d.path), label: d.kind === 'boolean' ? `${d.label} (flag)` : d.label });
  }
  return { columns: columnsOut, sides: sidePairs(columns), categories };
}

/** A categorical value as a control: 1 where the column equals it, else 0. */
export function valueControl(path: readonly string[], value: string): ControlChoice {
  return { text: `${controlText(path)}=${value}`, label: `${path.join('.')} = ${value}` };
}

/** The address text of a path (struct fields joined by '.'), as parseControl reads it back. */
export const controlText = (path: readonly string[]): string => path.join('.');

/** The address text of a parsed control (its inverse). */
export function specText(spec: ControlSpec): string {
  if (spec.kind === 'seat') return 'seat';
  if (spec.kind === 'side') return `${controlText(spec.paths[0])} - ${controlText(spec.paths[1])}`;
  return spec.value !== undefined ? `${controlText(spec.paths[0])}=${spec.value}` : controlText(spec.paths[0]);
}

/** The chosen texts as specs, each once (by its text), in order; unreadable ones are named. */
export function readControls(texts: readonly string[]): { specs: ControlSpec[]; bad: string[] } {
  const specs: ControlSpec[] = [],
    bad: string[] = [],
    seen = new Set<string>();
  for (const t of texts) {
    const s = parseControl(t);
    if (!s) bad.push(t);
    else if (!seen.has(specText(s))) {
      seen.add(specText(s));
      specs.push(s);
    }
  }
  return { specs, bad };
}

/** The chosen controls whose columns battles has, and a note for each one it lacks (a link made on another file). */
export function knownControls(chosen: readonly ControlSpec[], columns: readonly ColumnInfo[]): { specs: ControlSpec[]; unknown: string[] } {
  const unknown: string[] = [];
  const specs = chosen.filter((s) => {
    try {
      checkControls([s], columns);
      return true;
    } catch (error) {
      unknown.push((error as Error).message.replace(/ \(columns: .*\)$/, ''));
      return false;
    }
  });
  return { specs, unknown };
}

/** Why no vote is left to fit: an empty slice, the controls empty (NULL) everywhere, or none set together. */
export function noVoteMessage(specs: readonly ControlSpec[], nullRows: readonly number[], sliceRows: number): string {
  if (sliceRows === 0) return 'no votes in this slice';
  const rows = `${sliceRows.toLocaleString('en')} rows`;
  const empty = specs.filter((_, k) => nullRows[k] === sliceRows).map((s) => s.name);
  if (empty.length)
    return `no vote can be fitted: ${empty.join(', ')} ${empty.length > 1 ? 'are' : 'is'} empty (NULL) in all ${rows} of the slice`;
  return `no vote can be fitted: in each of the ${rows} of the slice some control is empty (NULL)`;
}

function numericAt(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const t = leafType(columns, path);
  return t !== undefined && isNumericType(t);
}

function leafType(columns: readonly ColumnInfo[], path: readonly string[]): DuckType | undefined {
  const c = columns.find((x) => x.name === path[0]);
  let t = c && tryParseDuckType(c.type);
  for (const f of path.slice(1)) t = t?.kind === 'struct' ? t.fields.find((x) => x.name === f)?.type : undefined;
  return t;
}

/** An 'a' token between separators (start, end, '_', '-', '.'), as in x_a, a_x, sum_assistant_a_tokens. */
const A_TOKEN = /(^|[_.-])a(?=$|[_.-])/g;

/** Numeric fields (top level or in structs) whose path with one a-token turned to b names another numeric field. */
function sidePairs(columns: readonly ColumnInfo[]): ControlChoice[] {
  const numeric: string[] = [];
  const walk = (t: DuckType, path: string[]) => {
    if (t.kind === 'struct') for (const f of t.fields) walk(f.type, [...path, f.name]);
    else if (isNumericType(t)) numeric.push(path.map((p) => p.replaceAll('.', '\u0000')).join('.'));
  };
  for (const c of columns) {
    const t = CANONICAL.has(c.name) ? undefined : tryParseDuckType(c.type);
    if (t) walk(t, [c.name]);
  }
  const have = new Set(numeric);
  const out: ControlChoice[] = [];
  for (const key of numeric) {
    if (key.includes('\u0000')) continue; // a name with a dot cannot be written as a path
    for (const m of key.matchAll(A_TOKEN)) {
      const at = m.index + m[1].length;
      const other = key.slice(0, at) + 'b' + key.slice(at + 1);
      if (other === key || !have.has(other)) continue;
      out.push({ text: `${key} - ${other}`, label: `${key} − ${other}` });
      break;
    }
  }
  return out;
}

const way = (x: number) => `${Math.abs(x).toFixed(1)} points ${x >= 0 ? 'higher' : 'lower'}`;
const perSd = (c: ControlCoefficient) => (c.eloPerSd === null ? '' : ` (${way(c.eloPerSd)} per SD of ${c.sd.toPrecision(3)})`);

/**
 * What one coefficient means, in a sentence beside its figures (which the table shows): `form` says
 * whether a battle-level control is one value of a category (its name reads "column = value").
 */
export function controlSentence(c: ControlCoefficient, form: 'value' | 'column' = 'column'): string {
  if (!c.used || c.eloPerUnit === null) return 'Left out: it has the same value in every vote fitted, so it cannot explain any outcome.';
  const unclear =
    c.lowerPerUnit !== null && c.upperPerUnit !== null && c.lowerPerUnit <= 0 && c.upperPerUnit >= 0
      ? ' Its interval holds 0: no clear effect.'
      : '';
  if (c.kind === 'seat')
    return `The model shown first wins as often as a model rated ${way(c.eloPerUnit)} would: ${
      c.eloPerUnit >= 0 ? 'a pull towards' : 'a pull away from'
    } the first seat.${unclear}`;
  if (c.kind === 'side')
    return (
      `The answer with one unit more of it than its opponent’s wins as often as if its model were rated ${way(c.eloPerUnit)}` +
      `${perSd(c)}; the controlled ratings hold it equal.${unclear}`
    );
  const beyond = ' — a change in seat A’s pull, beyond seat A’s own term when that is chosen too.';
  if (form === 'value')
    return `In votes where ${c.name}, the model in seat A wins as often as if it were rated ${way(c.eloPerUnit)} than in the other votes${beyond}${unclear}`;
  return `Where it is one unit higher (a flag: where it is set), the model in seat A wins as often as if it were rated ${way(c.eloPerUnit)}${perSd(c)}${beyond}${unclear}`;
}
