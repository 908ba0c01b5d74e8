/**
 * A small delimited text file as records: RFC 4180 quoting ("" inside quotes, line breaks in
 * quoted fields), a byte-order mark dropped, the delimiter (comma, semicolon or tab) chosen by the
 * header line. Meant for files of a few hundred lines (a model list), not for the votes.
 */

export interface TextRecords {
  columns: string[];
  /** One object per data line, by column; `line` is the line the record starts on (1 = the header). */
  rows: { line: number; values: Record<string, string> }[];
}

function pickDelimiter(header: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: header.split(d).length }));
  counts.sort((x, y) => y.n - x.n);
  return counts[0].n > 1 ? counts[0].d : ',';
}

/**
 * The records of delimited text, RFC 4180 quoting ("" inside quotes is a quote, a quoted field may
 * hold line breaks), each with the line it starts on; at most `limit` of them. Empty lines are records
 * of one empty field.
 */
export function delimitedRecords(text: string, delimiter: string, limit = Infinity): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      line++;
      start = line;
    } else field += c;
  }
  if (records.length < limit && (field !== '' || fields.length)) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return records;
}

export function parseDelimited(text: string): TextRecords {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = pickDelimiter(body.split(/\r?\n/, 1)[0] ?? '');
  const lines = delimitedRecords(body, delimiter);
  const nonEmpty = lines.filter((l) => l.fields.some((f) => f.trim() !== ''));
  const header = nonEmpty.shift();
  const columns = (header?.fields ?? []).map((c) => c.trim());
  return {
    columns,
    rows: nonEmpty.map((l) => ({
      line: l.line,
      values: Object.fromEntries(columns.map((c, k) => [c, l.fields[k] ?? ''])),
    })),
  };
}
