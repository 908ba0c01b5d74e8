/**
 * Browser benchmarks, in Debian's Chromium against the built page (test/bench/.out/dist, see run.ts):
 * cold navigation to DuckDB ready and to the sample's leaderboard; loading 1M and 5M synthetic
 * battles into `battles`; dropping 1.67M real battles to the first leaderboard row. Medians of 3,
 * each run in a fresh profile (cold cache). Figures come from the page's own performance marks.
 * Also: on the 1.67M battles every click → paint by an observer (interaction.bench.ts), DuckDB's
 * memory after each load, and the bytes a `?src=` remote parquet costs (from the server's log).
 */
import type { Page } from 'playwright-core';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { isEntry } from '../../src/cli/lib/run.ts';
import { execSync } from 'node:child_process';
import { startStaticServer } from '../e2e/static-server.ts';
import { interactionBench } from './interaction.bench.ts';
import { BATTLES, buildBattlesFile } from './rank.bench.ts';
import { dropTiming, fmt, marks, OUT, table, waitForMark, withPage } from './bench-page.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = 3;

/** Columns after model_a, model_b, winner and language, per kind of synthetic file. */
const SYNTHETIC_EXTRA = {
  plain: '1 + (hash(i, 9) % 3)::BIGINT AS turn, 1700000000.0 + i AS tstamp',
  // The issue's big file: 150 models, low-cardinality columns only (language, turn, anonymous).
  models150: '1 + (hash(i, 9) % 3)::BIGINT AS turn, hash(i, 19) % 3 > 0 AS anony, 1700000000.0 + i AS tstamp',
  // What makes a real export harder to hold: 500,000 distinct judges, timestamps to the millisecond over a year.
  judges:
    '1 + (hash(i, 9) % 3)::BIGINT AS turn, 1700000000.0 + (hash(i, 11) % 31536000)::DOUBLE + (hash(i, 13) % 1000)::DOUBLE / 1000 AS tstamp, ' +
    "'arena_user_' || (hash(i, 17) % 500000)::VARCHAR AS judge",
  // A long text column, which the page leaves unread until a view shows text.
  prompt: 'md5(i::VARCHAR) || md5((i + 1)::VARCHAR) || md5((i + 2)::VARCHAR) || md5((i + 3)::VARCHAR) AS prompt',
} as const;

/**
 * Synthetic battles written once into test/bench/.out, drawn by hash so the file is stable: 40 models,
 * the four Chatbot Arena winner labels, language, and the columns of SYNTHETIC_EXTRA[kind].
 */
