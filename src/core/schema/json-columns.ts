/**
 * Columns that hold JSON objects as text (LMArena's arena-human-preference-100k stores conv_metadata,
 * dedup_tag and category_tag that way). Their struct type is inferred from sampled values, so the
 * column is read as a STRUCT (DuckDB casts such text to a struct) and filters like one. Pure: values in,
 * a DuckDB type string out.
 */
import { quoteIdent } from '../sql/quote.ts';

type Shape =
  | { kind: 'null' }
  | { kind: 'boolean' }
  | { kind: 'integer' }
  | { kind: 'double' }
  | { kind: 'text' }
  | { kind: 'list'; of: Shape }
  | { kind: 'struct'; fields: Map<string, Shape> };

const MAX_DEPTH = 5;
const MAX_FIELDS = 300;

/** Whether a sampled text value looks like a JSON object (a cheap test before parsing). */
export const looksLikeJsonObject = (v: string): boolean => /^\s*\{[\s\S]*\}\s*$/.test(v);

/** Share of sampled values that must be JSON objects for a column to be read as one. */
export const JSON_SHARE = 0.8;

/**
 * The struct type that reads the sampled values that are JSON objects, or null when fewer than
 * JSON_SHARE of them are, or the objects are too deep or wide to be useful as fields. The other
 * values are left empty when the column is read (and counted).
 */
export function jsonStructType(values: readonly string[]): string | null {
  let shape: Shape = { kind: 'null' };
  let objects = 0;
  for (const v of values) {
    if (!looksLikeJsonObject(v)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      continue;
    }
    if (!isPlainObject(parsed)) continue;
    objects++;
    shape = merge(shape, shapeOf(parsed, 0));
  }
  if (!objects || objects < JSON_SHARE * values.length || shape.kind !== 'struct') return null;
  if (countFields(shape) > MAX_FIELDS) return null;
  return typeOf(shape);
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function shapeOf(x: unknown, depth: number): Shape {
  if (x === null || x === undefined) return { kind: 'null' };
  if (typeof x === 'boolean') return { kind: 'boolean' };
  if (typeof x === 'number')
    return Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER ? { kind: 'integer' } : { kind: 'double' };
  if (typeof x === 'string' || depth >= MAX_DEPTH) return { kind: 'text' };
  if (Array.isArray(x)) return { kind: 'list', of: x.reduce<Shape>((s, e) => merge(s, shapeOf(e, depth + 1)), { kind: 'null' }) };
  const fields = new Map<string, Shape>();
  // DuckDB field names are case-insensitive and never empty: such keys keep the object as text.
  const seen = new Set<string>();
  for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
    if (k === '' || k.includes('\0') || seen.has(k.toLowerCase())) return { kind: 'text' };
    seen.add(k.toLowerCase());
    fields.set(k, shapeOf(v, depth + 1));
  }
  return { kind: 'struct', fields };
}

/** The narrowest shape that reads both; conflicting kinds fall back to text. */
function merge(x: Shape, y: Shape): Shape {
  if (x.kind === 'null') return y;
  if (y.kind === 'null') return x;
  if (x.kind === y.kind) {
    if (x.kind === 'list' && y.kind === 'list') return { kind: 'list', of: merge(x.of, y.of) };
    if (x.kind === 'struct' && y.kind === 'struct') {
      const fields = new Map(x.fields);
      const lower = new Map([...fields.keys()].map((k) => [k.toLowerCase(), k]));
      for (const [k, v] of y.fields) {
        const known = lower.get(k.toLowerCase());
        if (known !== undefined && known !== k) return { kind: 'text' };
        fields.set(k, fields.has(k) ? merge(fields.get(k)!, v) : v);
        lower.set(k.toLowerCase(), k);
      }
      return { kind: 'struct', fields };
    }
    return x;
  }
  const numbers = new Set(['integer', 'double']);
  if (numbers.has(x.kind) && numbers.has(y.kind)) return { kind: 'double' };
  return { kind: 'text' };
}

function countFields(s: Shape): number {
  if (s.kind === 'struct') return [...s.fields.values()].reduce((n, f) => n + 1 + countFields(f), 0);
  if (s.kind === 'list') return countFields(s.of);
  return 0;
}

function typeOf(s: Shape): string {
  switch (s.kind) {
    case 'null':
    case 'text':
      return 'VARCHAR';
    case 'boolean':
      return 'BOOLEAN';
    case 'integer':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'list':
      return `${typeOf(s.of)}[]`;
    case 'struct': {
      // DuckDB has no empty struct: an object that was always {} is kept as text.
      if (s.fields.size === 0) return 'VARCHAR';
      return `STRUCT(${[...s.fields].map(([k, v]) => `${quoteIdent(k)} ${typeOf(v)}`).join(', ')})`;
    }
  }
}
