import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../fixtures/paths.ts';

/**
 * The repository stands alone: a clone with nothing beside it must pass its tests, so no file reads
 * or cites a folder next to the checkout or reference notes that are not in it. The patterns are
 * built from pieces so this file does not match itself.
 */
const OUTSIDE = [['..', 'shared'].join('/'), ['shared', 'data'].join('/'), ['SEED', 'SCHEMAS'].join('-'), ['STACK', 'md'].join('.')];
const SCANNED = ['src', 'test', '.ci', '.github', 'README.md', 'vite.config.ts', 'package.json', 'static-data/README.md'];
const SKIPPED_DIRS = new Set(['node_modules', '.cache', '.out']);
const BINARY = /\.(parquet|wasm|png|ico|gz|zst|arrow)$/;

const mentions = (text: string) => OUTSIDE.filter((p) => text.includes(p));

function* files(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    if (!BINARY.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    yield* files(join(path, entry.name));
  }
}

describe('the repository stands alone', () => {
  it('recognises each outside path it looks for', () => {
    expect(mentions(`const x = resolve('${OUTSIDE[0]}/${OUTSIDE[1]}/counts.parquet'); // see ${OUTSIDE[3]}`)).toEqual([
      OUTSIDE[0],
      OUTSIDE[1],
      OUTSIDE[3],
    ]);
    expect(mentions('static-data/chatbot-arena-20240814-counts.parquet, test/fixtures/README.md')).toEqual([]);
  });

  it('has no file under src/, test/, .ci/ or the README that reads or cites anything outside the repository', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const top of SCANNED) {
      for (const file of files(join(ROOT, top))) {
        scanned++;
        const hit = mentions(readFileSync(file, 'utf8'));
        if (hit.length) found.push(`${relative(ROOT, file)}: ${hit.join(', ')}`);
      }
    }
    expect(scanned).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
