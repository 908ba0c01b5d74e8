/**
 * Reads a JSON array of objects or JSON lines into a DuckDB table through Arrow, lines that are not
 * objects set aside with their line numbers.
 */
import { tableFromJSON } from 'apache-arrow';
import type { Session } from './duckdb.ts';
import { COPIES } from '../core/schema/memory-estimate.ts';
import { describeTable, firstLine, LoadError, type LoadedSource, type LoadOptions, type Prepare, type Reader } from './source.ts';

export async function loadJson(
  duck: Session,
  file: File,
  format: 'json' | 'jsonl',
  table: string,
  options: LoadOptions,
  prepare: Prepare,
): Promise<Reader> {
  const text = await file.text();
  const malformed: LoadedSource['malformed'] = [];
  let records: Record<string, unknown>[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new LoadError(file.name, `not valid JSON: ${firstLine(error)}`);
    }
    if (!Array.isArray(parsed)) throw new LoadError(file.name, 'expected a JSON array of objects, found ' + typeof parsed);
    records = parsed.filter((r, i) => {
      const ok = r !== null && typeof r === 'object' && !Array.isArray(r);
      if (!ok) malformed.push({ line: i + 1, reason: 'array item is not an object', text: JSON.stringify(r).slice(0, 500) });
      return ok;
    });
  } else {
    records = [];
    const lines = text.split(/\r?\n/);
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        const value = JSON.parse(line);
        if (value && typeof value === 'object' && !Array.isArray(value)) records.push(value);
        else malformed.push({ line: i + 1, reason: 'line is not a JSON object', text: line.slice(0, 500) });
      } catch (error) {
        malformed.push({ line: i + 1, reason: firstLine(error), text: line.slice(0, 500) });
      }
    });
  }
  if (records.length === 0) throw new LoadError(file.name, 'no JSON objects found');
  let arrowTable;
  try {
    arrowTable = tableFromJSON(records);
  } catch (error) {
    throw new LoadError(file.name, `could not turn the JSON into columns: ${firstLine(error)}`);
  }
  await prepare(file.size * COPIES);
  await duck.conn.insertArrowTable(arrowTable, { name: table, create: true });
  const columns = await describeTable(duck, table);
  options.onProgress?.({ rows: records.length, totalRows: records.length });
  return {
    name: file.name,
    origin: { kind: 'file', file },
    format,
    rows: records.length,
    columns,
    loadedColumns: columns.map((c) => c.name),
    malformed: malformed.slice(0, 1000),
    malformedCount: malformed.length,
  };
}
