/**
 * Which columns of `battles` the filter panel offers, and as what: decided from DESCRIBE battles,
 * the preset's hints and per-column distinct counts. Preset hints come first, in their order;
 * then the remaining columns in table order.
 */
import type { ColumnInfo } from '../schema/column.ts';
import {
  isBooleanType,
  isNumericType,
  isStringType,
  isTemporalType,
  tryParseDuckType,
  typeAtPath,
  type DuckType,
} from '../schema/duckdb-type.ts';
import type { DimensionHint } from '../schema/preset.ts';

export type DimensionKind = 'category' | 'boolean' | 'number' | 'date' | 'unix-seconds';

export interface Dimension {
  path: string[];
  label: string;
  kind: DimensionKind;
  /** Set on the flags a 'boolean-fields' hint (or a known flag struct) expands to: the panel folds them together. */
  group?: string;
  /** Integer-typed numbers: histogram bins are whole numbers. */
  integer?: boolean;
}

export interface DimensionInput {
  /** DESCRIBE battles. */
  columns: readonly ColumnInfo[];
  /** The preset's hints that exist in the file (dataset.detection.dimensions). */
  hints: readonly DimensionHint[];
  /** Distinct values per top-level column (columnProfileSql); a missing column counts as unknown. */
  distinct?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  /** Columns kept for browsing but never offered (preset.ignored). */
  ignored?: readonly string[];
  /**
   * Distinct values of the model columns (model_a's and model_b's, as the profile counts them): an
   * integer column with about as many values is the models' ids (llmfao's model_x and model_y),
   * a category however many models there are, not a measure to cut into ranges.
   */
  models?: readonly number[];
}

/** A category offers at most this many values; more distinct values make a column no category. */
export const MAX_CATEGORIES = 60;

/** battles' own columns: models and outcome have their own controls, row_id and weight are no slices. */
const CANONICAL = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight']);
/** Names of columns that identify rows or people: never a slice. */
export const ID_NAME = /^(id|qid|uuid|.*[_-](id|uuid))$/i;
const UNIX_NAME = /^(tstamp|unix_?time(stamp)?|epoch(_seconds)?)$/i;
/** Structs whose boolean leaves are flags even without a preset hint (lmsys moderation and tags). */
export const FLAG_STRUCTS: Readonly<Record<string, string>> = {
  openai_moderation: 'moderation',
  toxic_chat_tag: 'toxicity',
  dedup_tag: 'dedup',
  category_tag: 'category tag',
};
const INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|INT\d*)$/;

export const pathKey = (path: readonly string[]): string => path.join('.');

export function decideDimensions(input: DimensionInput): Dimension[] {
  const types = new Map(input.columns.map((c) => [c.name, tryParseDuckType(c.type)]));
  const distinct = (name: string): number | undefined =>
    input.distinct instanceof Map ? input.distinct.get(name) : (input.distinct as Record<string, number> | undefined)?.[name];
  const out: Dimension[] = [];
  const taken = new Set<string>();
  const push = (d: Dimension) => {
    const key = pathKey(d.path);
    if (taken.has(key)) return;
    taken.add(key);
    out.push(d);
  };
  const covered = new Set<string>();

  for (const hint of input.hints) {
    const path = resolve(hint.path, types);
    if (!path) continue;
    covered.add(path[0]);
    const type = typeAtPath(types.get(path[0])!, path.slice(1))!;
    if (hint.kind === 'boolean-fields') {
      for (const leaf of booleanLeaves(type, path))
        push({ path: leaf, label: `${hint.label}: ${leaf.slice(path.length).join(' ')}`, kind: 'boolean', group: hint.label });
      continue;
    }
    const kind = hintKind(hint.kind, type) ?? inferKind(path.at(-1)!, type, path.length === 1 ? distinct(path[0]) : undefined);
    if (kind) push({ path, label: hint.label, kind, ...integerFlag(kind, type) });
  }

  const ignored = new Set(input.ignored ?? []);
  for (const c of input.columns) {
    const type = types.get(c.name);
    if (!type || CANONICAL.has(c.name) || ignored.has(c.name)) continue;
    if (type.kind === 'struct') {
      const group = FLAG_STRUCTS[c.name];
      if (!group) continue;
      for (const leaf of booleanLeaves(type, [c.name])) {
        if (!taken.has(pathKey(leaf))) push({ path: leaf, label: `${group}: ${leaf.slice(1).join(' ')}`, kind: 'boolean', group });
      }
      continue;
    }
    if (covered.has(c.name) || ID_NAME.test(c.name)) continue;
    const n = distinct(c.name);
    if (n !== undefined && n <= 1) continue; // a constant column slices nothing
    const kind = modelIds(type, n, input.models) ? 'category' : inferKind(c.name, type, n);
    if (kind) push({ path: [c.name], label: c.name.replaceAll('_', ' '), kind, ...integerFlag(kind, type) });
  }
  return out;
}

