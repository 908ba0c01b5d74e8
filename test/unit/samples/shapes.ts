/**
 * Which published shape (test/unit/schema/shapes.ts SHAPES, written out from the dataset cards
 * independently of the generator) each sample has, and the preset the page should detect on it.
 */
import { SHAPES } from '../schema/shapes.ts';

export const SAMPLE_SHAPES: Record<string, keyof typeof SHAPES> = {
  'arena-conversations.parquet': 'lmsys-conversations',
  'lmarena-100k.parquet': 'lmarena-100k',
  'lmarena-140k.parquet': 'lmarena-140k',
  'lmarena-55k.csv': 'lmarena-55k',
  'comparag-votes.parquet': 'comparag',
  'comparia-votes.parquet': 'comparia-votes',
  'french-maxx.parquet': 'french-maxx',
  'genrm-judges.parquet': 'genrm',
  'verdicts.parquet': 'verdicts',
  'mt-bench-human.parquet': 'mt-bench',
  'mt-bench-gpt4-pair.parquet': 'mt-bench',
  'pair-counts.csv': 'pair-counts',
};

export const PRESETS: Record<string, string> = {
  'arena-conversations.parquet': 'lmsys-conversations',
  'lmarena-100k.parquet': 'lmarena',
  'lmarena-140k.parquet': 'lmarena',
  'lmarena-55k.csv': 'lmarena-55k',
  'comparag-votes.parquet': 'comparag',
  'comparia-votes.parquet': 'comparia-votes',
  'french-maxx.parquet': 'french-maxx',
  'genrm-judges.parquet': 'genrm',
  'verdicts.parquet': 'verdicts',
  'mt-bench-human.parquet': 'mt-bench',
  'mt-bench-gpt4-pair.parquet': 'mt-bench',
  'pair-counts.csv': 'pair-counts',
};

/** How DuckDB reads each file. */
export function reader(file: string, path: string): string {
  const p = `'${path.replaceAll("'", "''")}'`;
  if (file.endsWith('.csv')) return `read_csv(${p})`;
  return `read_parquet(${p})`;
}

/** DESCRIBE quotes some field names ("role", "type") and not others: compare without quotes or extra spaces. */
export function normaliseType(t: string): string {
  return t.replaceAll('"', '').replace(/\s+/g, ' ').trim();
}
