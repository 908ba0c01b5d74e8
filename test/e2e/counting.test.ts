import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { loadAndRecognise } from '../../src/cli/lib/open-file.ts';
import { tallyWholeFile } from '../../src/cli/lib/tally.ts';
import { fitBradleyTerry } from '../../src/core/stats/bradley-terry.ts';
import { appUrl, type Session } from './browser.ts';
import { closeChecked, openOnSample, summaryFigures, waitForDataset, waitForRatings } from './page-helpers.ts';

const COUNTS = resolve('static-data/chatbot-arena-20240814-counts.parquet');

/** A parquet file of the real Chatbot Arena counts expanded by `select` (over `count` and `i`), shuffled; written once. */
async function battlesFromCounts(name: string, select: string): Promise<string> {
  const path = join(inject('remoteDir'), name);
  if (existsSync(path)) return path;
  const db = await createNodeConnector();
  try {
    await db.query(`COPY (${select} ORDER BY hash(model_a, model_b, winner, i)) TO $2 (FORMAT parquet, COMPRESSION zstd)`, [
      COUNTS,
      `${path}.partial`,
    ]);
    renameSync(`${path}.partial`, path);
  } finally {
    db.close();
  }
  return path;
}

/** One row per battle (1.67M rows, 14 row groups), with a slice column. */
const battlesFile = () =>
  battlesFromCounts(
    'arena-battles-20240814.parquet',
    `SELECT model_a, model_b, winner, ['English', 'Chinese', 'French'][1 + CAST(hash(i, model_b) % 3 AS INTEGER)] AS language
       FROM read_parquet($1), range(count) AS r(i)`,
  );

/** The same battles three times over (5M rows): the same ratings, and big enough to be counted by two workers. */
const tripledFile = () =>
  battlesFromCounts('arena-battles-20240814-x3.parquet', 'SELECT model_a, model_b, winner FROM read_parquet($1), range(3 * count) AS r(i)');

/** Ratings of the whole file, fitted in Node from the command line's own counts. */
async function expectedRatings(path: string): Promise<Map<string, number>> {
  const db = await createNodeConnector();
  try {
    const counts = (await tallyWholeFile(db, await loadAndRecognise(db, path, { keep: { columns: [] } })))!.counts;
    const fit = fitBradleyTerry(counts);
    return new Map(fit.models.map((m, k) => [m, fit.ratings[k]!]));
  } finally {
    db.close();
  }
}

/** Every text the status bar shows from now on, recorded in the page. */
async function recordStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusTexts: string[] }).statusTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The board on screen: model → rating as shown. */
async function boardOnScreen(page: Page): Promise<Map<string, number>> {
  const rows = await page
    .locator('[data-testid="leaderboard"] tbody tr[data-model]')
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-model')!, tr.querySelector('td.num.strong')?.textContent ?? ''] as const));
  return new Map(rows.map(([m, r]) => [m, Number(r.replace(/[^\d.-]/g, ''))]));
}

/** The board's records on screen: model → votes, wins, losses, ties as shown. */
async function recordsOnScreen(page: Page): Promise<Map<string, string[]>> {
  const rows = await page.locator('[data-testid="leaderboard"] tbody tr[data-model]').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = ['votes', 'wins', 'losses', 'ties'].map((f) => tr.querySelector(`td[data-field="${f}"]`)?.textContent ?? '');
      return [tr.getAttribute('data-model')!, cells] as const;
    }),
  );
  return new Map(rows);
}

/** Drops `path` and waits for the board of the whole file counted while it is read. */
async function dropForCountedBoard(page: Page, path: string): Promise<void> {
  const opens = await page.evaluate(() => performance.getEntriesByName('arena-lens:open').length);
  await page.getByTestId('file-input').setInputFiles(path);
  await page.waitForFunction((n) => performance.getEntriesByName('arena-lens:open').length > n, opens);
  await page.waitForFunction(
    () => {
      const open = performance.getEntriesByName('arena-lens:open').at(-1)!.startTime;
      const whole = performance.getEntriesByName('arena-lens:leaderboard-whole').some((e) => e.startTime >= open);
      return whole && document.querySelectorAll('[data-testid="leaderboard"] tbody tr[data-model]').length > 0;
    },
    null,
    { timeout: 120_000, polling: 20 },
  );
}

const marksAfterOpen = (page: Page, name: string) =>
  page.evaluate((name) => {
    const open = performance.getEntriesByName('arena-lens:open').at(-1)!.startTime;
    return performance.getEntriesByName(`arena-lens:${name}`).filter((e) => e.startTime >= open).length;
  }, name);

