/**
 * ViewState ↔ address. The address holds only what differs from DEFAULT_VIEW, as short readable
 * parameters in a fixed order (same state, same string); `v` says which format wrote it.
 *
 *   v=2  sample=<id> | src=<http(s) address> | file=<name>~<size>~<fingerprint>
 *        | hf=<owner>/<name> [config=<config>] [split=<split>]
 *   map=<mapping JSON>  f=<filters JSON>  q_ties=1 q_bothbad=1 q_flagged=1 q_anon=1 q_dedup=1 q_min=<n>
 *   lens=<id>  anchor=<model>@<value>  ties=davidson  rounds=<n>  seed=<n>  ci=sandwich  tiers=1  rw=1  sort=<key>.<asc|desc>
 *   search=<text>  top=<n>
 *   md_sample=<id> | md_src=<http(s) address> | md_file=<name>~<size>~<fingerprint>  md_open=1  md_from=<YYYY-MM-DD>
 *   (a model-details file, core/metadata, and what it hides)
 *   then each lens's slot, in tab order (lens-address.ts):
 *   pair=<model>,<model>  mx=<matrix mode>  mx_top=<n>  cmp_l=<filters JSON>  cmp_r=<filters JSON>  cmp_all=1
 *   pivot=<name>,<name>…  profile=<model>  profile_dim=<name>  sql=<query text>
 *
 * Until the slots, the matrix keys came after the compare keys; the order is only how the page
 * writes, a link is read in any order.
 *
 * Keys added to v=1 later (mx, mx_top, sql, rw) default to what the page did before they existed (win
 * fraction, top 20, the console's example, no reweighting), so links written before them open as they did.
 *
 * Text is percent-encoded (url-params.ts); JSON values are plain JSON, percent-encoded, so they
 * stay hand-editable. In pair and pivot each item is strictly encoded (a ',' inside a name is
 * %2C), so the literal ',' between items is unambiguous. Decoding never throws: each parameter is
 * read on its own, and one that cannot be read keeps its default and leaves a note. `src` may
 * also come in the fragment (`#src=…`, never sent to the host); the query's `src` wins.
 */
import { isConfigOrSplit, isDatasetId } from '../hub/hub-ref.ts';
import { SORT_KEYS, type SortKey } from './leaderboard-table.ts';
import { readFilters, writeFilters } from './url-filters.ts';
import { readMapping, writeMapping } from './url-mapping.ts';
import { CURRENT_VERSION, migrate } from './url-migrations.ts';
import {
  Bad,
  bad,
  decodeText,
  describe,
  encodeValue,
  MAX_PARAM_CHARS,
  parseParams,
  readFinite,
  readWhole,
  MAX_MODEL_NAME,
  type DecodeOptions,
  type Param,
} from './url-params.ts';
import { DEFAULT_VIEW, type DataSource, type DetailsSource, type LocalFileRef, type ViewState } from './view-state.ts';
import { MAX_TOP } from './lens-address.ts';
import { SLOTTED_LENSES, lensSlot } from './lenses.ts';

export type { DecodeOptions };
export { MAX_SQL, MAX_TOP } from './lens-address.ts';

export interface DecodedView {
  state: ViewState;
  /** One plain sentence per parameter that was ignored, for the page to show. */
  notes: string[];
}

export const MAX_ROUNDS = 10_000;
/** The bootstrap's generator takes a 32-bit seed; larger ones would silently alias. */
export const MAX_SEED = 0xffff_ffff;
export const MAX_MIN_VOTES = 1_000_000_000;

