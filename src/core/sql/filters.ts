import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { isBooleanType, isNumericType, isTemporalType, parseDuckType, typeAtPath, type DuckType } from '../schema/duckdb-type.ts';
import { quotePath } from './quote.ts';
import { Params, type SqlCondition, type SqlValue } from './statement.ts';

/** A column, or a field inside nested structs: ['openai_moderation', 'flagged']. */
export type ColumnPath = readonly string[];

/**
 * One slice condition, as it comes from the URL or a form: plain data, checked before use.
 * Ranges are inclusive; date ranges are [from, to) with ISO dates, and also apply to numeric
 * unix-seconds columns (lmsys tstamp).
 */
export type Filter =
  | { kind: 'in'; path: ColumnPath; values: readonly (string | number | boolean | null)[] }
  | { kind: 'range'; path: ColumnPath; min?: number; max?: number }
  | { kind: 'date'; path: ColumnPath; from?: string; to?: string }
  | { kind: 'boolean'; path: ColumnPath; value: boolean }
  | { kind: 'exclude-outcomes'; outcomes: readonly Outcome[] };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * ANDs the filters into one condition over `schema` (DESCRIBE battles), values as $n parameters
 * numbered from `firstParam`. Unknown columns, fields, kinds or ill-typed values throw an error
 * that names them: a tampered URL fails loudly instead of changing the query.
 */
export function filtersSql(filters: readonly Filter[], schema: readonly ColumnInfo[], firstParam = 1): SqlCondition {
  const params = new Params(firstParam - 1);
  const parts = filters.map((f) => `(${one(f, schema, params)})`);
  return { sql: parts.join(' AND '), params: params.values };
}

function one(f: Filter, schema: readonly ColumnInfo[], params: Params): string {
  if (typeof f !== 'object' || f === null) throw new Error('filter: not an object');
  switch (f.kind) {
    case 'in': {
      const col = column(f.path, schema, 'in', (t) => t.kind === 'scalar');
      if (!Array.isArray(f.values)) throw new Error(`filter on ${label(f.path)}: values must be a list`);
      const values = f.values.filter((v) => v !== null).map((v) => params.add(scalar(v, f.path)));
      const hasNull = f.values.includes(null);
      const terms = [values.length ? `${col} IN (${values.join(', ')})` : '', hasNull ? `${col} IS NULL` : ''];
      return terms.filter(Boolean).join(' OR ') || 'false';
    }
    case 'range': {
      const col = column(f.path, schema, 'range', isNumericType);
      const terms: string[] = [];
      if (f.min !== undefined) terms.push(`${col} >= ${params.add(number(f.min, f.path))}`);
      if (f.max !== undefined) terms.push(`${col} <= ${params.add(number(f.max, f.path))}`);
      return terms.join(' AND ') || 'true';
    }
    case 'date': {
      let temporal = false;
      let tz = false;
      const col = column(f.path, schema, 'date', (t) => {
        temporal = isTemporalType(t);
        tz = t.kind === 'scalar' && t.name.includes('TIME ZONE');
        return temporal || isNumericType(t);
      });
      // Unix-seconds columns compare with epoch(); the parameter is converted once, not every row.
      const bound = (v: string) => {
        const ts = `CAST(${params.add(isoDate(v, f.path))} AS ${tz ? 'TIMESTAMPTZ' : 'TIMESTAMP'})`;
        return temporal ? ts : `epoch(${ts})`;
      };
      const terms: string[] = [];
      if (f.from !== undefined) terms.push(`${col} >= ${bound(f.from)}`);
      if (f.to !== undefined) terms.push(`${col} < ${bound(f.to)}`);
      return terms.join(' AND ') || 'true';
    }
    case 'boolean': {
      const col = column(f.path, schema, 'boolean', isBooleanType);
      if (typeof f.value !== 'boolean') throw new Error(`filter on ${label(f.path)}: value must be true or false`);
      return `${col} = ${params.add(f.value)}`;
    }
    case 'exclude-outcomes': {
      const col = column(['outcome'], schema, 'exclude-outcomes', () => true);
      if (!Array.isArray(f.outcomes)) throw new Error('filter exclude-outcomes: outcomes must be a list');
      for (const o of f.outcomes) {
        if (!(OUTCOMES as readonly string[]).includes(o)) throw new Error(`filter: unknown outcome ${JSON.stringify(o)}`);
      }
      if (f.outcomes.length === 0) return 'true';
      return `${col} NOT IN (${f.outcomes.map((o) => params.add(o)).join(', ')})`;
    }
    default:
      throw new Error(`filter: unknown kind ${JSON.stringify((f as { kind?: unknown }).kind)}`);
  }
}

/** Checks the path against the schema and the leaf type, and returns it quoted. */
function column(path: ColumnPath, schema: readonly ColumnInfo[], kind: string, accepts: (t: DuckType) => boolean): string {
  if (!Array.isArray(path) || path.length === 0 || path.some((p) => typeof p !== 'string' || p === '')) {
    throw new Error(`filter ${kind}: column must be a non-empty list of names`);
  }
  const info = schema.find((c) => c.name === path[0]);
  if (!info) throw new Error(`filter ${kind}: unknown column ${JSON.stringify(path[0])}`);
  const type = typeAtPath(parseDuckType(info.type), path.slice(1));
  if (!type) throw new Error(`filter ${kind}: column ${JSON.stringify(path[0])} has no field ${label(path.slice(1))}`);
  if (!accepts(type)) throw new Error(`filter ${kind}: ${label(path)} has type ${info.type}, which it cannot filter`);
  return quotePath(path);
}

const label = (path: ColumnPath): string => JSON.stringify(path.join('.'));

function scalar(v: unknown, path: ColumnPath): SqlValue {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  return number(v, path);
}

function number(v: unknown, path: ColumnPath): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new Error(`filter on ${label(path)}: ${JSON.stringify(v)} is not a finite number`);
  }
  return v;
}

function isoDate(v: unknown, path: ColumnPath): string {
  if (typeof v !== 'string' || !ISO_DATE.test(v)) {
    throw new Error(`filter on ${label(path)}: ${JSON.stringify(v)} is not an ISO date`);
  }
  return v;
}
