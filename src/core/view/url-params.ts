/**
 * The low level of the view codec: splitting an address into parameters, percent-encoding, and
 * the small vocabulary (Bad, describe) every reader uses to refuse a value with a readable reason.
 * Nothing here throws.
 */

export interface DecodeOptions {
  /** Lens ids the page knows; without it any lowercase word of at most 20 letters is accepted. */
  lenses?: readonly string[];
  /** Sample ids the page ships; without it any lowercase id of letters, digits and '-' is accepted. */
  samples?: readonly string[];
  /** Matrix modes the page draws; without it any lowercase id of letters and '-' is accepted. */
  matrixModes?: readonly string[];
}

/** One `key=value` pair as it sits in the address; the value stays raw until a reader decodes it. */
export interface Param {
  key: string;
  raw: string;
}

/** Longest model name accepted in a parameter (anchor, pair). */
export const MAX_MODEL_NAME = 1000;

/** Longest raw parameter accepted (characters in the address, i.e. after percent-encoding). */
export const MAX_PARAM_CHARS = 8192;

/** Why a value was refused; a reader returns this instead of throwing. */
export class Bad {
  constructor(readonly why: string) {}
}
export const bad = (why: string): Bad => new Bad(why);

/** Splits `?a=1&b=2` or `#a=1` (leading mark optional) into parameters, in order, duplicates kept. */
export function parseParams(text: string): Param[] {
  const body = text.replace(/^[?#]/, '');
  const out: Param[] = [];
  if (body === '') return out;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    out.push({ key: decodeText(rawKey) ?? rawKey, raw: eq < 0 ? '' : part.slice(eq + 1) });
  }
  return out;
}

/**
 * Form decoding, as URLSearchParams does it ('+' is a space), but reporting malformed escapes
 * (`%E0%A4%A`) as null instead of passing them through, so a mangled link is noticed.
 */
export function decodeText(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

// A lone surrogate makes encodeURIComponent throw; no text read from a file contains one (the
// decoders replace them), so writing U+FFFD instead loses nothing real.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Strict percent-encoding: only letters, digits and `-_.~` stay literal. For list items. */
export function encodePart(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Readable percent-encoding for whole values: `: / @ , ?` are legal in a query (RFC 3986) and
 * keep `src=https://host/file.parquet` legible. `'()!*` stay escaped because chat apps and
 * Markdown linkifiers cut links at them; `& = + # %` and spaces must be escaped anyway.
 */
export function encodeValue(text: string): string {
  return encodePart(text).replace(/%(3A|2F|40|2C|3F)/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A value quoted for a note, cut short so a hostile megabyte does not end up on screen. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const cut = (t: string) => (t.length > 40 ? `${t.slice(0, 40)}…` : t);
  if (typeof value === 'string') return JSON.stringify(cut(value));
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeof value;
  }
  return cut(text);
}

/** A plain JSON object (not an array, not null); JSON.parse never yields anything else. */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Refuses fields the format does not have. This is also what stops `{"__proto__": …}`: JSON.parse
 * makes it an own key, and the readers copy known fields into fresh objects, never the input.
 */
export function unexpectedField(x: Record<string, unknown>, allowed: readonly string[]): Bad | null {
  const extra = Object.keys(x).find((k) => !allowed.includes(k));
  return extra === undefined ? null : bad(`unexpected field ${describe(extra)}`);
}

/** A name from a user's file (column, struct field): non-empty, at most 200 characters. */
export function readName(x: unknown, what: string): string | Bad {
  if (typeof x !== 'string' || x === '' || x.length > 200) {
    return bad(`${what} must be a name of 1 to 200 characters, got ${describe(x)}`);
  }
  return x;
}

/** A column or a field inside nested structs: 1 to 4 names. */
export function readPath(x: unknown): string[] | Bad {
  if (!Array.isArray(x) || x.length === 0 || x.length > 4) {
    return bad(`path must be a list of 1 to 4 names, got ${describe(x)}`);
  }
  const out: string[] = [];
  for (const p of x) {
    const name = readName(p, 'each path part');
    if (name instanceof Bad) return name;
    out.push(name);
  }
  return out;
}

/** `^\d+$` within [min, max]: no signs, exponents or fractions, so `1e309` and `-5` are refused. */
export function readWhole(text: string, min: number, max: number): number | Bad {
  const n = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) return bad(`expected a whole number from ${min} to ${max}, got ${describe(text)}`);
  return n;
}

/** A finite decimal number as String(number) writes it (`-1.5`, `1e-7`, `1e+21`); no hex, no blanks. */
export function readFinite(text: string): number | Bad {
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) return bad(`expected a finite number, got ${describe(text)}`);
  return n;
}
