/**
 * Slices written as text, for the command line: `--where "language=French"`. Each becomes one of
 * the page's Filter objects (sql/filters.ts), typed by the column it names, so a slice means the
 * same in `npm run rank` as in the page, and every value still reaches SQL as a bound parameter.
 *
 *   PATH=VALUE          the value (a boolean column takes true/false, a number column a number)
 *   PATH=[JSON list]    any of several values, e.g. language=["French","German"], or [null]
 *   PATH>=X  PATH<=X    an inclusive range on a number column; on a date column >= and < give [from, to)
 *
 * PATH is a column, or `column.field.field` inside structs (openai_moderation.flagged).
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isBooleanType, isNumericType, isTemporalType, parseDuckType, typeAtPath } from '../schema/duckdb-type.ts';
import type { Filter } from '../sql/filters.ts';

export interface WhereText {
  path: string;
  op: '=' | '>=' | '<=' | '<';
  value: string;
}

/** Splits `PATH OP VALUE` at the first operator; null when the text has none or an empty side. */
export function parseWhere(text: string): WhereText | null {
  const m = /^([^=<>]+?)\s*(>=|<=|=|<)\s*([\s\S]*)$/.exec(text.trim());
  if (!m || m[1].trim() === '' || m[3] === '') return null;
  return { path: m[1].trim(), op: m[2] as WhereText['op'], value: m[3] };
}

/** The Filter for one `--where`, typed by `schema` (DESCRIBE battles); an Error names what does not fit. */
export function whereFilter(where: WhereText, schema: readonly ColumnInfo[]): Filter {
  const path = resolvePath(where.path, schema);
  const info = schema.find((c) => c.name === path[0])!;
  const type = typeAtPath(parseDuckType(info.type), path.slice(1));
  const shown = JSON.stringify(where.path);
  if (!type) throw new Error(`${shown}: column ${JSON.stringify(path[0])} has no field ${JSON.stringify(path.slice(1).join('.'))}`);
  const { op, value } = where;
  if (isBooleanType(type)) {
    if (op !== '=') throw new Error(`${shown} is true/false: use ${where.path}=true or ${where.path}=false`);
    const list = listOrOne(value, shown);
    if (list.length === 1 && typeof list[0] === 'boolean') return { kind: 'boolean', path, value: list[0] };
    if (list.every((v) => v === null || typeof v === 'boolean')) return { kind: 'in', path, values: list };
    throw new Error(`${shown} is true/false, got ${value}`);
  }
  if (isTemporalType(type) || (isNumericType(type) && /^\d{4}-\d{2}-\d{2}/.test(value))) {
    if (op === '>=') return { kind: 'date', path, from: value };
    if (op === '<') return { kind: 'date', path, to: value };
    if (isTemporalType(type)) throw new Error(`${shown} is a date: use ${where.path}>=YYYY-MM-DD and ${where.path}<YYYY-MM-DD`);
  }
  if (isNumericType(type)) {
    if (op === '<') throw new Error(`${shown}: ranges are inclusive, use <= (or < with a date)`);
    if (op !== '=') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw new Error(`${shown} is a number column, got ${JSON.stringify(value)}`);
      return op === '>=' ? { kind: 'range', path, min: n } : { kind: 'range', path, max: n };
    }
    const list = listOrOne(value, shown).map((v) =>
      typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v,
    );
    if (!list.every((v) => v === null || typeof v === 'number')) throw new Error(`${shown} is a number column, got ${value}`);
    return { kind: 'in', path, values: list };
  }
  if (op !== '=') throw new Error(`${shown} holds text: only = applies`);
  const list = listOrOne(value, shown, true);
  return { kind: 'in', path, values: list };
}

/** A JSON list when the value is one, else the value itself (a word for booleans and null in typed columns). */
function listOrOne(value: string, shown: string, text = false): (string | number | boolean | null)[] {
  if (value.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`${shown}: ${value} is not a JSON list`);
    }
    const scalars = Array.isArray(parsed) && parsed.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    if (!scalars || (parsed as unknown[]).length === 0) throw new Error(`${shown}: expected a non-empty JSON list of values, got ${value}`);
    return parsed as (string | number | boolean | null)[];
  }
  if (text) return [value];
  return [value === 'true' ? true : value === 'false' ? false : value === 'null' ? null : value];
}

/** The column the text names: the longest column name it starts with, then struct fields split at '.'. */
function resolvePath(text: string, schema: readonly ColumnInfo[]): string[] {
  const column = schema
    .map((c) => c.name)
    .filter((name) => text === name || text.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0];
  if (!column) {
    const names = schema.map((c) => c.name).filter((n) => !['model_a', 'model_b', 'outcome', 'weight', 'row_id'].includes(n));
    throw new Error(
      `unknown column ${JSON.stringify(text.split('.')[0])}; slices can use ${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}`,
    );
  }
  const rest = text.slice(column.length + 1);
  return rest ? [column, ...rest.split('.')] : [column];
}
