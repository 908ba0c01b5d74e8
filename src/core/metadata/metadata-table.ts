/**
 * A model-details file (CSV, TSV, JSON array of objects, JSON object by model name, or JSON lines)
 * read into one record per model. Columns are recognised by name (metadata-columns.ts); each value
 * that cannot be read is counted per column with its first examples, and a repeated model (same
 * key) keeps its first row and lists the others. Nothing is dropped without being counted.
 */
import { parseDelimited } from './csv-records.ts';
import { FIELD_LABELS, recogniseColumns, type MetaField } from './metadata-columns.ts';
import { BadValue, readBoolean, readDate, readParameters, readPrice, readText } from './metadata-values.ts';
import { modelKey } from './model-key.ts';

export interface ModelMeta {
  name: string;
  organisation: string | null;
  licence: string | null;
  openWeights: boolean | null;
  /** US dollars per million tokens. */
  price: number | null;
  /** YYYY-MM-DD. */
  released: string | null;
  /** Billions. */
  parameters: number | null;
  /** Where it is in the file: the line of a CSV, the item (from 1) of JSON. */
  line: number;
}

export interface BadColumn {
  field: MetaField;
  column: string;
  count: number;
  /** The first few, as written. */
  examples: { line: number; value: string; why: string }[];
}

export interface MetadataTable {
  fileName: string;
  models: ModelMeta[];
  /** The file's column for each field it has. */
  roles: Partial<Record<MetaField, string>>;
  unused: string[];
  bad: BadColumn[];
  /** Rows without a model name (their lines). */
  unnamed: number[];
  /** Later rows naming a model already given (same key): not used. */
  repeated: { name: string; line: number; first: string }[];
}

const MAX_MODELS = 20_000;
const EXAMPLES = 3;

interface RawRecords {
  columns: string[];
  rows: { line: number; values: Record<string, unknown> }[];
}

function jsonRecords(value: unknown): RawRecords {
  let items: { line: number; values: Record<string, unknown> }[];
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (Array.isArray(value)) {
    const bad = value.findIndex((x) => !isObject(x));
    if (bad >= 0) throw new Error(`item ${bad + 1} of the JSON array is not an object with the model's details`);
    items = value.map((x, k) => ({ line: k + 1, values: x as Record<string, unknown> }));
  } else if (isObject(value)) {
    // { "gpt-4o": { "organisation": … }, … }: the key is the model's name.
    const wrapped = Object.values(value).length > 0 && Object.values(value).every(isObject);
    if (!wrapped) throw new Error('expected a JSON array of objects, or an object of one object per model name');
    items = Object.entries(value).map(([name, x], k) => ({ line: k + 1, values: { model: name, ...(x as Record<string, unknown>) } }));
  } else throw new Error('expected a JSON array of objects, or an object of one object per model name');
  const columns: string[] = [];
  for (const item of items) for (const c of Object.keys(item.values)) if (!columns.includes(c)) columns.push(c);
  return { columns, rows: items };
}

function jsonLines(text: string, fileName: string): RawRecords {
  const values = text.split(/\r?\n/).flatMap((l, k) => {
    if (!l.trim()) return [];
    try {
      return [JSON.parse(l) as unknown];
    } catch {
      throw new Error(`${fileName}, line ${k + 1}: not valid JSON`);
    }
  });
  return jsonRecords(values);
}

function records(text: string, fileName: string): RawRecords {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (/\.(jsonl|ndjson)$/i.test(fileName)) return jsonLines(trimmed, fileName);
  if (/\.(csv|tsv|txt)$/i.test(fileName) || !(trimmed.startsWith('{') || trimmed.startsWith('['))) return parseDelimited(text);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    // Several objects, one a line, in a file not named .jsonl.
    if (trimmed.startsWith('{')) return jsonLines(trimmed, fileName);
    throw new Error(`${fileName} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return jsonRecords(value);
}

const READERS: Record<Exclude<MetaField, 'name'>, (x: unknown) => unknown> = {
  organisation: readText,
  licence: readText,
  openWeights: readBoolean,
  price: readPrice,
  released: readDate,
  parameters: readParameters,
};

/** Reads the file's text; throws a plain sentence when it has no model column or no rows. */
export function parseMetadata(text: string, fileName: string): MetadataTable {
  const { columns, rows } = records(text, fileName);
  const { roles, unused } = recogniseColumns(columns);
  if (!roles.name) {
    throw new Error(
      `${fileName} has no column of model names (expected one called model, name or model_name; its columns are ${columns.length ? columns.map((c) => `"${c}"`).join(', ') : 'none'})`,
    );
  }
  if (rows.length === 0) throw new Error(`${fileName} lists no model`);
  if (rows.length > MAX_MODELS) throw new Error(`${fileName} lists ${rows.length} models; at most ${MAX_MODELS} are read`);
  const bad = new Map<MetaField, BadColumn>();
  const models: ModelMeta[] = [];
  const unnamed: number[] = [];
  const repeated: MetadataTable['repeated'] = [];
  const seen = new Map<string, string>();
  for (const { line, values } of rows) {
    const name = readText(values[roles.name]);
    if (name === null || name instanceof BadValue || !modelKey(name)) {
      unnamed.push(line);
      continue;
    }
    const key = modelKey(name);
    const first = seen.get(key);
    if (first !== undefined) {
      repeated.push({ name, line, first });
      continue;
    }
    seen.set(key, name);
    const meta: ModelMeta = {
      name,
      organisation: null,
      licence: null,
      openWeights: null,
      price: null,
      released: null,
      parameters: null,
      line,
    };
    for (const field of Object.keys(READERS) as (keyof typeof READERS)[]) {
      const column = roles[field];
      if (column === undefined) continue;
      const raw = values[column];
      const value = READERS[field](raw);
      if (value instanceof BadValue) {
        const entry = bad.get(field) ?? { field, column, count: 0, examples: [] };
        entry.count++;
        if (entry.examples.length < EXAMPLES)
          entry.examples.push({ line, value: typeof raw === 'string' ? raw : JSON.stringify(raw), why: value.why });
        bad.set(field, entry);
      } else (meta as unknown as Record<string, unknown>)[field] = value;
    }
    models.push(meta);
  }
  return { fileName, models, roles, unused, bad: [...bad.values()], unnamed, repeated };
}

/** One sentence per column with values that could not be read. */
export function badValueNotes(table: MetadataTable): string[] {
  return table.bad.map(
    (b) =>
      `${b.count} ${FIELD_LABELS[b.field]} value${b.count === 1 ? '' : 's'} in column "${b.column}" could not be read (${b.examples
        .map((e) => `line ${e.line}: "${e.value}", ${e.why}`)
        .join('; ')}${b.count > b.examples.length ? '; …' : ''}); shown as not given`,
  );
}