describe('the first leaderboard is counted while the file is read', () => {
  let session: Session;
  let file: string;
  let expected: Map<string, number>;
  beforeAll(async () => {
    file = await battlesFile();
    expected = await expectedRatings(file);
    session = await openOnSample({ rated: true });
  });
  afterAll(() => closeChecked(session));

  test('on a fresh page, DuckDB starts once the sample is counted and its board is on screen', async () => {
    const at = await session.page.evaluate(() =>
      Object.fromEntries(
        ['counted', 'leaderboard', 'duck-start'].map((name) => [
          name,
          performance.getEntriesByName(`arena-lens:${name}`)[0]?.startTime ?? NaN,
        ]),
      ),
    );
    // Compiling DuckDB's engine would take the cores from the counting and the first board.
    expect(at['duck-start']).toBeGreaterThanOrEqual(at.counted);
    // The board on screen first, or the longest wait for it (1 s) over.
    expect(at['duck-start'] >= at.leaderboard || at['duck-start'] - at.counted >= 1000, JSON.stringify(at)).toBe(true);
  });

  test('dropping 1.67M battles shows the whole file’s board before DuckDB has it, equal to the full fit', async () => {
    const { page } = session;
    await recordStatus(page);
    await dropForCountedBoard(page, file);
    const counted = await boardOnScreen(page);
    const loadingThen = await page.evaluate(
      () => !document.querySelector('[data-testid="dataset-summary"]')?.getAttribute('data-source')?.startsWith('arena-battles'),
    );
    await waitForDataset(page, 'arena-battles-20240814.parquet', 0, 180_000);
    await waitForRatings(page, 180_000);
    const final = await boardOnScreen(page);

    const statuses = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    expect(statuses.some((s) => s.includes('leaderboard of the whole file'))).toBe(true);
    expect(loadingThen).toBe(true);
    expect(await marksAfterOpen(page, 'counted')).toBe(1);

    expect(counted.size).toBe(129);
    expect(final).toEqual(counted);
    for (const [model, rating] of final) expect(Math.abs(rating - expected.get(model)!), model).toBeLessThanOrEqual(0.05);
  });

  test('5M battles are counted by two workers at once, and their counts add up exactly', async () => {
    const { page } = session;
    const big = await tripledFile();
    const started: string[] = [];
    page.on('worker', (worker) => started.push(worker.url()));
    await dropForCountedBoard(page, big);
    expect(
      started.some((url) => url.includes('count-helper')),
      'a helper was started for the other share',
    ).toBe(true);
    const counted = await boardOnScreen(page);
    const countedRecords = await recordsOnScreen(page);
    // Three times every vote: the same maximum-likelihood ratings as the file once.
    expect(counted.size).toBe(129);
    for (const [model, rating] of counted) expect(Math.abs(rating - expected.get(model)!), model).toBeLessThanOrEqual(0.05);
    // Every vote of both shares: the records equal those DuckDB counts once it has the file.
    await waitForDataset(page, 'arena-battles-20240814-x3.parquet', 0, 180_000);
    expect((await summaryFigures(page)).votes).toBe(3 * 1_670_250);
    await waitForRatings(page, 180_000);
    expect(countedRecords).toEqual(await recordsOnScreen(page));
  });

  test('a slow remote address is counted the same way, by range requests, with provisional boards and the share read', async () => {
    const { page } = session;
    // Each answer 150 ms late: 14 row groups take seconds to arrive, so the board is shown before the end.
    const address = `${inject('baseUrl')}/remote/arena-battles-20240814.parquet?delay=150`;
    await page.goto(appUrl(`?src=${encodeURIComponent(address)}`));
    await recordStatus(page);
    await page.waitForFunction(() => performance.getEntriesByName('arena-lens:counted').length > 0, null, { timeout: 120_000 });
    await waitForDataset(page, 'arena-battles-20240814.parquet', 0, 180_000);
    await waitForRatings(page, 180_000);
    const final = await boardOnScreen(page);

    const statuses = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    const shares = statuses.flatMap((s) => [...s.matchAll(/leaderboard provisional: (\d+)% of the file read/g)].map((m) => Number(m[1])));
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.every((p) => p >= 0 && p < 100)).toBe(true);
    for (const [model, rating] of final) expect(Math.abs(rating - expected.get(model)!), model).toBeLessThanOrEqual(0.05);
  });
});
