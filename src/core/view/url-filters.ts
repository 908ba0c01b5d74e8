/**
 * Filters in the address: written as compact JSON in the Filter type's own field names (so a
 * link is readable and hand-editable), read back with a structural check. Only the shape is
 * checked here: columns, types and SQL are the business of sql/filters.ts, which binds every
 * value as a parameter.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { Filter } from '../sql/filters.ts';
import { Bad, bad, describe, isRecord, readPath, unexpectedField } from './url-params.ts';

export const MAX_FILTERS = 100;
export const MAX_VALUES = 1000;

type Scalar = string | number | boolean | null;

/** Fixed field order and no stray fields, so equal filters always give the same text. */
export function writeFilters(filters: readonly Filter[]): string {
  return JSON.stringify(filters.map(writeFilter));
}

function writeFilter(f: Filter): Record<string, unknown> {
  switch (f.kind) {
    case 'in':
      return { kind: f.kind, path: [...f.path], values: [...f.values] };
    case 'range':
      return { kind: f.kind, path: [...f.path], min: f.min, max: f.max };
    case 'date':
      return { kind: f.kind, path: [...f.path], from: f.from, to: f.to };
    case 'boolean':
      return { kind: f.kind, path: [...f.path], value: f.value };
    case 'exclude-outcomes':
      return { kind: f.kind, outcomes: [...f.outcomes] };
  }
}

export function readFilters(json: unknown): Filter[] | Bad {
  if (!Array.isArray(json)) return bad(`expected a list of filters, got ${describe(json)}`);
  if (json.length > MAX_FILTERS) return bad(`more than ${MAX_FILTERS} filters (${json.length})`);
  const out: Filter[] = [];
  for (let i = 0; i < json.length; i++) {
    const f = readFilter(json[i]);
    if (f instanceof Bad) return bad(`filter ${i + 1}: ${f.why}`);
    out.push(f);
  }
  return out;
}

function readFilter(x: unknown): Filter | Bad {
  if (!isRecord(x)) return bad(`expected an object, got ${describe(x)}`);
  switch (x.kind) {
    case 'in': {
      const path = readPath(x.path);
      const values = readScalars(x.values);
      return (
        unexpectedField(x, ['kind', 'path', 'values']) ??
        (path instanceof Bad ? path : values instanceof Bad ? values : { kind: 'in', path, values })
      );
    }
    case 'range': {
      const path = readPath(x.path);
      const min = optional(x.min, 'min', finiteNumber);
      const max = optional(x.max, 'max', finiteNumber);
      const f: Filter = { kind: 'range', path: path as string[] };
      if (min !== undefined && !(min instanceof Bad)) f.min = min;
      if (max !== undefined && !(max instanceof Bad)) f.max = max;
      return unexpectedField(x, ['kind', 'path', 'min', 'max']) ?? firstBad(path, min, max) ?? f;
    }
    case 'date': {
      const path = readPath(x.path);
      const from = optional(x.from, 'from', shortText);
      const to = optional(x.to, 'to', shortText);
      const f: Filter = { kind: 'date', path: path as string[] };
      if (from !== undefined && !(from instanceof Bad)) f.from = from;
      if (to !== undefined && !(to instanceof Bad)) f.to = to;
      return unexpectedField(x, ['kind', 'path', 'from', 'to']) ?? firstBad(path, from, to) ?? f;
    }
    case 'boolean': {
      const path = readPath(x.path);
      const value = typeof x.value === 'boolean' ? x.value : bad(`value must be true or false, got ${describe(x.value)}`);
      return (
        unexpectedField(x, ['kind', 'path', 'value']) ??
        firstBad(path, value) ?? { kind: 'boolean', path: path as string[], value: value as boolean }
      );
    }
    case 'exclude-outcomes': {
      const outcomes = readOutcomes(x.outcomes);
      return unexpectedField(x, ['kind', 'outcomes']) ?? (outcomes instanceof Bad ? outcomes : { kind: 'exclude-outcomes', outcomes });
    }
    default:
      return bad(x.kind === undefined ? 'no "kind"' : `unknown kind ${describe(x.kind)}`);
  }
}

function readScalars(x: unknown): Scalar[] | Bad {
  if (!Array.isArray(x)) return bad(`values must be a list, got ${describe(x)}`);
  if (x.length > MAX_VALUES) return bad(`more than ${MAX_VALUES} values (${x.length})`);
  for (const v of x) {
    const ok = v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) return bad(`values may be text, finite numbers, true, false or null, got ${describe(v)}`);
  }
  return [...(x as Scalar[])];
}

function readOutcomes(x: unknown): Outcome[] | Bad {
  const known: readonly unknown[] = OUTCOMES;
  if (!Array.isArray(x) || x.length > OUTCOMES.length || !x.every((o) => known.includes(o))) {
    return bad(`outcomes must be a list drawn from ${OUTCOMES.join(', ')}, got ${describe(x)}`);
  }
  return [...(x as Outcome[])];
}

// JSON.parse turns 1e309 into Infinity, so finiteness is checked even on parsed numbers.
function finiteNumber(v: unknown, what: string): number | Bad {
  return typeof v === 'number' && Number.isFinite(v) ? v : bad(`${what} must be a finite number, got ${describe(v)}`);
}

function shortText(v: unknown, what: string): string | Bad {
  return typeof v === 'string' && v.length <= 100 ? v : bad(`${what} must be text of at most 100 characters, got ${describe(v)}`);
}

function optional<T>(v: unknown, what: string, read: (v: unknown, what: string) => T | Bad): T | Bad | undefined {
  return v === undefined ? undefined : read(v, what);
}

function firstBad(...xs: unknown[]): Bad | null {
  return (xs.find((x) => x instanceof Bad) as Bad | undefined) ?? null;
}