/**
 * An integer column with as many distinct values as a model column (within the 2% or so of an
 * approximate count) holds ids of the models: values to pick, not a range to cut.
 */
function modelIds(type: DuckType, distinct: number | undefined, models: readonly number[] | undefined): boolean {
  if (distinct === undefined || !models?.length || !isInteger(type)) return false;
  return models.some((m) => m > 1 && Math.abs(distinct - m) <= Math.max(1, 0.04 * m));
}

/** What an unhinted column becomes: low-cardinality scalars are categories, other numbers ranges. */
function inferKind(name: string, type: DuckType, distinct: number | undefined): DimensionKind | undefined {
  if (isBooleanType(type)) return 'boolean';
  if (isTemporalType(type)) return 'date';
  const few = distinct !== undefined && distinct <= MAX_CATEGORIES;
  if (isNumericType(type)) {
    if (UNIX_NAME.test(name)) return 'unix-seconds';
    return few && isInteger(type) ? 'category' : 'number';
  }
  if (isStringType(type) || (type.kind === 'scalar' && type.name.startsWith('ENUM'))) return few ? 'category' : undefined;
  return undefined;
}

/** The hinted kind when the column's type can carry it, else undefined (then inferred). */
function hintKind(kind: DimensionHint['kind'], type: DuckType): DimensionKind | undefined {
  switch (kind) {
    case 'boolean':
      return isBooleanType(type) ? 'boolean' : undefined;
    case 'number':
    case 'unix-seconds':
      return isNumericType(type) ? kind : undefined;
    case 'date':
      return isTemporalType(type) ? 'date' : isNumericType(type) ? 'unix-seconds' : undefined;
    case 'category':
      // A hinted category keeps its place whatever its cardinality: the panel lists the top values.
      return type.kind === 'scalar' && !isTemporalType(type) ? 'category' : undefined;
    default:
      return undefined;
  }
}

/** Paths of every boolean leaf under a struct, depth first. */
function booleanLeaves(type: DuckType, path: string[]): string[][] {
  if (isBooleanType(type)) return [path];
  if (type.kind !== 'struct') return [];
  return type.fields.flatMap((f) => booleanLeaves(f.type, [...path, f.name]));
}

/** A hint names raw columns; one that clashed with a canonical name lives on as raw_<name>. */
function resolve(path: readonly string[], types: Map<string, DuckType | undefined>): string[] | undefined {
  for (let head = path[0], tries = 0; tries < 3; head = `raw_${head}`, tries++) {
    const t = types.get(head);
    if (t && !CANONICAL.has(head) && typeAtPath(t, path.slice(1))) return [head, ...path.slice(1)];
  }
  return undefined;
}

const isInteger = (t: DuckType) => t.kind === 'scalar' && INTEGER.test(t.name);
const integerFlag = (kind: DimensionKind, type: DuckType): { integer?: boolean } =>
  kind === 'number' && isInteger(type) ? { integer: true } : {};
