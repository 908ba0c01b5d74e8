/**
 * Copies a JSONL file without its malformed lines, so DuckDB can read the rest: the page's rule
 * (src/io/load-json.ts) that a bad line is set aside and counted, never a row of NULLs.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { Malformed } from '../read-file.ts';

export interface CleanCopy {
  path: string;
  malformed: Malformed[];
  remove: () => Promise<void>;
}

export async function withoutMalformedLines(file: string): Promise<CleanCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'arena-lens-jsonl-'));
  const path = join(dir, 'clean.jsonl');
  const out = createWriteStream(path);
  const malformed: Malformed[] = [];
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line++;
    if (text.trim() === '') continue;
    const reason = problem(text);
    if (reason) malformed.push({ file, line, reason, text: text.slice(0, 500) });
    else if (!out.write(text + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { path, malformed, remove: () => rm(dir, { recursive: true, force: true }) };
}

function problem(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? null : 'line is not a JSON object';
  } catch (error) {
    return (error as Error).message.split('\n')[0].slice(0, 200);
  }
}
