/**
 * Labels that fit: model names shortened from the middle (so the version or date suffix that tells
 * `claude-3-5-sonnet-20240620` from `claude-3-5-sonnet-20241022` stays visible), and margins sized
 * from the longest label rather than a guess. Widths are estimated from character classes of a
 * system sans-serif; the page measures the drawn chart afterwards and widens a margin that is
 * still short (components/plot-fit.ts), so an estimate only has to be close.
 */

// Dots stay inside a part: "v0.1" and "1.5" are versions, not two parts.
const SEPARATOR = /[-_/:@ ]/;

/**
 * `name` cut to at most `max` characters by dropping its middle. The tail is whole trailing parts
 * (split at - _ / : @ and spaces) of about a third of the room — the version, date or size that
 * tells two models of one family apart — and the head keeps the family name.
 */
export function middleTruncate(name: string, max = 24): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  if (max <= 1) return '…';
  const room = max - 1;
  const minHead = Math.min(room - 1, Math.max(3, Math.ceil(room * 0.4)));
  // Lengths of the suffixes that start at a separator, shortest first.
  const suffixes: number[] = [];
  for (let i = chars.length - 1; i > 0; i--) if (SEPARATOR.test(chars[i])) suffixes.push(chars.length - i);
  const fitting = suffixes.filter((n) => n <= room - minHead);
  const tail = fitting.length
    ? (fitting.find((n) => n >= Math.floor(room / 3)) ?? fitting[fitting.length - 1])
    : suffixes.length
      ? room - minHead
      : Math.floor(room / 2);
  const head = chars
    .slice(0, room - tail)
    .join('')
    .replace(/[-_/:@ ]+$/, '');
  return `${head}…${chars.slice(chars.length - tail).join('')}`;
}

// Advance widths in hundredths of an em, measured on DejaVu Sans (what system-ui falls back to on
// Linux, and wider than Roboto or Segoe UI, so estimates err wide). Other characters: 0.64 em, and a
// full em for CJK and emoji.
const ADVANCE: Record<string, number> = Object.fromEntries(
  [
    ['abcdeghnopqu', 62],
    ['f', 35],
    ['ij l', 28],
    ['k', 58],
    ['m', 97],
    ['r', 41],
    ['s', 52],
    ['t', 39],
    ['vxy', 59],
    ['w', 82],
    ['z', 52],
    ['ABCDEFGHJKLMNOPQRSTUVWXYZ', 70],
    ['I', 29],
    ['MW', 95],
    ['0123456789', 64],
    ['-', 36],
    ['_', 50],
    ['.,:;', 32],
    ['/', 34],
    ['()[]{}', 39],
    ['\'"!|', 30],
    ['…', 100],
    ['@%&', 100],
  ].flatMap(([chars, width]) => [...(chars as string)].map((c) => [c, (width as number) / 100])),
);
function charEm(c: string): number {
  return ADVANCE[c] ?? (c.charCodeAt(0) >= 0x2e80 ? 1.05 : 0.64);
}

/** Estimated width in pixels of `text` set at `fontSize` pixels. */
export function textWidth(text: string, fontSize = 11): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * fontSize;
}

export interface MarginOptions {
  fontSize?: number;
  /** Space between the label and the plot area (tick and padding), in pixels. */
  gap?: number;
  min?: number;
  max?: number;
}

/** A margin wide enough for the longest of `labels` (as drawn, i.e. already shortened). */
export function labelMargin(labels: Iterable<string>, options: MarginOptions = {}): number {
  const { fontSize = 11, gap = 12, min = 30, max = 320 } = options;
  let widest = 0;
  for (const label of labels) widest = Math.max(widest, textWidth(label, fontSize));
  return Math.round(Math.min(max, Math.max(min, widest + gap)));
}
