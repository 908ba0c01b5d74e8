/** Number formats shared by tables and tooltips: one place decides precision. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const fmtInt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : integer.format(x));
export const fmtRating = (x: number | null | undefined) => (x === null || x === undefined ? '—' : one.format(x));
export const fmtPct = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(digits)}%`);
/** A result table's cell as text: numbers to four decimals at most, objects as JSON, nothing for null. */
export const fmtCell = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? v.toLocaleString('en-US', { maximumFractionDigits: 4 })
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
export const fmtSigned = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
/** Bytes as people read them: 812 B, 14.2 kB, 3.4 MB (powers of 1000, as the Hub shows sizes). */
export const fmtBytes = (x: number) =>
  x < 1000 ? `${x} B` : x < 1e6 ? `${(x / 1e3).toFixed(1)} kB` : x < 1e9 ? `${(x / 1e6).toFixed(1)} MB` : `${(x / 1e9).toFixed(2)} GB`;

/** The status line while a source loads: its name, the step, and for remote data the shard and bytes. */
/**
 * What the leaderboard shown during a load stands for: counted from part of the file (provisional,
 * with the share read) or from all of it while DuckDB still loads the file for slices.
 */
export function countingNote(provisional: number | null, whole: boolean): string {
  if (provisional !== null) return ` · leaderboard provisional: ${Math.min(99, Math.floor(100 * provisional))}% of the file read`;
  return whole ? ' · leaderboard of the whole file; filters and lenses once it is loaded' : '';
}

export function loadingLabel(
  source: string,
  step: string,
  progress: { shard?: { index: number; count: number }; bytes?: number } | null,
): string {
  const parts = [
    progress?.shard ? `shard ${progress.shard.index} of ${progress.shard.count}` : '',
    progress?.bytes ? `${fmtBytes(progress.bytes)} read` : '',
  ];
  const detail = parts.filter(Boolean).join(', ');
  return `${source}: ${step}${detail ? ` (${detail})` : ''}…`;
}
