import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Io, Main } from '../../../src/cli/lib/run.ts';

export { ARENA_COUNTS, ROOT, STATIC } from '../../fixtures/paths.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Calls a command's main in-process with captured output. */
export async function run(main: Main, ...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

export interface BoardRecord {
  model: string;
  rating: number | null;
  lower: number | null;
  upper: number | null;
  rank: number | null;
  votes: number;
  group: number | null;
}

/** A fresh temporary folder for this test file, removed after it. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

export const byModel = (records: BoardRecord[]) => new Map(records.map((r) => [r.model, r]));
