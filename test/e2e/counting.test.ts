import { existsSync, renameSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { loadAndRecognise } from '../../src/cli/lib/open-file.ts';
import { tallyWholeFile } from '../../src/cli/lib/tally.ts';
import { fitBradleyTerry } from '../../src/core/stats/bradley-terry.ts';
import { appUrl, openSession, type Session } from './browser.ts';
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

/** One row per battle (1.67M rows, 14 row groups), with the three low-cardinality columns of an arena export. */
const BATTLES_NAME = 'arena-battles-20240814-lta.parquet';
const battlesFile = () =>
  battlesFromCounts(
    BATTLES_NAME,
    `SELECT model_a, model_b, winner, ['English', 'Chinese', 'French'][1 + CAST(hash(i, model_b) % 3 AS INTEGER)] AS language,
            1 + CAST(hash(i, winner) % 4 AS BIGINT) AS turn, hash(i, model_a) % 3 > 0 AS anony
       FROM read_parquet($1), range(count) AS r(i)`,
  );

/** Each model's votes in the file's slice where `where` holds, counted by DuckDB in Node. */
async function votesWhere(path: string, where: string): Promise<Map<string, number>> {
  const db = await createNodeConnector();
  try {
    const rows = await db.query(
      `SELECT m, count(*) AS n FROM (SELECT model_a AS m FROM read_parquet($1) WHERE ${where}
         UNION ALL SELECT model_b FROM read_parquet($1) WHERE ${where}) GROUP BY m`,
      [path],
    );
    return new Map(rows.map((r) => [String(r.m), Number(r.n)]));
  } finally {
    db.close();
  }
}

/** Each model's votes in the real pair counts (a count a row) where `where` holds, summed by DuckDB in Node. */
async function countedVotesWhere(where: string): Promise<Map<string, number>> {
  const db = await createNodeConnector();
  try {
    const rows = await db.query(
      `SELECT m, sum(count) AS n FROM (SELECT model_a AS m, count FROM read_parquet($1) WHERE ${where}
         UNION ALL SELECT model_b, count FROM read_parquet($1) WHERE ${where}) GROUP BY m`,
      [COUNTS],
    );
    return new Map(rows.map((r) => [String(r.m), Number(r.n)]));
  } finally {
    db.close();
  }
}

/** Battles per value of `column`, counted by DuckDB in Node. */
async function battlesBy(path: string, column: string): Promise<Map<string, number>> {
  const db = await createNodeConnector();
  try {
    const rows = await db.query(`SELECT ${column} AS v, count(*) AS n FROM read_parquet($1) GROUP BY ALL`, [path]);
    return new Map(rows.map((r) => [String(r.v), Number(r.n)]));
  } finally {
    db.close();
  }
}

/** Waits until every model on the board shows the votes `expected` gives it (the slice's board is fitted). */
async function waitForVotes(page: Page, expected: Map<string, number>): Promise<void> {
  const shown = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="leaderboard"] tbody tr[data-model]')].map(
        (tr) =>
          [tr.getAttribute('data-model')!, Number(tr.querySelector('td[data-field="votes"]')?.textContent?.replace(/\D/g, ''))] as const,
      ),
    );
  const matches = (rows: (readonly [string, number])[]) =>
    rows.length > 50 && rows.every(([model, votes]) => expected.get(model) === votes);
  for (let tries = 0; tries < 600 && !matches(await shown()); tries++) await page.waitForTimeout(200);
  const rows = await shown();
  const wrong = rows.filter(([model, votes]) => expected.get(model) !== votes).slice(0, 5);
  expect({ rows: rows.length > 50, wrong, address: decodeURIComponent(new URL(page.url()).search) }).toEqual({
    rows: true,
    wrong: [],
    address: expect.any(String),
  });
}

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

/** What the filter aside shows, each time it changes: whether the file opened last was counted, and where the aside ended (the board's side). */
interface FilterState {
  state: 'preparing' | 'early-filters';
  counted: boolean;
  asideRight: number;
}

