/**
 * The command line's twin of a board made with a hand-made column mapping: `npm run rank` on the
 * same file with the page's map= as --map (cli/lib/map-option.ts reads it), for a script or a CI job.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import { writeMapping } from '../view/url-mapping.ts';

/** `text` as one POSIX shell word: as it is when plain, else single-quoted (a quote inside as '\''). */
export function shellWord(text: string): string {
  if (/^[\w./:=@,+-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `npm run rank -- FILE --map MAPPING`: the page's rating of `file` through `mapping`, on native DuckDB. */
export function rankCommand(file: string, mapping: ColumnMapping): string {
  return `npm run rank -- ${shellWord(file)} --map ${shellWord(writeMapping(mapping))}`;
}
