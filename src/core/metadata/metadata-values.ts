/**
 * One value of a model-details file read as what its field holds. Empty is "not given" (null);
 * anything else that cannot be read is a Bad value, counted and shown by the caller, never dropped
 * silently.
 */

export class BadValue {
  constructor(readonly why: string) {}
}

const blank = (x: unknown) =>
  x === null || x === undefined || (typeof x === 'string' && /^\s*(|-|—|n\/?a|null|none|unknown|\?)\s*$/i.test(x));

export function readText(x: unknown): string | null | BadValue {
  if (blank(x)) return null;
  if (typeof x === 'string') return x.trim();
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return new BadValue('not text');
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'open', 'openweights', 'open weights', 'open-weights', 't']);
const FALSE = new Set(['false', 'no', 'n', '0', 'closed', 'proprietary', 'api', 'f']);

export function readBoolean(x: unknown): boolean | null | BadValue {
  if (blank(x)) return null;
  if (typeof x === 'boolean') return x;
  if (x === 1 || x === 0) return x === 1;
  const t = typeof x === 'string' ? x.trim().toLowerCase() : null;
  if (t !== null && TRUE.has(t)) return true;
  if (t !== null && FALSE.has(t)) return false;
  return new BadValue('expected yes/no, true/false or 1/0');
}

/** A price in dollars per million tokens: "2.5", "$2.50", "0.15 USD"; never negative. */
export function readPrice(x: unknown): number | null | BadValue {
  if (blank(x)) return null;
  if (typeof x === 'number') return Number.isFinite(x) && x >= 0 ? x : new BadValue('not a price');
  const m = typeof x === 'string' ? /^\s*\$?\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:usd|\$)?\s*$/i.exec(x) : null;
  return m ? Number(m[1]) : new BadValue('not a number');
}

/** Parameters in billions: "70", "70B", "1.8T", "350M", "8x7B" (56), or a plain count over a million. */
export function readParameters(x: unknown): number | null | BadValue {
  if (blank(x)) return null;
  if (typeof x === 'number') return Number.isFinite(x) && x > 0 ? (x >= 1e6 ? x / 1e9 : x) : new BadValue('not a size');
  const m = typeof x === 'string' ? /^\s*(?:(\d+)\s*x\s*)?(\d+(?:\.\d*)?|\.\d+)\s*([kmbt])?\s*$/i.exec(x) : null;
  if (!m) return new BadValue('not a number of parameters');
  const times = m[1] ? Number(m[1]) : 1;
  const value = Number(m[2]) * times;
  const unit = (m[3] ?? '').toLowerCase();
  if (!(value > 0)) return new BadValue('not a size');
  const billions =
    unit === 't'
      ? value * 1000
      : unit === 'b'
        ? value
        : unit === 'm'
          ? value / 1000
          : unit === 'k'
            ? value / 1e6
            : value >= 1e6
              ? value / 1e9
              : value;
  return billions;
}

/** A date as YYYY-MM-DD: "2024-05-13", "2024/05/13", "2024-05" (the 1st), "2024" (1 January). */
export function readDate(x: unknown): string | null | BadValue {
  if (blank(x)) return null;
  const t = typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isInteger(x) ? String(x) : null;
  const m = t === null ? null : /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?(?:[T ][\d:.]+Z?)?$/.exec(t);
  if (!m) return new BadValue('not a date (expected YYYY-MM-DD)');
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900 || y > 2200) {
    return new BadValue('not a calendar date');
  }
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
