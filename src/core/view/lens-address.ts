/**
 * A lens's slot in the address: its own state (the matrix's pair, the compared slices, the SQL
 * text), its default, and the keys that carry it. The view codec (url-codec.ts) writes and reads
 * every slot of the registry (lenses.ts) with the same rules as its own keys: a key is written only
 * when it differs from the default, and a value that cannot be read keeps the default and leaves a
 * note. The keys and their spelling are part of the address format: renaming one needs a migration.
 */
import type { Filter } from '../sql/filters.ts';
import { parseControl } from '../sql/control-votes.ts';
import { readFilters, writeFilters } from './url-filters.ts';
import {
  Bad,
  bad,
  decodeText,
  describe,
  encodePart,
  encodeValue,
  MAX_MODEL_NAME,
  readName,
  readWhole,
  type DecodeOptions,
} from './url-params.ts';

/** One key of a slot: how its value is written from the slot's state and read back into it. */
export interface AddressKey<S> {
  key: string;
  /** The value as it goes in the address (already encoded), or null for "not written". */
  write(state: S): string | null;
  /** Reads the decoded text (and the raw text, for lists split before decoding) into `state`. */
  read(state: S, text: string, raw: string, options: DecodeOptions): Bad | void;
}

export interface AddressSlot<S> {
  initial: S;
  keys: AddressKey<S>[];
}

/** Declares a slot; the helper only fixes the state's type for its keys. */
export const slot = <S>(initial: S, keys: AddressKey<S>[]): AddressSlot<S> => ({ initial, keys });

/** A key that reads through `parse` and stores with `set`. */
function key<S, T>(
  name: string,
  write: (s: S) => string | null,
  parse: (text: string, raw: string, options: DecodeOptions) => T | Bad,
  set: (s: S, v: T) => void,
): AddressKey<S> {
  return {
    key: name,
    write,
    read(state, text, raw, options) {
      const value = parse(text, raw, options);
      if (value instanceof Bad) return value;
      set(state, value);
    },
  };
}

export const MAX_TOP = 1000;
/** Longest SQL text kept in the address (characters, before percent-encoding). */
export const MAX_SQL = 4000;

/** Matrix lens: what the cells show (a MATRIX_MODES id), how many models by rating (0 = all), the cell whose votes are listed. */
export interface MatrixAddress {
  mode: string;
  top: number;
  pair: [string, string] | null;
}

export const MATRIX_SLOT = slot<MatrixAddress>({ mode: 'fraction', top: 20, pair: null }, [
  key(
    'pair',
    (s) => (s.pair ? s.pair.map(encodePart).join(',') : null),
    (_, raw) => readPair(raw),
    (s, v) => (s.pair = v),
  ),
  key(
    'mx',
    (s) => encodeValue(s.mode),
    (t, _, options) => readMatrixMode(t, options.matrixModes),
    (s, v) => (s.mode = v),
  ),
  key(
    'mx_top',
    (s) => String(s.top),
    (t) => readWhole(t, 0, MAX_TOP),
    (s, v) => (s.top = v),
  ),
]);

/** Model profile: the model shown, the dimension whose values it is ranked in, whether its style-controlled rank was asked for. */
export interface ProfileAddress {
  model: string | null;
  dim: string | null;
  style: boolean;
}

export const PROFILE_SLOT = slot<ProfileAddress>({ model: null, dim: null, style: false }, [
  key(
    'profile',
    (s) => (s.model ? encodeValue(s.model) : null),
    (t) => (t === '' || t.length > MAX_MODEL_NAME ? bad(`expected a model name, got ${describe(t)}`) : t),
    (s, v) => (s.model = v),
  ),
  key(
    'profile_dim',
    (s) => (s.dim ? encodeValue(s.dim) : null),
    (t) => readName(t, 'the dimension'),
    (s, v) => (s.dim = v),
  ),
  key(
    'profile_style',
    (s) => (s.style ? '1' : '0'),
    (t) => (t === '1' || t === 'true' ? true : t === '0' || t === 'false' ? false : bad(`expected 1 or 0, got ${describe(t)}`)),
    (s, v) => (s.style = v),
  ),
]);

/** Compare lens: two slices, each a list of filters ANDed with the main slice, and the pivot's dimension path. */
export interface CompareAddress {
  left: Filter[];
  right: Filter[];
  /** The right side is every vote of the slice (its filters are then empty); else empty right filters mean "everything else". */
  rightAll: boolean;
  pivot: string[] | null;
}

const filtersJson = (text: string): Filter[] | Bad => {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return bad(`expected JSON, got ${describe(text)}`);
  }
  return readFilters(x);
};

