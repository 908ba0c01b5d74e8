/**
 * Scale, in Chromium: 20M synthetic battles dropped on the page — time to rows loaded, to battles
 * built and to the first leaderboard row — and DuckDB's memory afterwards, read through the SQL lens
 * like a user would. Two files: low-cardinality columns only, and one with 500,000 distinct judges
 * and millisecond timestamps. One run each: they take a while.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startStaticServer } from '../e2e/static-server.ts';
import { duckMemory, syntheticBattles } from './browser.bench.ts';
import { OUT, dropTiming, fmt, table, withPage } from './bench-page.ts';

export async function runScaleBench(log: (line: string) => void = console.log, rows = 20_000_000) {
  const server = await startStaticServer(join(OUT, 'dist'), OUT);
  const lines: string[][] = [];
  try {
    for (const kind of ['models150', 'plain', 'judges'] as const) {
      const file = await syntheticBattles(rows, kind);
      const result = await withPage(`${server.url}/index.html`, async (page) => {
        const t = await dropTiming(page, file, ['leaderboard', 'leaderboard-whole', 'raw-loaded', 'dataset-ready']);
        return {
          loaded: t['raw-loaded'],
          built: t['dataset-ready'],
          board: t.leaderboard,
          whole: t['leaderboard-whole'],
          memory: await duckMemory(page),
        };
      });
      const size = `${(statSync(file).size / 1e6).toFixed(0)} MB`;
      const label = `${(rows / 1e6).toFixed(0)}M battles${kind === 'judges' ? ' + 500k judges' : kind === 'models150' ? ', 150 models' : ', 40 models'}`;
      lines.push(
        [`${label}: drop → rows in DuckDB`, fmt([result.loaded]), size],
        [`${label}: drop → battles built, summary and counts read`, fmt([result.built]), size],
        [`${label}: drop → first (provisional) leaderboard row`, fmt([result.board]), size],
        [`${label}: drop → leaderboard of the whole file`, fmt([result.whole]), size],
        [`${label}: DuckDB memory after loading (${result.memory.storage} database)`, `${result.memory.mib} MiB`, size],
      );
    }
    log(table(['scale (Chromium, one run each)', 'time', 'file'], lines));
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runScaleBench();