export function encodeView(state: ViewState): string {
  const out: string[] = [];
  // A key is written when its text differs from the default's text: one rule gives both the
  // "only what differs" and the determinism.
  const put = (key: string, write: (s: ViewState) => string | null) => {
    const value = write(state);
    if (value !== null && value !== write(DEFAULT_VIEW)) out.push(`${key}=${value}`);
  };
  const flag = (b: boolean) => (b ? '1' : '0');
  put('sample', (s) => (s.source.kind === 'sample' ? encodeValue(s.source.id) : null));
  put('src', (s) => (s.source.kind === 'remote' ? encodeValue(s.source.url) : null));
  put('hf', (s) => (s.source.kind === 'hub' ? encodeValue(s.source.dataset) : null));
  put('config', (s) => (s.source.kind === 'hub' && s.source.config !== null ? encodeValue(s.source.config) : null));
  put('split', (s) => (s.source.kind === 'hub' && s.source.split !== null ? encodeValue(s.source.split) : null));
  put('file', (s) => (s.source.kind === 'local' ? writeLocal(s.source.file) : null));
  put('map', (s) => (s.mapping ? encodeValue(writeMapping(s.mapping)) : null));
  put('f', (s) => (s.filters.length ? encodeValue(writeFilters(s.filters)) : null));
  put('q_ties', (s) => flag(s.quick.excludeTies));
  put('q_bothbad', (s) => flag(s.quick.excludeBothBad));
  put('q_flagged', (s) => flag(s.quick.excludeFlagged));
  put('q_anon', (s) => flag(s.quick.anonymousOnly));
  put('q_dedup', (s) => flag(s.quick.dedupOnly));
  put('q_min', (s) => (s.quick.minVotes === null ? 'auto' : String(s.quick.minVotes)));
  put('lens', (s) => encodeValue(s.lens));
  put('anchor', (s) => (s.rating.anchor ? `${encodeValue(s.rating.anchor.model)}@${encodeValue(String(s.rating.anchor.value))}` : null));
  put('ties', (s) => s.rating.ties);
  put('rounds', (s) => String(s.rating.rounds));
  put('seed', (s) => String(s.rating.seed));
  put('ci', (s) => s.rating.intervals);
  put('tiers', (s) => flag(s.rating.tiers));
  put('rw', (s) => flag(s.rating.reweight));
  put('sort', (s) => `${s.sort.key}.${s.sort.descending ? 'desc' : 'asc'}`);
  put('search', (s) => encodeValue(s.search));
  put('top', (s) => String(s.topN));
  put('md_sample', (s) => (s.details.source?.kind === 'sample' ? encodeValue(s.details.source.id) : null));
  put('md_src', (s) => (s.details.source?.kind === 'remote' ? encodeValue(s.details.source.url) : null));
  put('md_file', (s) => (s.details.source?.kind === 'local' ? writeLocal(s.details.source.file) : null));
  put('md_open', (s) => flag(s.details.openOnly));
  put('md_from', (s) => s.details.releasedFrom);
  for (const id of SLOTTED_LENSES) for (const k of lensSlot(id).keys) put(k.key, (s) => k.write(s.slots[id]));
  return out.length ? [`v=${CURRENT_VERSION}`, ...out].join('&') : '';
}

function writeLocal(f: LocalFileRef): string {
  return `${encodeValue(f.name)}~${f.size}~${encodeValue(f.fingerprint)}`;
}

export function decodeView(search: string, hash = '', options: DecodeOptions = {}): DecodedView {
  const notes: string[] = [];
  const state = structuredClone(DEFAULT_VIEW);
  try {
    const query = new Reader(readVersion(parseParams(search), notes), notes);
    const fragment = new Reader(parseParams(hash), notes, ' in the fragment');
    readSource(state, query, fragment, options);
    readRest(state, query, options);
  } catch (e) {
    // Unreachable by design; kept so that a bug here costs a note, never a blank page.
    notes.push(`could not read the address: ${e instanceof Error ? e.message : String(e)}`);
    return { state: structuredClone(DEFAULT_VIEW), notes };
  }
  return { state, notes };
}

function readVersion(params: Param[], notes: string[]): Param[] {
  const raw = params.find((p) => p.key === 'v')?.raw;
  // No `v` is read as the current format, so hand-written links like `?src=…` work.
  if (raw === undefined || raw === '') return params;
  if (!/^\d{1,6}$/.test(raw)) {
    notes.push(`ignored "v": expected a version number, got ${describe(decodeText(raw) ?? raw)}; read as version ${CURRENT_VERSION}`);
    return params;
  }
  const v = Number(raw);
  if (v > CURRENT_VERSION) {
    notes.push(`this link was made by a newer version (${v}) of the page; read as version ${CURRENT_VERSION}`);
    return params;
  }
  return migrate(params, v, notes);
}

/** The first occurrence of each key, decoded on demand; refusals become notes. */
class Reader {
  constructor(
    private readonly params: Param[],
    private readonly notes: string[],
    private readonly where = '',
  ) {}

  /** The raw value, or undefined when absent, empty (an empty value means the default) or too long. */
  raw(key: string): string | undefined {
    const all = this.params.filter((p) => p.key === key);
    if (all.length > 1) this.notes.push(`ignored a repeated "${key}"${this.where}; the first one is used`);
    const p = all[0];
    if (p === undefined || p.raw === '') return undefined;
    if (p.raw.length > MAX_PARAM_CHARS) {
      this.ignore(key, `longer than ${MAX_PARAM_CHARS} characters (${p.raw.length})`);
      return undefined;
    }
    return p.raw;
  }

