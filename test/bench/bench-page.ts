/** The bench's Chromium pages: a fresh profile per run, the page's marks, a timed drop, the table printed. */
import { chromium, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_FLAGS, ensureChromium } from '../e2e/chromium.ts';

export const OUT = join(resolve(import.meta.dirname, '../..'), 'test/bench/.out');
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

interface Marks {
  [name: string]: number[];
}

export async function marks(page: Page): Promise<Marks> {
  return page.evaluate(() => {
    const out: Record<string, number[]> = {};
    for (const e of performance.getEntriesByType('mark')) {
      if (!e.name.startsWith('arena-lens:')) continue;
      (out[e.name.slice('arena-lens:'.length)] ??= []).push(e.startTime);
    }
    return out;
  });
}

/**
 * A fresh profile on `url`. `init` runs in the page before its own scripts (an observer); the service
 * worker is blocked unless `serviceWorkers` (a first visit as users have it: it installs and precaches).
 */
export async function withPage<T>(
  url: string,
  run: (page: Page) => Promise<T>,
  { init, serviceWorkers = false }: { init?: string; serviceWorkers?: boolean } = {},
): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'arena-lens-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    args: CHROMIUM_FLAGS,
    viewport: { width: 1440, height: 900 },
    serviceWorkers: serviceWorkers ? 'allow' : 'block',
  });
  try {
    if (init) await context.addInitScript(init);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    return await run(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function waitForMark(page: Page, name: string, count: number, timeout = 300_000): Promise<void> {
  await page.waitForFunction(
    ([name, count]) => performance.getEntriesByName(`arena-lens:${name}`).length >= Number(count),
    [name, count] as const,
    { timeout, polling: 50 },
  );
}

/** Drops a file and returns ms from the page's 'open' mark to `until` (the next one after it); `during` runs just after the drop. */
export async function dropTiming(page: Page, file: string, until: string[], during?: () => Promise<void>): Promise<Record<string, number>> {
  await waitForMark(page, 'dataset-ready', 1);
  await waitForMark(page, 'leaderboard', 1);
  // Let the open dataset's intervals finish, or their refinements would pass for the new board.
  await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 300_000 });
  const before = await marks(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await during?.();
  for (const name of until) await waitForMark(page, name, (before[name]?.length ?? 0) + 1);
  const after = await marks(page);
  // The first of each mark after this drop: the leaderboard mark repeats as intervals refine.
  const open = after.open.at(-1)!;
  return Object.fromEntries(until.map((name) => [name, after[name].find((t) => t >= open)! - open]));
}

export const fmt = (xs: number[]) =>
  median(xs) < 1000
    ? `${median(xs).toFixed(0)} ms  (${xs.map((x) => x.toFixed(0)).join(', ')})`
    : `${(median(xs) / 1000).toFixed(2)} s  (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