export async function syntheticBattles(rows: number, kind: keyof typeof SYNTHETIC_EXTRA = 'plain'): Promise<string> {
  // models150 gained its anony column: a new name, so an older file written without it is not reused.
  const name =
    kind === 'plain' ? `synthetic-${rows}` : kind === 'models150' ? `synthetic-${kind}-anony-${rows}` : `synthetic-${kind}-${rows}`;
  const path = join(OUT, `${name}.parquet`);
  if (existsSync(path)) return path;
  mkdirSync(OUT, { recursive: true });
  const models = kind === 'models150' ? 150 : 40;
  const db = await createNodeConnector();
  await db.query(
    `COPY (SELECT 'model-' || lpad((hash(i) % ${models})::VARCHAR, 3, '0') AS model_a,
        'model-' || lpad(((hash(i) % ${models} + 1 + hash(i, 7) % ${models - 1}) % ${models})::VARCHAR, 3, '0') AS model_b,
        ['model_a', 'model_b', 'tie', 'tie (bothbad)'][1 + (hash(i, 3) % 4)::INTEGER] AS winner,
        ['English', 'French', 'Chinese', 'German'][1 + (hash(i, 5) % 4)::INTEGER] AS language,
        ${SYNTHETIC_EXTRA[kind]}
      FROM range($1) t(i)) TO $2 (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
    [rows, path],
  );
  db.close();
  return path;
}

/** DuckDB's memory in MiB and the database the battles went to (plain `memory` or compressed `packed`). */
export async function duckMemory(page: Page): Promise<{ mib: string; storage: string }> {
  await page.getByTestId('lens-sql').click();
  await page
    .getByTestId('sql-input')
    .fill(
      "SELECT round(sum(memory_usage_bytes) / 2^20) AS mib, (SELECT database_name FROM duckdb_tables() WHERE table_name = 'battles') AS storage FROM duckdb_memory()",
    );
  await page.getByTestId('sql-run').click();
  await page.waitForSelector('[data-testid="sql-result"][data-state="rows"] tbody td', { timeout: 120_000 });
  const [mib, storage] = await page.locator('[data-testid="sql-result"] tbody td').allTextContents();
  return { mib: mib?.trim() ?? '?', storage: storage?.trim() ?? '?' };
}

/**
 * A cold navigation and a file dropped at once, before DuckDB is ready: navigation → DuckDB ready,
 * and drop → the whole file's leaderboard (which does not wait for DuckDB).
 */
async function dropWhileStarting(url: string, file: string): Promise<{ duck: number; board: number; dropAt: number }> {
  return withPage(url, async (page) => {
    await page.getByTestId('file-input').waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByTestId('file-input').setInputFiles(file);
    await waitForMark(page, 'duck-ready', 1);
    await page.waitForFunction(
      () => {
        const opens = performance.getEntriesByName('arena-lens:open');
        const open = opens.at(-1)?.startTime ?? Infinity;
        return opens.length >= 2 && performance.getEntriesByName('arena-lens:leaderboard-whole').some((e) => e.startTime >= open);
      },
      null,
      { timeout: 300_000, polling: 20 },
    );
    const m = await marks(page);
    const open = m.open.at(-1)!;
    return { duck: m['duck-ready'][0], board: m['leaderboard-whole'].find((t) => t >= open)! - open, dropAt: open };
  });
}

/** Opens `?src=` on a parquet the bench server serves and reads from its log what the page fetched. */
async function remoteRead(
  server: { url: string },
  name: string,
): Promise<{ board: number[]; requests: number; bytes: number; size: number }> {
  const board: number[] = [];
  let requests = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    await fetch(`${server.url}/__log/clear`);
    await withPage(`${server.url}/index.html?src=${encodeURIComponent(`${server.url}/remote/${name}`)}`, async (page) => {
      await waitForMark(page, 'leaderboard', 1);
      board.push((await marks(page)).leaderboard[0]);
      await waitForMark(page, 'dataset-ready', 1);
    });
    const log: { path: string; bytes: number }[] = await (await fetch(`${server.url}/__log`)).json();
    const reads = log.filter((r) => r.path === `/remote/${name}`);
    requests = reads.length;
    bytes = reads.reduce((sum, r) => sum + r.bytes, 0);
  }
  return { board, requests, bytes, size: statSync(join(OUT, name)).size };
}

export async function runBrowserBench(log: (line: string) => void = console.log, battles167m?: string) {
  const dist = join(OUT, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('build the page first: npm run bench builds it into test/bench/.out/dist');
  const server = await startStaticServer(dist, OUT);
  // The invented conversations sample (30k votes), as before the real counts became the default.
  const url = `${server.url}/index.html?sample=arena-conversations`;
  const rows: string[][] = [];
  try {
    const cold: Record<string, number[]> = { 'duck-ready': [], leaderboard: [], 'dataset-ready': [] };
    for (let i = 0; i < RUNS; i++) {
      await withPage(url, async (page) => {
        await waitForMark(page, 'dataset-ready', 1);
        await waitForMark(page, 'leaderboard', 1);
        const m = await marks(page);
        for (const k of Object.keys(cold)) cold[k].push(m[k][0]);
      });
    }
    rows.push(['navigation → first leaderboard row (sample, cold cache)', fmt(cold.leaderboard), '']);
    rows.push(['navigation → DuckDB ready (cold cache)', fmt(cold['duck-ready']), '']);
    rows.push(['navigation → sample loaded in DuckDB (30k votes)', fmt(cold['dataset-ready']), '']);

    const remote = await remoteRead(server, basename(await syntheticBattles(1_000_000, 'prompt')));
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
    rows.push(['remote parquet, 1M battles + prompt text: ?src= navigation → first leaderboard row', fmt(remote.board), mb(remote.size)]);
    rows.push([
      'remote parquet: bytes read by range requests (prompt column left unread)',
      `${mb(remote.bytes)} (${((100 * remote.bytes) / remote.size).toFixed(1)}%), ${remote.requests} requests`,
      mb(remote.size),
    ]);

    // BENCH_QUICK=1: only the real 1.67M battles (the issue's figures), not the synthetic 1M / 5M loads.
    const files: [string, string][] = process.env.BENCH_QUICK
      ? []
      : [
          ['1M synthetic battles', await syntheticBattles(1_000_000)],
          ['5M synthetic battles', await syntheticBattles(5_000_000)],
        ];
    if (battles167m && existsSync(battles167m)) files.push(['1.67M real Chatbot Arena battles', battles167m]);
    for (const [label, file] of files) {
      const loaded: number[] = [];
      const built: number[] = [];
      const board: number[] = [];
      const whole: number[] = [];
      let memory = { mib: '?', storage: '?' };
      for (let i = 0; i < RUNS; i++) {
        await withPage(url, async (page) => {
          const t = await dropTiming(page, file, ['leaderboard', 'leaderboard-whole', 'raw-loaded', 'dataset-ready']);
          loaded.push(t['raw-loaded']);
          built.push(t['dataset-ready']);
          board.push(t.leaderboard);
          whole.push(t['leaderboard-whole']);
          if (i === RUNS - 1) memory = await duckMemory(page);
        });
      }
      const size = `${(statSync(file).size / 1e6).toFixed(1)} MB`;
      if (file === battles167m) {
        // Clicks timed by an observer outside the page's marks (click → paint), the cold first visit, a drop during it.
        rows.push(...(await interactionBench(`${server.url}/index.html`, file)));
        const early: { duck: number; board: number; dropAt: number }[] = [];
        for (let i = 0; i < RUNS; i++) early.push(await dropWhileStarting(url, file));
        rows.push([`cold navigation → DuckDB ready, with ${label} dropped at once`, fmt(early.map((e) => e.duck)), size]);
        rows.push([`${label} dropped before DuckDB is ready: drop → whole-file leaderboard`, fmt(early.map((e) => e.board)), size]);
      }
      rows.push([`${label}: drop → rows in DuckDB (parquet decoded, inserted)`, fmt(loaded), size]);
      rows.push([`${label}: drop → battles built, summary and pair counts read`, fmt(built), size]);
      rows.push([`${label}: drop → first (provisional) leaderboard row on screen`, fmt(board), size]);
      rows.push([`${label}: drop → leaderboard of the whole file on screen`, fmt(whole), size]);
      rows.push([`${label}: DuckDB memory after loading (${memory.storage} database)`, `${memory.mib} MiB`, size]);
    }
  } finally {
    await server.close();
  }
  log(table(['browser (Chromium, median of 3, fresh profile each)', 'median', 'file'], rows));
  return rows;
}

// `BENCH_QUICK=1 npx tsx test/bench/browser.bench.ts`: the browser figures alone, on a fresh build.
if (isEntry(import.meta.url)) {
  execSync('npx vite build --logLevel warn --outDir test/bench/.out/dist --emptyOutDir', { cwd: ROOT, stdio: 'inherit' });
  await buildBattlesFile();
  await runBrowserBench(console.log, BATTLES);
}
