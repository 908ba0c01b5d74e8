/**
 * Matching model names across two files written by different people: "GPT-4o_latest" and
 * "gpt-4o-latest" are the same model. A name's key keeps only its letters and digits, lower-cased
 * (after Unicode compatibility folding), so case, dashes, underscores, dots, slashes and spaces never
 * decide a match; the nearest keys (edit distance) are offered for names that still do not match.
 */

export function modelKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Levenshtein distance, two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * Up to `count` candidates nearest to `name` by the edit distance of their keys, closest first;
 * a candidate further than half the longer key is no suggestion. One key containing the other
 * ("gpt4o" in "gpt4o20240513", four characters or more) counts as near.
 */
export function nearestNames(name: string, candidates: readonly string[], count = 3): string[] {
  const key = modelKey(name);
  const scored: { name: string; distance: number }[] = [];
  for (const candidate of candidates) {
    const other = modelKey(candidate);
    if (!other || !key) continue;
    const contained = Math.min(key.length, other.length) >= 4 && (other.includes(key) || key.includes(other));
    const distance = contained ? Math.abs(other.length - key.length) / 4 : editDistance(key, other);
    if (contained || distance <= Math.max(key.length, other.length) / 2) scored.push({ name: candidate, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, count).map((s) => s.name);
}
