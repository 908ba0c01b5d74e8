/**
 * Reading and editing the filters of one dimension, and the chip text of a filter. Pure: the
 * panel's components call these and hand the new list to onChange.
 */
import type { Filter } from '../sql/filters.ts';
import type { Dimension } from './dimensions.ts';

export type FilterValue = string | number | boolean | null;

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const onPath = (f: Filter, path: readonly string[]) => f.kind !== 'exclude-outcomes' && samePath(f.path, path);

/** The filters that do not touch `path`: the slice a dimension's own counts are computed in. */
export const withoutPath = (filters: readonly Filter[], path: readonly string[]): Filter[] => filters.filter((f) => !onPath(f, path));

/** The values a category/flag dimension is restricted to, or null when it is not filtered. */
export function selectedValues(filters: readonly Filter[], path: readonly string[]): FilterValue[] | null {
  const f = filters.find((x) => onPath(x, path) && (x.kind === 'in' || x.kind === 'boolean'));
  if (!f) return null;
  return f.kind === 'in' ? [...f.values] : f.kind === 'boolean' ? [f.value] : null;
}

/** Replaces the dimension's filter by one keeping `values` (none = no filter). One flag value reads as `= value`. */
export function setValues(filters: readonly Filter[], dim: Dimension, values: readonly FilterValue[]): Filter[] {
  const rest = withoutPath(filters, dim.path);
  if (values.length === 0) return rest;
  const only = values.length === 1 ? values[0] : undefined;
  const f: Filter =
    dim.kind === 'boolean' && typeof only === 'boolean'
      ? { kind: 'boolean', path: dim.path, value: only }
      : { kind: 'in', path: dim.path, values: [...values] };
  return [...rest, f];
}

export function currentRange(filters: readonly Filter[], path: readonly string[]): { min?: number; max?: number } {
  const f = filters.find((x) => onPath(x, path) && x.kind === 'range');
  return f && f.kind === 'range' ? { min: f.min, max: f.max } : {};
}

export function setRange(filters: readonly Filter[], path: readonly string[], min?: number, max?: number): Filter[] {
  const rest = withoutPath(filters, path);
  if (min === undefined && max === undefined) return rest;
  return [...rest, { kind: 'range', path: [...path], ...(min !== undefined && { min }), ...(max !== undefined && { max }) }];
}

/** The date filter as the inputs show it: first and last day, both inclusive (the filter's `to` is exclusive). */
export function currentDays(filters: readonly Filter[], path: readonly string[]): { from?: string; last?: string } {
  const f = filters.find((x) => onPath(x, path) && x.kind === 'date');
  if (!f || f.kind !== 'date') return {};
  return { from: f.from?.slice(0, 10), last: f.to ? addDays(f.to.slice(0, 10), -1) : undefined };
}

export function setDays(filters: readonly Filter[], path: readonly string[], from?: string, last?: string): Filter[] {
  const rest = withoutPath(filters, path);
  if (!from && !last) return rest;
  return [...rest, { kind: 'date', path: [...path], ...(from && { from }), ...(last && { to: addDays(last, 1) }) }];
}

/** YYYY-MM-DD shifted by whole days, in UTC. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) return day;
  return new Date(t + n * 86_400_000).toISOString().slice(0, 10);
}

/** A value as the panel shows it: NULL is "(missing)", an empty or blank text "(empty text)", so every option has a name. */
export const valueText = (v: FilterValue): string => (v === null ? '(missing)' : String(v).trim() === '' ? '(empty text)' : String(v));
/** What data-value holds for a value: its text, "null" for NULL. */
export const valueKey = (v: FilterValue): string => (v === null ? 'null' : String(v));

/** Chip text: `language ∈ French, German`, `turn 2 – 5`, `tstamp 2023-05-01 – 2023-05-31`. */
export function filterText(f: Filter, labelOf: (path: readonly string[]) => string = (p) => p.join('.')): string {
  switch (f.kind) {
    case 'in': {
      const shown = f.values.slice(0, 4).map(valueText).join(', ');
      return `${labelOf(f.path)} ∈ ${shown}${f.values.length > 4 ? ` +${f.values.length - 4}` : ''}`;
    }
    case 'boolean':
      return `${labelOf(f.path)} = ${f.value}`;
    case 'range':
      return bounds(labelOf(f.path), f.min, f.max, '≥', '≤');
    case 'date': {
      const last = f.to ? addDays(f.to.slice(0, 10), -1) : undefined;
      return bounds(labelOf(f.path), f.from?.slice(0, 10), last, 'from', 'until');
    }
    case 'exclude-outcomes':
      return `outcome ∉ ${f.outcomes.join(', ')}`;
  }
}

function bounds(label: string, lo: string | number | undefined, hi: string | number | undefined, loWord: string, hiWord: string): string {
  if (lo !== undefined && hi !== undefined) return `${label} ${lo} – ${hi}`;
  if (lo !== undefined) return `${label} ${loWord} ${lo}`;
  if (hi !== undefined) return `${label} ${hiWord} ${hi}`;
  return label;
}
