/**
 * Benchmark of the headless leaderboard: `npx tsx test/bench/rank.bench.ts`.
 * Expands the published Chatbot Arena counts into one row per battle (1.67M rows, a few slice
 * columns), then times the whole `npm run rank` command on it (subprocess wall time, median of 3),
 * `npm run aggregate` on it, and the point fit and 1000 bootstrap rounds alone on the 129-model
 * counts (median of 5). Prints figures; asserts nothing about time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { isEntry } from '../../src/cli/lib/run.ts';
import { buildBattles, loadAndRecognise } from '../../src/cli/lib/open-file.ts';
import { readCounts } from '../../src/core/sql/pair-counts.ts';
import { textTable } from '../../src/cli/lib/text-table.ts';
import { fitBradleyTerry } from '../../src/core/stats/bradley-terry.ts';
import { IncrementalLeaderboard } from '../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../src/core/stats/pair-counts.ts';
import { normal, seededRandom } from '../../src/core/stats/random.ts';
import { ARENA_COUNTS as COUNTS, ROOT } from '../fixtures/paths.ts';

const OUT = join(ROOT, 'test/bench/.out');
/** v2: with `anony` beside language, turn and tstamp (issue 28's file: every quick toggle it can have). */
export const BATTLES = join(OUT, 'arena-battles-20240814-v2.parquet');
const BOOTSTRAP_ROUNDS = 1000;

export interface RankBenchResult {
  battlesFile: { path: string; bytes: number; rows: number; models: number; cells: number; built: boolean };
  rankCommandMs: number[];
  aggregateCommandMs: number[];
  coldFitMs: number;
  pointFitMs: number[];
  bootstrapMs: number[];
  syntheticCells: number;
  syntheticFitMs: number[];
  syntheticBootstrapMs: number[];
}

/** One row per battle from the counts; slice columns drawn from a hash so the file is the same every time. */
export async function buildBattlesFile(): Promise<boolean> {
  if (existsSync(BATTLES)) return false;
  mkdirSync(OUT, { recursive: true });
  const db = await createNodeConnector();
  const partial = `${BATTLES}.partial`;
  try {
    await db.query(
      `COPY (
        SELECT model_a, model_b, winner,
          CAST(1714521600 + hash(model_a, model_b, winner, i) % 7776000 AS DOUBLE) AS tstamp,
          ['English', 'Chinese', 'French', 'German', 'Spanish'][1 + CAST(hash(i, model_b) % 5 AS INTEGER)] AS language,
          CAST(1 + hash(model_a, i) % 3 AS BIGINT) AS turn,
          hash(i, model_a, 5) % 10 < 7 AS anony
        FROM read_parquet($1), range(count) AS r(i)
        ORDER BY tstamp
      ) TO $2 (FORMAT parquet, COMPRESSION zstd)`,
      [COUNTS, partial],
    );
    renameSync(partial, BATTLES); // only a complete file is ever reused
  } finally {
    db.close();
  }
  return true;
}

async function describeFile(): Promise<{ rows: number; models: number; cells: number }> {
  const db = await createNodeConnector();
  try {
    const [r] = await db.query(
      `SELECT count(*) AS rows, count(DISTINCT (model_a, model_b, winner)) AS cells,
        (SELECT count(*) FROM (SELECT model_a FROM read_parquet($1) UNION SELECT model_b FROM read_parquet($1))) AS models
       FROM read_parquet($1)`,
      [BATTLES],
    );
    return { rows: Number(r.rows), models: Number(r.models), cells: Number(r.cells) };
  } finally {
    db.close();
  }
}