  /** Reads one parameter through `read`; undefined when absent or refused (with a note). */
  get<T>(key: string, read: (text: string, raw: string) => T | Bad): T | undefined {
    const raw = this.raw(key);
    if (raw === undefined) return undefined;
    const text = decodeText(raw);
    const value = text === null ? bad('not valid percent-encoding') : read(text, raw);
    if (value instanceof Bad) {
      this.ignore(key, value.why);
      return undefined;
    }
    return value;
  }

  ignore(key: string, why: string): void {
    this.notes.push(`ignored "${key}"${this.where}: ${why}`);
  }
}

function readSource(state: ViewState, query: Reader, fragment: Reader, options: DecodeOptions): void {
  const fromQuery = query.get('src', readRemote);
  const fromFragment = fragment.get('src', readRemote);
  if (fromQuery && fromFragment && fromQuery.url !== fromFragment.url) {
    fragment.ignore('src', 'the address in the query is used');
  }
  const file = query.get('file', readLocal);
  const hub = query.get('hf', readHub);
  const config = query.get('config', readHubPart);
  const split = query.get('split', readHubPart);
  if (hub && hub.kind === 'hub') Object.assign(hub, { config: config ?? null, split: split ?? null });
  else if (config !== undefined || split !== undefined)
    query.ignore(config !== undefined ? 'config' : 'split', 'it goes with "hf", which the link does not name');
  const sample = query.get('sample', (t) => readSample(t, options.samples));
  // One source wins, the most specific first; the others are named so nothing is lost silently.
  const found: [string, DataSource | undefined][] = [
    ['src', fromQuery ?? fromFragment],
    ['hf', hub],
    ['file', file],
    ['sample', sample],
  ];
  const winner = found.find(([, s]) => s !== undefined);
  if (!winner) return;
  state.source = winner[1]!;
  for (const [key, s] of found) {
    if (s && key !== winner[0]) query.ignore(key, `the link also names "${winner[0]}", which is used`);
  }
}

function readRemote(text: string): { kind: 'remote'; url: string } | Bad {
  let ok: boolean;
  try {
    ok = /^https?:\/\/\S+$/i.test(text) && /^https?:$/.test(new URL(text).protocol);
  } catch {
    ok = false;
  }
  return ok ? { kind: 'remote', url: text } : bad(`expected an http(s) address, got ${describe(text)}`);
}

function readHub(text: string): DataSource | Bad {
  return isDatasetId(text)
    ? { kind: 'hub', dataset: text, config: null, split: null }
    : bad(`expected a Hub dataset as <owner>/<name>, got ${describe(text)}`);
}

function readHubPart(text: string): string | Bad {
  return isConfigOrSplit(text) ? text : bad(`expected a config or split name, got ${describe(text)}`);
}

function readLocal(text: string): DataSource | Bad {
  // The name may itself contain '~'; size and fingerprint cannot, so split from the right.
  const m = /^([\s\S]+)~(\d{1,16})~([0-9a-f]{8,64})$/.exec(text);
  const size = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(size) || m[1].length > 1000) {
    return bad(`expected <file name>~<size in bytes>~<hex fingerprint>, got ${describe(text)}`);
  }
  return { kind: 'local', file: { name: m[1], size, fingerprint: m[3] } };
}

function readSample(text: string, known?: readonly string[]): DataSource | Bad {
  const ok = known ? known.includes(text) : /^[a-z0-9][a-z0-9-]{0,63}$/.test(text);
  return ok ? { kind: 'sample', id: text } : bad(`no sample called ${describe(text)}`);
}