export const COMPARE_SLOT = slot<CompareAddress>({ left: [], right: [], rightAll: false, pivot: null }, [
  key(
    'cmp_l',
    (s) => (s.left.length ? encodeValue(writeFilters(s.left)) : null),
    filtersJson,
    (s, v) => (s.left = v),
  ),
  key(
    'cmp_r',
    (s) => (s.right.length ? encodeValue(writeFilters(s.right)) : null),
    filtersJson,
    (s, v) => (s.right = v),
  ),
  key(
    'cmp_all',
    (s) => (s.rightAll ? '1' : '0'),
    (t) => (t === '1' || t === 'true' ? true : t === '0' || t === 'false' ? false : bad(`expected 1 or 0, got ${describe(t)}`)),
    (s, v) => (s.rightAll = v),
  ),
  // An empty pivot means no pivot; it is not written.
  key(
    'pivot',
    (s) => (s.pivot?.length ? s.pivot.map(encodePart).join(',') : null),
    (_, raw) => readPivot(raw),
    (s, v) => (s.pivot = v),
  ),
]);

/** SQL lens: the console's query text. */
export interface SqlAddress {
  text: string;
}

export const SQL_SLOT = slot<SqlAddress>({ text: '' }, [
  key(
    'sql',
    (s) => encodeValue(s.text),
    (t) => (t.length > MAX_SQL ? bad(`longer than ${MAX_SQL} characters`) : t),
    (s, v) => (s.text = v),
  ),
]);

/** Judge board lens: the baseline model, whether strong verdicts count three times, and the judge (and its family) tested for self-preference. */
export interface JudgeBoardAddress {
  baseline: string | null;
  /** Count a strong verdict (A>>B) three times, arena-hard's default; only where the file has strong verdicts. */
  strong: boolean;
  judge: string | null;
  /** The judge's model family as typed; null: guessed from the judge's name. */
  family: string | null;
}

const modelName = (t: string) => (t === '' || t.length > MAX_MODEL_NAME ? bad(`expected a model name, got ${describe(t)}`) : t);

export const JUDGEBOARD_SLOT = slot<JudgeBoardAddress>({ baseline: null, strong: true, judge: null, family: null }, [
  key(
    'jb_base',
    (s) => (s.baseline ? encodeValue(s.baseline) : null),
    modelName,
    (s, v) => (s.baseline = v),
  ),
  key(
    'jb_strong',
    (s) => (s.strong ? null : '1x'),
    (t) => (t === '1x' ? false : t === '3x' ? true : bad(`expected 1x or 3x, got ${describe(t)}`)),
    (s, v) => (s.strong = v),
  ),
  key(
    'jb_judge',
    (s) => (s.judge ? encodeValue(s.judge) : null),
    modelName,
    (s, v) => (s.judge = v),
  ),
  key(
    'jb_family',
    (s) => (s.family !== null ? encodeValue(s.family) : null),
    (t) => (t.length > 100 ? bad(`expected a family of at most 100 characters, got ${describe(t)}`) : t),
    (s, v) => (s.family = v),
  ),
]);

function readMatrixMode(text: string, known?: readonly string[]): string | Bad {
  if (known) return known.includes(text) ? text : bad(`expected one of ${known.join(', ')}, got ${describe(text)}`);
  return /^[a-z][a-z-]{0,30}$/.test(text) ? text : bad(`expected a matrix mode, got ${describe(text)}`);
}

/** Splits on the literal ',' before decoding, so a %2C inside an item stays in the item. */
function splitList(raw: string): string[] | null {
  const items = raw.split(',').map(decodeText);
  return items.includes(null) ? null : (items as string[]);
}

function readPair(raw: string): [string, string] | Bad {
  const items = splitList(raw);
  if (!items || items.length !== 2 || items.some((m) => m.length > MAX_MODEL_NAME)) {
    return bad(`expected two model names separated by ",", got ${describe(decodeText(raw) ?? raw)}`);
  }
  return [items[0], items[1]];
}

function readPivot(raw: string): string[] | Bad {
  const items = splitList(raw);
  if (!items || items.length > 4) return bad(`expected 1 to 4 names separated by ",", got ${describe(decodeText(raw) ?? raw)}`);
  const bads = items.map((n) => readName(n, 'each name'));
  return (bads.find((b) => b instanceof Bad) as Bad | undefined) ?? items;
}

/** Audit lens: the voter checks' cap per voter and the outlier test's family-wise error rate. */
export interface AuditAddress {
  voterCap: number;
  voterAlpha: number;
}

/** The outlier test's levels on offer (the address holds one of them). */
export const VOTER_ALPHAS = [0.1, 0.05, 0.01, 0.001] as const;
export const DEFAULT_VOTER_CAP = 100;