/** Wall time of a command run to completion, in ms; fails loudly on a non-zero exit. */
export function timeCommand(command: string, args: string[]): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code === 0) resolveTime(ms);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 500)}`));
    });
  });
}

async function repeat(times: number, run: () => Promise<number> | number): Promise<number[]> {
  const out: number[] = [];
  for (let k = 0; k < times; k++) out.push(await run());
  return out;
}

function timed(f: () => void): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

/** The counts the statistics see, through the command line's own load path. */
async function loadCounts(): Promise<PairCounts> {
  const db = await createNodeConnector();
  try {
    const opened = await loadAndRecognise(db, COUNTS);
    await buildBattles(db, opened);
    return await readCounts(db);
  } finally {
    db.close();
  }
}

export async function runRankBench(log: (line: string) => void = console.log): Promise<RankBenchResult> {
  log(existsSync(BATTLES) ? `reusing ${BATTLES}` : `building ${BATTLES} from the shared counts …`);
  const built = await buildBattlesFile();
  const file = { path: BATTLES, bytes: statSync(BATTLES).size, built, ...(await describeFile()) };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  log(`timing npm run rank (3 runs, ${BOOTSTRAP_ROUNDS} bootstrap rounds) …`);
  const rankCommandMs = await repeat(3, () =>
    timeCommand(npm, ['run', '--silent', 'rank', '--', BATTLES, '--bootstrap', String(BOOTSTRAP_ROUNDS), '--json']),
  );
  log('timing npm run aggregate (3 runs) …');
  const aggregated = join(OUT, 'arena-battles-20240814.counts.parquet');
  const aggregateCommandMs = await repeat(3, () =>
    timeCommand(npm, ['run', '--silent', 'aggregate', '--', BATTLES, aggregated, '--by', 'language']),
  );
  const counts = await loadCounts();
  log(`timing the fit and the bootstrap on ${counts.models.length} models (5 runs each) …`);
  // The first fit in a fresh process pays for compiling the code; the page's worker pays it once.
  const coldFitMs = timed(() => fitBradleyTerry(counts));
  for (let i = 0; i < 3; i++) fitBradleyTerry(counts);
  const pointFitMs = await repeat(5, () => timed(() => fitBradleyTerry(counts)));
  const bootstrapMs = await repeat(5, () => {
    const board = new IncrementalLeaderboard(counts, { bootstrapRounds: BOOTSTRAP_ROUNDS, seed: 0 });
    return timed(() => board.runRounds(Infinity));
  });
  const synthetic = simulatedCounts(250, 0.35, 90);
  log(`timing the fit and the bootstrap on ${synthetic.models.length} simulated models (5 runs each) …`);
  const syntheticFitMs = await repeat(5, () => timed(() => fitBradleyTerry(synthetic)));
  const syntheticBootstrapMs = await repeat(5, () => {
    const board = new IncrementalLeaderboard(synthetic, { bootstrapRounds: BOOTSTRAP_ROUNDS, seed: 0 });
    return timed(() => board.runRounds(Infinity));
  });
  return {
    battlesFile: file,
    rankCommandMs,
    aggregateCommandMs,
    coldFitMs,
    pointFitMs,
    bootstrapMs,
    syntheticCells: synthetic.a.length,
    syntheticFitMs,
    syntheticBootstrapMs,
  };
}

/**
 * Votes drawn from known ratings: each pair played with probability `density`, about `perPair`
 * votes each, outcomes from Bradley-Terry with 15% ties — the shape of a large real arena.
 */
function simulatedCounts(models: number, density: number, perPair: number): PairCounts {
  const random = seededRandom(250);
  const ratings = Array.from({ length: models }, () => 1000 + 120 * normal(random));
  const cells: [number, number, number, number][] = [];
  for (let i = 0; i < models; i++) {
    for (let j = i + 1; j < models; j++) {
      if (random.next() > density) continue;
      const p = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400));
      const tally = [0, 0, 0];
      for (let v = 0; v < perPair; v++) {
        const u = random.next();
        tally[u < 0.15 ? 2 : random.next() < p ? 0 : 1]++;
      }
      tally.forEach((n, outcome) => n > 0 && cells.push([i, j, outcome, n]));
    }
  }
  return {
    models: ratings.map((_, i) => `sim-${i}`),
    a: Int32Array.from(cells, (c) => c[0]),
    b: Int32Array.from(cells, (c) => c[1]),
    outcome: Uint8Array.from(cells, (c) => c[2]),
    n: Float64Array.from(cells, (c) => c[3]),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);

export function formatRankBench(r: RankBenchResult, cells: number): string {
  const f = r.battlesFile;
  const rows = [
    [
      'npm run rank -- FILE --bootstrap 1000 --json',
      `${f.rows.toLocaleString('en')} battles, ${f.models} models`,
      '3',
      ms(median(r.rankCommandMs)),
      r.rankCommandMs.map(ms).join(', '),
    ],
    [
      'npm run aggregate -- FILE OUT --by language',
      `${f.rows.toLocaleString('en')} battles`,
      '3',
      ms(median(r.aggregateCommandMs)),
      r.aggregateCommandMs.map(ms).join(', '),
    ],
    ['point fit, first in a fresh process', `${f.models} models, ${cells} cells`, '1', ms(r.coldFitMs), ms(r.coldFitMs)],
    [
      'point fit (fitBradleyTerry), warm',
      `${f.models} models, ${cells} cells`,
      '5',
      ms(median(r.pointFitMs)),
      r.pointFitMs.map(ms).join(', '),
    ],
    [
      `bootstrap, ${BOOTSTRAP_ROUNDS} rounds`,
      `${f.models} models, ${cells} cells`,
      '5',
      ms(median(r.bootstrapMs)),
      r.bootstrapMs.map(ms).join(', '),
    ],
    [
      'point fit, warm',
      `250 simulated models, ${r.syntheticCells} cells`,
      '5',
      ms(median(r.syntheticFitMs)),
      r.syntheticFitMs.map(ms).join(', '),
    ],
    [
      `bootstrap, ${BOOTSTRAP_ROUNDS} rounds`,
      `250 simulated models, ${r.syntheticCells} cells`,
      '5',
      ms(median(r.syntheticBootstrapMs)),
      r.syntheticBootstrapMs.map(ms).join(', '),
    ],
  ];
  const header =
    `battles file: ${f.path}\n  ${(f.bytes / 1e6).toFixed(1)} MB parquet, ${f.rows.toLocaleString('en')} rows, ${f.models} models, ` +
    `${f.cells.toLocaleString('en')} distinct (model_a, model_b, winner)${f.built ? ' (built now)' : ' (reused)'}\n` +
    `node ${process.version}, ${process.platform}/${process.arch}\n\n`;
  return (
    header +
    textTable(
      [
        { header: 'what', align: 'left' },
        { header: 'input', align: 'left' },
        { header: 'runs', align: 'right' },
        { header: 'median', align: 'right' },
        { header: 'all runs', align: 'left' },
      ],
      rows,
    )
  );
}

export async function main(log: (line: string) => void = console.log): Promise<RankBenchResult> {
  const result = await runRankBench(log);
  log('\n' + formatRankBench(result, (await loadCounts()).a.length));
  return result;
}

if (isEntry(import.meta.url)) await main();
