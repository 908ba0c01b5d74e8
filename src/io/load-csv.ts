/**
 * Reads a CSV file into a DuckDB table with DuckDB's own reader, malformed lines set aside with their
 * line numbers; a file whose dialect DuckDB cannot sniff is read again as plain RFC 4180 text.
 */
import type { Session } from './duckdb.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { COPIES } from '../core/schema/memory-estimate.ts';
import { delimitedRecords } from '../core/metadata/csv-records.ts';
import { describeTable, firstLine, LoadError, type LoadOptions, type Prepare, type Reader } from './source.ts';

let uploads = 0;

export async function loadCsv(duck: Session, file: File, table: string, options: LoadOptions, prepare: Prepare): Promise<Reader> {
  // The registered name is ours, never the user's file name, so it is safe inside the SQL text.
  const internal = `upload-${++uploads}.csv`;
  await duck.db.registerFileHandle(internal, file, 2 /* DuckDBDataProtocol.BROWSER_FILEREADER */, true);
  options.onProgress?.({ rows: 0, totalRows: null });
  await prepare(file.size * COPIES);
  const readable = (error: unknown) => firstLine(error).replaceAll(internal, file.name);
  // store_rejects keeps its tables between reads and a clean file adds nothing to them: without
  // this, a good CSV would report the malformed lines of the CSV read before it.
  const clearRejects = () => duck.conn.query('DROP TABLE IF EXISTS reject_errors; DROP TABLE IF EXISTS reject_scans;');
  await clearRejects();
  try {
    await duck.conn.query(
      `CREATE TABLE ${quoteIdent(table)} AS SELECT * FROM read_csv('${internal}', store_rejects = true, sample_size = 20480)`,
    );
  } catch (error) {
    // One broken line (a quote that never closes) makes DuckDB's dialect sniffer give up on the
    // whole file. Read it again with the plain RFC 4180 dialect, every column as text, so the
    // sound lines load and the broken ones land in reject_errors with their line numbers.
    if (!/sniffing/i.test(firstLine(error))) throw new LoadError(file.name, `could not read it as CSV: ${readable(error)}`);
    try {
      await clearRejects();
      await loadCsvPlain(duck, file, internal, table);
    } catch (again) {
      throw new LoadError(
        file.name,
        `could not read it as CSV: ${readable(error)}; read as plain comma-separated text: ${readable(again)}`,
      );
    }
  } finally {
    await duck.db.dropFile(internal).catch(() => undefined);
  }
  const [{ rows }] = await duck.connector.query(`SELECT count(*) AS rows FROM ${quoteIdent(table)}`);
  const rejects = await duck.connector.query('SELECT line, error_message, csv_line FROM reject_errors ORDER BY line LIMIT 1000');
  const [{ total }] = await duck.connector.query('SELECT count(DISTINCT line) AS total FROM reject_errors');
  const columns = await describeTable(duck, table);
  options.onProgress?.({ rows: Number(rows), totalRows: Number(rows) });
  return {
    name: file.name,
    origin: { kind: 'file', file },
    format: 'csv',
    rows: Number(rows),
    columns,
    loadedColumns: columns.map((c) => c.name),
    malformed: rejects.map((r) => ({ line: Number(r.line), reason: String(r.error_message), text: String(r.csv_line ?? '') })),
    malformedCount: Number(total),
  };
}

/**
 * The fallback CSV read: header names taken from the first record (quoted names allowed), the
 * delimiter the one the header uses most, every column VARCHAR. The names reach SQL only through
 * quoteIdent; the read itself uses internal names c0, c1 ….
 */
async function loadCsvPlain(duck: Session, file: File, internal: string, table: string): Promise<void> {
  const head = (await file.slice(0, 1 << 16).text()).replace(/^\uFEFF/, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, headerFields(head, d).length] as const);
  const [delim] = counts.reduce((best, c) => (c[1] > best[1] ? c : best));
  const taken = new Set<string>();
  const names = headerFields(head, delim).map((raw, i) => {
    let n = raw.trim().replaceAll('\0', '') || `column${i}`;
    while (taken.has(n.toLowerCase())) n = `${n}_${i}`;
    taken.add(n.toLowerCase());
    return n;
  });
  const columns = names.map((_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  const select = names.map((n, i) => `c${i} AS ${quoteIdent(n)}`).join(', ');
  await duck.connector.query(
    `CREATE TABLE ${quoteIdent(table)} AS SELECT ${select} FROM read_csv('${internal}', store_rejects = true, ` +
      `auto_detect = false, header = false, skip = 1, delim = $1, quote = '"', escape = '"', columns = {${columns}})`,
    [delim],
  );
}

/** The fields of the first CSV record in `text` (quotes honoured, "" inside quotes is a quote). */
const headerFields = (text: string, delim: string): string[] => delimitedRecords(text, delim, 1)[0]?.fields ?? [''];