function readRest(state: ViewState, q: Reader, options: DecodeOptions): void {
  const json =
    <T>(read: (x: unknown) => T | Bad) =>
    (text: string): T | Bad => {
      let x: unknown;
      try {
        x = JSON.parse(text);
      } catch {
        return bad(`expected JSON, got ${describe(text)}`);
      }
      return read(x);
    };
  const flag = (text: string) =>
    text === '1' || text === 'true' ? true : text === '0' || text === 'false' ? false : bad(`expected 1 or 0, got ${describe(text)}`);
  const set = <T>(value: T | undefined, apply: (v: T) => void) => value !== undefined && apply(value);
  const s = state;

  set(q.get('map', json(readMapping)), (v) => (s.mapping = v));
  set(q.get('f', json(readFilters)), (v) => (s.filters = v));
  set(q.get('q_ties', flag), (v) => (s.quick.excludeTies = v));
  set(q.get('q_bothbad', flag), (v) => (s.quick.excludeBothBad = v));
  set(q.get('q_flagged', flag), (v) => (s.quick.excludeFlagged = v));
  set(q.get('q_anon', flag), (v) => (s.quick.anonymousOnly = v));
  set(q.get('q_dedup', flag), (v) => (s.quick.dedupOnly = v));
  set(
    q.get('q_min', (t) => (t === 'auto' ? null : readWhole(t, 0, MAX_MIN_VOTES))),
    (v) => (s.quick.minVotes = v),
  );
  set(
    q.get('lens', (t) => readLens(t, options.lenses)),
    (v) => (s.lens = v),
  );
  set(q.get('anchor', readAnchor), (v) => (s.rating.anchor = v));
  set(q.get('ties', readTies), (v) => (s.rating.ties = v));
  set(
    q.get('rounds', (t) => readWhole(t, 0, MAX_ROUNDS)),
    (v) => (s.rating.rounds = v),
  );
  set(
    q.get('seed', (t) => readWhole(t, 0, MAX_SEED)),
    (v) => (s.rating.seed = v),
  );
  set(q.get('ci', readIntervals), (v) => (s.rating.intervals = v));
  set(q.get('tiers', flag), (v) => (s.rating.tiers = v));
  set(q.get('rw', flag), (v) => (s.rating.reweight = v));
  set(q.get('sort', readSort), (v) => (s.sort = v));
  set(
    q.get('search', (t) => t),
    (v) => (s.search = v),
  );
  set(
    q.get('top', (t) => readWhole(t, 0, MAX_TOP)),
    (v) => (s.topN = v),
  );
  readDetails(s, q);
  for (const id of SLOTTED_LENSES) {
    for (const k of lensSlot(id).keys) {
      // A value that cannot be read leaves the slot's default and a note.
      q.get(k.key, (text, raw) => k.read(s.slots[id], text, raw, options));
    }
  }
}

function readDetails(s: ViewState, q: Reader): void {
  const found: [string, DetailsSource | undefined][] = [
    ['md_src', q.get('md_src', readRemote)],
    [
      'md_file',
      q.get('md_file', (t) => {
        const l = readLocal(t);
        return l instanceof Bad ? l : (l as Extract<DataSource, { kind: 'local' }>);
      }),
    ],
    [
      'md_sample',
      q.get('md_sample', (t) =>
        /^[a-z0-9][a-z0-9-]{0,63}$/.test(t) ? { kind: 'sample' as const, id: t } : bad(`no model details called ${describe(t)}`),
      ),
    ],
  ];
  const winner = found.find(([, v]) => v !== undefined);
  if (winner) {
    s.details.source = winner[1]!;
    for (const [key, v] of found) if (v && key !== winner[0]) q.ignore(key, `the link also names "${winner[0]}", which is used`);
  }
  const flag = (text: string) => (text === '1' ? true : text === '0' ? false : bad(`expected 1 or 0, got ${describe(text)}`));
  const open = q.get('md_open', flag);
  if (open !== undefined) s.details.openOnly = open;
  const from = q.get('md_from', (t) =>
    /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(Date.parse(t)) ? t : bad(`expected a date as YYYY-MM-DD, got ${describe(t)}`),
  );
  if (from !== undefined) s.details.releasedFrom = from;
}

function readTies(text: string): 'half' | 'davidson' | Bad {
  return text === 'half' || text === 'davidson' ? text : bad(`expected half or davidson, got ${describe(text)}`);
}

function readIntervals(text: string): 'bootstrap' | 'sandwich' | Bad {
  return text === 'bootstrap' || text === 'sandwich' ? text : bad(`expected bootstrap or sandwich, got ${describe(text)}`);
}

function readLens(text: string, known?: readonly string[]): string | Bad {
  if (known) return known.includes(text) ? text : bad(`no lens called ${describe(text)}`);
  return /^[a-z]{1,20}$/.test(text) ? text : bad(`expected a lens name of 1 to 20 lowercase letters, got ${describe(text)}`);
}

function readAnchor(text: string): { model: string; value: number } | Bad {
  // Model names may contain '@'; the value cannot, so split at the last one.
  const at = text.lastIndexOf('@');
  if (at < 0 || at > MAX_MODEL_NAME) return bad(`expected <model>@<rating>, got ${describe(text)}`);
  const value = readFinite(text.slice(at + 1));
  return value instanceof Bad ? bad(`rating: ${value.why}`) : { model: text.slice(0, at), value };
}

function readSort(text: string): { key: SortKey; descending: boolean } | Bad {
  const m = /^(\w+)(?:\.(asc|desc))?$/.exec(text);
  const keys: readonly string[] = SORT_KEYS;
  if (!m || !keys.includes(m[1]))
    return bad(`expected <column>.asc or <column>.desc with a column from ${SORT_KEYS.join(', ')}, got ${describe(text)}`);
  return { key: m[1] as SortKey, descending: m[2] === 'desc' };
}