/** Runs in the page before its scripts: records the filter aside's states as they appear. */
function watchFilterStates(): void {
  const states: FilterState[] = [];
  (window as unknown as { filterStates: FilterState[] }).filterStates = states;
  const check = () => {
    const state = document.querySelector('[data-testid="early-filters"]')
      ? 'early-filters'
      : document.querySelector('[data-testid="filters-preparing"]')
        ? 'preparing'
        : null;
    if (!state || states.at(-1)?.state === state) return;
    states.push({
      state,
      counted: performance
        .getEntriesByName('arena-lens:counted')
        .some((e) => e.startTime >= (performance.getEntriesByName('arena-lens:open').at(-1)?.startTime ?? Infinity)),
      asideRight: document.querySelector('[data-testid="filters-aside"]')!.getBoundingClientRect().right,
    });
  };
  const start = () => new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** A page of its own whose DuckDB engine is not served until `release()`: its start waits on it meanwhile. */
async function sessionWithEngineHeld(): Promise<{ own: Session; release: () => void }> {
  const own = await openSession();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  try {
    await own.context.route(/duckdb-(eh|mvp)[^/]*\.wasm/, async (route) => {
      await held;
      await route.continue();
    });
  } catch (error) {
    await own.close();
    throw error;
  }
  return { own, release };
}

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
    await waitForDataset(page, BATTLES_NAME, 0, 180_000);
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
    // Each answer 300 ms late: 14 row groups take seconds to arrive, so the board is shown before the end.
    const address = `${inject('baseUrl')}/remote/${BATTLES_NAME}?delay=300`;
    await page.goto(appUrl(`?src=${encodeURIComponent(address)}`));
    await recordStatus(page);
    // Until its first votes are counted (a footer and a row group, each 300 ms late) the board's place says what comes.
    await expect
      .poll(() => page.getByTestId('board-pending').textContent())
      .toContain('appears as soon as the file’s first votes are counted');
    await page.waitForFunction(() => performance.getEntriesByName('arena-lens:counted').length > 0, null, { timeout: 120_000 });
    await waitForDataset(page, BATTLES_NAME, 0, 180_000);
    await waitForRatings(page, 180_000);
    const final = await boardOnScreen(page);

    const statuses = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    const shares = statuses.flatMap((s) => [...s.matchAll(/leaderboard provisional: (\d+)% of the file read/g)].map((m) => Number(m[1])));
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.every((p) => p >= 0 && p < 100)).toBe(true);
    // Between boards, the status bar counts the rows read.
    const read = statuses.flatMap((s) =>
      [...s.matchAll(/counting votes….*?([\d,]+) \/ ([\d,]+)$/g)].map((m) => m.slice(1).map((n) => Number(n.replace(/,/g, '')))),
    );
    expect(read.length).toBeGreaterThan(0);
    expect(read.every(([rows, total]) => rows > 0 && rows < total && total === read[0][1])).toBe(true);
    for (const [model, rating] of final) expect(Math.abs(rating - expected.get(model)!), model).toBeLessThanOrEqual(0.05);
  });
  test('before DuckDB holds the rows, the tally answers the sample’s outcome toggles and a drop’s language, anonymous and turn filters; DuckDB then shows the same board', async () => {
    // A page of its own whose DuckDB engine is held back until the early filters are checked: no race with its load.
    const { own, release } = await sessionWithEngineHeld();
    try {
      const { page, context } = own;
      await context.addInitScript(watchFilterStates);
      await page.goto(appUrl());
      const panel = page.getByTestId('early-filters');
      const duckReady = () => page.evaluate(() => performance.getEntriesByName('arena-lens:duck-ready').length);
      const countedBy = () => page.getByTestId('filters-aside').getAttribute('data-counted-by');
      // The default sample (pair counts, no column to filter on) offers its outcome toggles before DuckDB too.
      await panel.getByTestId('quick-min-votes').fill('0');
      await panel.getByTestId('quick-min-votes').dispatchEvent('change');
      await panel.getByTestId('quick-exclude-ties').check();
      await waitForVotes(page, await countedVotesWhere("winner <> 'tie'"));
      expect(await countedBy()).toBe('tally');
      await panel.getByTestId('quick-exclude-ties').uncheck();
      await waitForVotes(page, await countedVotesWhere('true'));
      expect(await duckReady()).toBe(0);

      await page.getByTestId('file-input').setInputFiles(file);
      await panel.locator('[data-dimension="language"]').waitFor({ timeout: 120_000 });
      expect(await duckReady()).toBe(0);
      // The header and the summary name the file counted, with its votes, not the sample DuckDB still holds.
      const name = basename(file);
      // Each battle's two models: every vote twice.
      const votes = ([...(await votesWhere(file, 'true')).values()].reduce((a, b) => a + b, 0) / 2).toLocaleString('en-US');
      await expect.poll(() => page.getByTestId('slice-figures').textContent()).toContain(name);
      expect(await page.getByTestId('slice-figures').textContent()).toContain(votes);
      const summary = await page.getByTestId('summary-early').textContent();
      expect(summary).toContain(name);
      expect(summary).toContain(`${votes} votes`);
      // The board's counts came alone; the filters were tallied after, and said so meanwhile, the board in its place.
      const states = await page.evaluate(() => (window as unknown as { filterStates: FilterState[] }).filterStates);
      const [preparing, ready] = states.slice(-2);
      expect(preparing?.state, JSON.stringify(states)).toBe('preparing');
      expect(ready.state).toBe('early-filters');
      expect(preparing.counted).toBe(true);
      expect(ready.asideRight).toBe(preparing.asideRight);
      // The language's values are offered with the battles DuckDB counts of each.
      const listed = await panel
        .locator('[data-dimension="language"] li')
        .evaluateAll((lis) =>
          lis.map((li) => [li.getAttribute('data-value')!, Number(li.querySelector('.count')?.textContent?.replace(/\D/g, ''))] as const),
        );
      expect(new Map(listed)).toEqual(await battlesBy(file, 'language'));

      // Every model of a slice rated (no minimum of votes), so each one's votes are the slice's.
      await panel.getByTestId('quick-min-votes').fill('0');
      await panel.getByTestId('quick-min-votes').dispatchEvent('change');
      await panel.locator('[data-dimension="language"] li[data-value="French"] input').check();
      await waitForVotes(page, await votesWhere(file, "language = 'French'"));
      expect(await countedBy()).toBe('tally');
      await page.getByTestId('quick-anonymous-only').check();
      await waitForVotes(page, await votesWhere(file, "language = 'French' AND anony"));
      // turn has four values: a category, as the panel makes of it once DuckDB describes battles.
      await panel.locator('[data-dimension="turn"] li[data-value="2"] input').check();
      await waitForVotes(page, await votesWhere(file, "language = 'French' AND anony AND turn = 2"));
      await panel.locator('[data-dimension="turn"] li[data-value="3"] input').check();
      await waitForVotes(page, await votesWhere(file, "language = 'French' AND anony AND turn IN (2, 3)"));
      await page.waitForSelector('[data-testid="leaderboard"][data-provisional="false"]', { timeout: 180_000 });
      const early = await boardOnScreen(page);
      const earlyRecords = await recordsOnScreen(page);
      expect(await duckReady()).toBe(0);
      expect(await countedBy()).toBe('tally');

      // DuckDB takes over with the same filters: the same board, counted by DuckDB this time.
      release();
      await waitForDataset(page, BATTLES_NAME, 0, 180_000);
      await page.getByTestId('filter-panel').waitFor({ timeout: 120_000 });
      await waitForRatings(page, 180_000);
      // DuckDB's start for the sample (waiting on its engine) gave way to the drop, and began again once its board was painted.
      const at = await page.evaluate(() => {
        const times = (name: string) => performance.getEntriesByName(`arena-lens:${name}`).map((e) => e.startTime);
        const open = times('open').at(-1)!;
        return { starts: times('duck-start'), open, board: times('leaderboard-whole').find((t) => t > open)! };
      });
      expect(at.starts.length, JSON.stringify(at)).toBe(2);
      expect(at.starts[0]).toBeLessThan(at.open);
      expect(at.starts[1]).toBeGreaterThanOrEqual(at.board);
      expect(await page.locator('[data-dimension="language"] li[data-value="French"] input').isChecked()).toBe(true);
      expect(await recordsOnScreen(page)).toEqual(earlyRecords);
      expect(await boardOnScreen(page)).toEqual(early);
      expect(await countedBy()).toBe('duckdb');
      expect(new URL(page.url()).search).toContain('French');
    } finally {
      release();
      await own.close();
    }
  }, 400_000);
  test('a file dragged over the page puts DuckDB’s start off; none dropped, it starts again and the sample loads; one dropped, it loads', async () => {
    // DuckDB's engine held back, so its start is surely under way (waiting on it) when the drag comes.
    const { own, release } = await sessionWithEngineHeld();
    try {
      const { page } = own;
      await page.goto(appUrl());
      const starts = () => page.evaluate(() => performance.getEntriesByName('arena-lens:duck-start').length);
      await page.waitForFunction(() => performance.getEntriesByName('arena-lens:duck-start').length > 0, null, { timeout: 120_000 });
      const drag = async () => {
        const files = await page.evaluateHandle(() => {
          const transfer = new DataTransfer();
          transfer.items.add(new File(['x'], 'votes.parquet'));
          return transfer;
        });
        await page.dispatchEvent('body', 'dragover', { dataTransfer: files });
        await page.dispatchEvent('body', 'dragleave', { dataTransfer: files });
      };
      await drag();
      release();
      // No file came: DuckDB starts again (a second start), and the sample loads into it.
      await waitForDataset(page, 'chatbot-arena-20240814-counts.parquet', 0, 120_000);
      expect(await starts()).toBe(2);
      expect(await page.getByTestId('error').count()).toBe(0);

      // DuckDB ready, a drag changes nothing; the file dropped after it loads as any other.
      await drag();
      await page.getByTestId('file-input').setInputFiles(await battlesFile());
      await waitForDataset(page, BATTLES_NAME, 0, 180_000);
      expect(await starts()).toBe(2);
      await closeChecked(own);
    } finally {
      release();
      await own.close();
    }
  }, 300_000);
});