export const AUDIT_SLOT = slot<AuditAddress>({ voterCap: DEFAULT_VOTER_CAP, voterAlpha: 0.05 }, [
  key(
    'voter_cap',
    (s) => (s.voterCap === DEFAULT_VOTER_CAP ? null : String(s.voterCap)),
    (t) => readWhole(t, 1, 1_000_000_000),
    (s, v) => (s.voterCap = v),
  ),
  key(
    'voter_alpha',
    (s) => (s.voterAlpha === 0.05 ? null : String(s.voterAlpha)),
    (t) =>
      (VOTER_ALPHAS as readonly number[]).includes(Number(t))
        ? Number(t)
        : bad(`expected one of ${VOTER_ALPHAS.join(', ')}, got ${describe(t)}`),
    (s, v) => (s.voterAlpha = v),
  ),
]);

/**
 * The Topics lens: the clustering's seed, the topic chosen (its node id), the weights of your own
 * mix (one per broad topic, 0–100; null: each topic's share of the file), and a pasted prompt whose
 * nearest battles make a board: the nearest `nearK`, or all at least `nearMin` similar when set.
 */
export interface TopicsAddress {
  seed: number;
  topic: number | null;
  mix: number[] | null;
  prompt: string;
  nearK: number;
  nearMin: number | null;
}

/** Longest pasted prompt kept in the address (characters, before percent-encoding). */
export const MAX_PROMPT = 2000;
export const DEFAULT_NEAR_K = 500;
const MAX_MIX_TOPICS = 40;

const smallInt = (max: number) => (t: string) =>
  /^\d{1,6}$/.test(t) && Number(t) <= max ? Number(t) : bad(`expected a whole number up to ${max}, got ${describe(t)}`);

/** Mix weights as `30,0,12`: whole numbers 0–100, one per broad topic. */
function readMix(text: string): number[] | Bad {
  const items = text.split(',');
  if (items.length > MAX_MIX_TOPICS || !items.every((x) => /^\d{1,3}$/.test(x) && Number(x) <= 100))
    return bad(`expected up to ${MAX_MIX_TOPICS} weights from 0 to 100 separated by ",", got ${describe(text)}`);
  return items.map(Number);
}

export const TOPICS_SLOT = slot<TopicsAddress>({ seed: 1, topic: null, mix: null, prompt: '', nearK: DEFAULT_NEAR_K, nearMin: null }, [
  key(
    'tp_seed',
    (s) => (s.seed === 1 ? null : String(s.seed)),
    smallInt(999999),
    (s, v) => (s.seed = v),
  ),
  key(
    'tp_topic',
    (s) => (s.topic === null ? null : String(s.topic)),
    smallInt(9999),
    (s, v) => (s.topic = v),
  ),
  key(
    'tp_mix',
    (s) => (s.mix ? s.mix.join(',') : null),
    readMix,
    (s, v) => (s.mix = v),
  ),
  key(
    'tp_prompt',
    (s) => (s.prompt ? encodeValue(s.prompt) : null),
    (t) => (t.length > MAX_PROMPT ? bad(`expected a prompt of at most ${MAX_PROMPT} characters, got ${t.length}`) : t),
    (s, v) => (s.prompt = v),
  ),
  key(
    'tp_k',
    (s) => (s.nearK === DEFAULT_NEAR_K ? null : String(s.nearK)),
    (t) => {
      const k = smallInt(100000)(t);
      return k instanceof Bad || k >= 1 ? k : bad(`expected a whole number from 1 to 100000, got ${describe(t)}`);
    },
    (s, v) => (s.nearK = v),
  ),
  key(
    'tp_sim',
    (s) => (s.nearMin === null ? null : String(s.nearMin)),
    (t) =>
      /^(0(\.\d{1,3})?|1(\.0{1,3})?)$/.test(t)
        ? Number(t)
        : bad(`expected a similarity from 0 to 1 (up to 3 decimals), got ${describe(t)}`),
    (s, v) => (s.nearMin = v),
  ),
]);

/** Style & controls lens: the covariates chosen for the controlled board, as `rank --control` writes them. */
export interface StyleAddress {
  controls: string[];
}

export const MAX_CONTROLS = 12;
const MAX_CONTROL_TEXT = 300;

export const STYLE_SLOT = slot<StyleAddress>({ controls: [] }, [
  key(
    'ctl',
    (s) => (s.controls.length ? s.controls.map(encodePart).join(',') : null),
    (_, raw) => readControlList(raw),
    (s, v) => (s.controls = v),
  ),
]);

function readControlList(raw: string): string[] | Bad {
  const items = splitList(raw);
  if (!items || items.length > MAX_CONTROLS)
    return bad(`expected 1 to ${MAX_CONTROLS} controls separated by ",", got ${describe(decodeText(raw) ?? raw)}`);
  const wrong = items.find((t) => t.length > MAX_CONTROL_TEXT || parseControl(t) === null);
  return wrong === undefined ? items : bad(`expected a control (seat, COLUMN, COLUMN=VALUE or A - B), got ${describe(wrong)}`);
}
