/**
 * Old links keep working: each entry rewrites the parameters of version n into version n + 1,
 * on the raw parameter list, before the current reader sees them. A format change means: bump
 * CURRENT_VERSION, add one entry here, add one test with a hand-written link of the old version.
 * Changing a default in DEFAULT_VIEW is a format change too (an absent key changes meaning):
 * the migration must then write the old default out explicitly.
 */
import type { Filter } from '../sql/filters.ts';
import { writeFilters } from './url-filters.ts';
import { decodeText, describe, encodePart, encodeValue, type Param } from './url-params.ts';

export const CURRENT_VERSION = 2;

type Migration = (params: Param[], notes: string[]) => Param[];

export const MIGRATIONS: Record<number, Migration> = { 0: v0ToV1, 1: v1ToV2 };

/** Brings parameters written by `version` up to CURRENT_VERSION. */
export function migrate(params: Param[], version: number, notes: string[]): Param[] {
  let out = params;
  for (let v = version; v < CURRENT_VERSION; v++) out = MIGRATIONS[v](out, notes);
  return out;
}

/**
 * Version 0 (the first prototype) differed from version 1 in five parameters:
 *   url=<address>              → src=<address>
 *   anchor=<model>:<value>     → anchor=<model>@<value>   (split at the last ':')
 *   filter=<col>:<v1>,<v2>     → f=[{"kind":"in",…}]      (repeatable, ANDed in order; a dotted
 *                                 col is a struct field; values were always text; no commas)
 *   sort=<key>-desc|-asc       → sort=<key>.desc|.asc
 *   noties=1                   → q_ties=1
 * Every other key meant the same thing and is passed on unchanged.
 */
function v0ToV1(params: Param[], notes: string[]): Param[] {
  const out: Param[] = [];
  const filters: Filter[] = [];
  const drop = (key: string, why: string) => notes.push(`ignored "${key}" (old link): ${why}`);
  for (const p of params) {
    const text = decodeText(p.raw);
    switch (p.key) {
      case 'v':
        break;
      case 'url':
        out.push({ key: 'src', raw: p.raw });
        break;
      case 'noties':
        out.push({ key: 'q_ties', raw: p.raw });
        break;
      case 'anchor': {
        const at = text?.lastIndexOf(':') ?? -1;
        if (text === null || at < 0) drop('anchor', `expected <model>:<value>, got ${describe(text ?? p.raw)}`);
        else out.push({ key: 'anchor', raw: `${encodeValue(text.slice(0, at))}@${encodeValue(text.slice(at + 1))}` });
        break;
      }
      case 'sort': {
        const m = text === null ? null : /^([\s\S]*)-(asc|desc)$/.exec(text);
        out.push({ key: 'sort', raw: m ? `${encodePart(m[1])}.${m[2]}` : p.raw });
        break;
      }
      case 'filter': {
        const colon = text?.indexOf(':') ?? -1;
        if (text === null || colon <= 0) drop('filter', `expected <column>:<values>, got ${describe(text ?? p.raw)}`);
        else filters.push({ kind: 'in', path: text.slice(0, colon).split('.'), values: text.slice(colon + 1).split(',') });
        break;
      }
      default:
        out.push(p);
    }
  }
  // The v1 reader checks the result like any other `f`, so a bad old column is still refused there.
  if (filters.length > 0) out.push({ key: 'f', raw: encodeValue(writeFilters(filters)) });
  return [{ key: 'v', raw: '1' }, ...out];
}

/**
 * Version 2 changed the default source from the invented `arena-conversations` sample to the real
 * Chatbot Arena 2024-08-14 counts (and added `hf=`). A version 1 link that named no source meant
 * the old default, so it now says so.
 */
function v1ToV2(params: Param[]): Param[] {
  const rest = params.filter((p) => p.key !== 'v');
  const named = rest.some((p) => ['src', 'file', 'sample'].includes(p.key) && p.raw !== '');
  return [{ key: 'v', raw: '2' }, ...(named ? [] : [{ key: 'sample', raw: 'arena-conversations' }]), ...rest];
}
