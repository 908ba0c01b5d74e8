/**
 * `npm run rank` / `npm run aggregate`: runs the command compiled ahead of time (build/cli/<name>.mjs,
 * see build-cli.mjs), exactly as `node build/cli/<name>.mjs ARGS` would. Only when the build is
 * missing or older than a source it came from is it rebuilt first (once, about a second).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS, OUT, buildCli, cliStale } from './build-cli.mjs';

const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  console.error(`usage: node src/cli/bin/launch.mjs ${COMMANDS.join('|')} [ARGS]`);
  process.exit(2);
}
if (cliStale()) await buildCli();
const entry = join(OUT, `${command}.mjs`);
// The command checks it is the process entry (cli/lib/run.ts isEntry): it is, as far as it can tell.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
