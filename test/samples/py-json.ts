/**
 * JSON text as Python's json.dumps writes it (", " and ": " separators, non-ASCII as \uXXXX): the
 * form of the JSON-string columns in LMArena's releases and of the Kaggle 55k CSV.
 */
export function pyJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`pyJson: ${v} is not a JSON number`);
    return String(v);
  }
  if (typeof v === 'string') {
    return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyJson(k)}: ${pyJson(x)}`)
    .join(', ')}}`;
}
