/**
 * Scale, in Chromium: 20M synthetic battles (model names, winner and three small columns) dropped on
 * the page — time to rows loaded, to battles built and to the first leaderboard row — and DuckDB's
 * memory afterwards, read through the SQL lens like a user would. One run: it takes a while.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startStaticServer } from '../e2e/static-server.ts';
import { OUT, dropTiming, fmt, syntheticBattles, table, withPage } from './browser.bench.ts';

async function duckMemoryMiB(page: Page): Promise<string> {
  await page.getByTestId('lens-sql').click();
  await page.getByTestId('sql-input').fill('SELECT round(sum(memory_usage_bytes) / 2^20) AS mib FROM duckdb_memory()');
  await page.getByTestId('sql-run').click();
  await page.waitForSelector('[data-testid="sql-result"][data-state="rows"] tbody td', { timeout: 120_000 });
  return (await page.locator('[data-testid="sql-result"] tbody td').first().textContent())?.trim() ?? '?';
}

export async function runScaleBench(log: (line: string) => void = console.log, rows = 20_000_000) {
  const file = await syntheticBattles(rows);
  const server = await startStaticServer(join(OUT, 'dist'), OUT);
  try {
    const result = await withPage(`${server.url}/index.html`, async (page) => {
      const t = await dropTiming(page, file, ['raw-loaded', 'dataset-ready', 'leaderboard']);
      return { loaded: t['raw-loaded'], built: t['dataset-ready'], board: t.leaderboard, memory: await duckMemoryMiB(page) };
    });
    const size = `${(statSync(file).size / 1e6).toFixed(0)} MB`;
    const label = `${(rows / 1e6).toFixed(0)}M synthetic battles`;
    log(
      table(['scale (Chromium, one run)', 'time', 'file'], [
        [`${label}: drop → rows in DuckDB`, fmt([result.loaded]), size],
        [`${label}: drop → battles built, summary and counts read`, fmt([result.built]), size],
        [`${label}: drop → first leaderboard row`, fmt([result.board]), size],
        [`${label}: DuckDB memory after loading`, `${result.memory} MiB`, size],
      ]),
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runScaleBench();
