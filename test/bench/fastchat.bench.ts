/**
 * `rank --bootstrap 1000` beside FastChat's own `compute_bootstrap_bt` with 100 rounds, on the same
 * 1.67M battles, run alternately so both see the same machine: `npx tsx test/bench/fastchat.bench.ts`.
 *
 * FastChat is not part of this project. Point FASTCHAT_RATING_SYSTEMS at
 * fastchat/serve/monitor/rating_systems.py in a checkout of lm-sys/FastChat (Apache-2.0); its
 * Python needs pandas, scipy and tqdm (Debian: apt-get install python3-pandas python3-scipy
 * python3-tqdm; FASTCHAT_PYTHON names another interpreter). Without them the bench says so and skips. FastChat is timed on a dataframe already
 * read (as its leaderboard job holds it); our figure is the whole command, file read included.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { isEntry } from '../../src/cli/lib/run.ts';
import { BATTLES, buildBattlesFile, timeCommand } from './rank.bench.ts';
import { ROOT } from '../fixtures/paths.ts';

const RUNS = 3;
const OUR_ROUNDS = 1000;
const FASTCHAT_ROUNDS = 100;
const CSV = BATTLES.replace(/\.parquet$/, '.csv');
/** The Python that has pandas, scipy and tqdm (FASTCHAT_PYTHON, else python3 on the path). */
const PYTHON = process.env.FASTCHAT_PYTHON ?? 'python3';

interface FastChatRun {
  rows: number;
  point_s: number;
  bootstrap_s: number;
  top: string;
}

/** Why the side-by-side cannot run here, or null when it can. */
function missing(script: string | undefined): string | null {
  if (!script) return 'FASTCHAT_RATING_SYSTEMS is not set';
  if (!existsSync(script)) return `${script} does not exist`;
  try {
    execFileSync(PYTHON, ['-c', 'import pandas, scipy, tqdm'], { stdio: 'ignore' });
  } catch {
    return `${PYTHON} with pandas, scipy and tqdm is not installed`;
  }
  return null;
}

async function writeCsv(): Promise<void> {
  if (existsSync(CSV)) return;
  const db = await createNodeConnector();
  try {
    await db.query(`COPY (SELECT model_a, model_b, winner FROM read_parquet($1)) TO $2 (FORMAT csv, HEADER)`, [BATTLES, CSV]);
  } finally {
    db.close();
  }
}

function runFastChat(script: string): FastChatRun {
  const out = execFileSync(PYTHON, [join(ROOT, 'test/bench/fastchat_bt.py'), script, CSV, String(FASTCHAT_ROUNDS)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as FastChatRun;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runFastChatBench(log: (line: string) => void = console.log): Promise<void> {
  const script = process.env.FASTCHAT_RATING_SYSTEMS;
  const why = missing(script);
  if (why) {
    log(`FastChat side by side: skipped (${why}; see test/bench/fastchat.bench.ts)`);
    return;
  }
  await buildBattlesFile();
  await writeCsv();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const ours: number[] = [];
  // The same command without npm's launcher (~0.15 s of npm's own start): what `node build/cli/rank.mjs` costs.
  const oursNode: number[] = [];
  const theirs: number[] = [];
  const theirsPoint: number[] = [];
  const ratios: number[] = [];
  log(`FastChat side by side: ${RUNS} alternating runs (load average ${loadavg()[0].toFixed(2)}) …`);
  for (let k = 0; k < RUNS; k++) {
    const mine = await timeCommand(npm, ['run', '--silent', 'rank', '--', BATTLES, '--bootstrap', String(OUR_ROUNDS), '--json']);
    const direct = await timeCommand(process.execPath, [
      join(ROOT, 'build/cli/rank.mjs'),
      BATTLES,
      '--bootstrap',
      String(OUR_ROUNDS),
      '--json',
    ]);
    oursNode.push(direct);
    const started = performance.now();
    const run = runFastChat(script!);
    const wall = performance.now() - started;
    ours.push(mine);
    theirs.push(run.bootstrap_s * 1000);
    theirsPoint.push(run.point_s * 1000);
    ratios.push(mine / (run.bootstrap_s * 1000));
    log(
      `  run ${k + 1}: rank --bootstrap ${OUR_ROUNDS} ${s(mine)} (node build/cli/rank.mjs ${s(direct)}); FastChat compute_bootstrap_bt(${FASTCHAT_ROUNDS}) ${s(run.bootstrap_s * 1000)}, ` +
        `compute_bt ${s(run.point_s * 1000)} (python ${s(wall)} with reading ${run.rows.toLocaleString('en')} rows; its #1: ${run.top})`,
    );
  }
  log(
    `FastChat side by side (medians of ${RUNS}): rank --bootstrap ${OUR_ROUNDS}, whole command ${s(median(ours))}, ` +
      `without npm's launcher ${s(median(oursNode))} (${(median(oursNode) / median(theirs)).toFixed(3)}×); ` +
      `FastChat compute_bootstrap_bt ${FASTCHAT_ROUNDS} rounds ${s(median(theirs))}, compute_bt ${s(median(theirsPoint))}; ` +
      `ratio ${median(ratios).toFixed(3)}× (runs ${ratios.map((r) => r.toFixed(3)).join(', ')}); load average ${loadavg()[0].toFixed(2)}`,
  );
}

if (isEntry(import.meta.url)) await runFastChatBench();
