/**
 * `npm run bench`: builds the page, then prints every figure the issues ask for — rating engine and
 * headless `rank` in Node, load and leaderboard timings in Chromium. Figures only; nothing asserted.
 */
import { execSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { BATTLES, main as rankBench } from './rank.bench.ts';
import { runBrowserBench } from './browser.bench.ts';
import { runScaleBench } from './scale.bench.ts';
import { runTopicsBench } from './topics.bench.ts';
import { runFastChatBench } from './fastchat.bench.ts';

const ROOT = resolve(import.meta.dirname, '../..');
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
// Its own build folder, so a build running elsewhere cannot change the page mid-measurement.
execSync('npx vite build --logLevel warn --outDir test/bench/.out/dist --emptyOutDir', { cwd: ROOT, stdio: 'inherit' });
// The command line compiled ahead, as `npm ci` leaves it: the timed commands never transpile.
execSync('node src/cli/bin/build-cli.mjs', { cwd: ROOT, stdio: 'inherit' });
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
await rankBench();
await runFastChatBench();
await runBrowserBench(console.log, BATTLES);
await runScaleBench();
runTopicsBench();
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
