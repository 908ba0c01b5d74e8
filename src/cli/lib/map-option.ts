/**
 * --map: a column mapping for a file no preset knows (or to read one another way), in the form the
 * page's link carries it (`map=` of the address, core/view/url-mapping.ts): its JSON, or the whole
 * link copied from the page after its mapping form.
 */
import type { ColumnMapping } from '../../core/schema/mapping.ts';
import { readMapping } from '../../core/view/url-mapping.ts';
import { Bad, decodeText, parseParams } from '../../core/view/url-params.ts';
import { UsageError } from './errors.ts';

export const MAP_USAGE = `  --map MAPPING          the columns' roles, for a file no preset knows: the page's map= (its JSON, or the
                         whole link copied after the mapping form), e.g.
                         '{"a":"left_model","b":"right_model","w":{"col":"pref","labels":{"left":"a","right":"b","same":"tie"}}}'
                         (a side: a column; w: {"col", "labels": value → a|b|tie|both_bad}, or {"onehot":
                         {"a","b","tie"}}, or {"votes": [columns], "labels"}; "n": a votes-per-row column)`;

/** The mapping `--map` names, or undefined without it; a UsageError says what is wrong with it. */
export function mapOption(value: string | undefined): ColumnMapping | undefined {
  if (value === undefined) return undefined;
  const text = fromLink(value.trim()) ?? value;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--map takes the mapping's JSON or a link with map=, got "${value.slice(0, 80)}"`);
  }
  const mapping = readMapping(json);
  if (mapping instanceof Bad) throw new UsageError(`--map: ${mapping.why}`);
  return mapping;
}

/** The map= of a link (its query or its fragment, as the page reads either), or null when `text` is not a link. */
function fromLink(text: string): string | null {
  if (text.startsWith('{')) return null;
  const at = text.search(/[?#]/);
  if (at < 0) return null;
  for (const part of text.slice(at).split('#')) {
    const found = parseParams(part.replace(/^\?/, '')).find((p) => p.key === 'map');
    if (found) return decodeText(found.raw) ?? found.raw;
  }
  return null;
}
