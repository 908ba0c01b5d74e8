/**
 * Compiles the command-line tools (src/cli/rank.ts, aggregate.ts) ahead of time into build/cli/*.mjs
 * with esbuild: one ES module each, node_modules left as imports. `npm ci` runs it (prepare), and
 * src/cli/bin/launch.mjs runs it again only when a source file is newer than the build, so a command never
 * pays for transpiling TypeScript. Run directly: `node src/cli/bin/build-cli.mjs`.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const OUT = join(ROOT, 'build/cli');
export const COMMANDS = ['rank', 'aggregate'];
/** Entries the commands load at run time: rank's bootstrap helper thread (src/cli/parallel-board.ts). */
const THREADS = ['helper-thread'];
const META = join(OUT, 'inputs.json');

/** Builds every command; returns the milliseconds it took. */
export async function buildCli() {
  const start = performance.now();
  const { build } = await import('esbuild');
  rmSync(OUT, { recursive: true, force: true }); // chunks are named by content: old ones would pile up
  mkdirSync(OUT, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries([...COMMANDS, ...THREADS].map((c) => [c, `src/cli/${c}.ts`])),
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Modules loaded on demand (the Hub reader) go to chunks of their own, so a command's start skips them.
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // What the build read, so the launcher can tell when it is stale without importing esbuild.
  const inputs = [...Object.keys(result.metafile.inputs), 'package.json', 'src/cli/bin/build-cli.mjs'];
  writeFileSync(META, JSON.stringify({ inputs }, null, 1));
  return performance.now() - start;
}

/** True when a command is missing or a file it was built from changed since. */
export function cliStale() {
  let built;
  try {
    built = Math.min(...[...COMMANDS, ...THREADS].map((c) => statSync(join(OUT, `${c}.mjs`)).mtimeMs), statSync(META).mtimeMs);
  } catch {
    return true;
  }
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(META, 'utf8')).inputs;
  } catch {
    return true;
  }
  for (const input of inputs) {
    try {
      if (statSync(join(ROOT, input)).mtimeMs > built) return true;
    } catch {
      return true; // a source was deleted or renamed
    }
  }
  return false;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildCli();
  console.log(`built ${COMMANDS.map((c) => `build/cli/${c}.mjs`).join(', ')} in ${ms.toFixed(0)} ms`);
}
