import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, leaderboardCsv, openOnSample, waitForDataset, waitForRatings } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise } from '../../src/cli/lib/open-file.ts';
import { BATTLES_TABLE } from '../../src/core/sql/battles.ts';
import { filtersSql, type Filter } from '../../src/core/sql/filters.ts';
import { readCounts } from '../../src/core/sql/pair-counts.ts';
import { describeSql, readColumns } from '../../src/core/sql/summary.ts';

const planted = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['arena-conversations.parquet'].planted;

const sliceVotes = async (page: Page) => Number(await page.getByTestId('slice-figures').getAttribute('data-votes'));

/**
 * The sample's battles in DuckDB in Node (built once, by the real pipeline): `votesWhere` counts the
 * votes under `filters` as the page should.
 */
async function sampleBattles(): Promise<{ votesWhere: (filters: Filter[]) => Promise<number>; close: () => void }> {
  const db = await createNodeConnector();
  await buildBattles(db, await loadAndRecognise(db, resolve('static-data/arena-conversations.parquet')));
  const columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
  return {
    votesWhere: async (filters) => (await readCounts(db, filtersSql(filters, columns))).n.reduce((sum, n) => sum + n, 0),
    close: () => db.close(),
  };
}

describe('views are links', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample({ rated: true })));
  afterAll(() => closeChecked(session));

  test('a filter narrows every figure, and the copied link opens the identical view in a fresh browser', async () => {
    const { page } = session;
    await page.locator('[data-dimension="language"] [data-value="French"] input').check();
    await expect.poll(() => sliceVotes(page)).toBe(planted.languages.French);
    await page.getByTestId('quick-exclude-ties').check();
    await expect.poll(() => sliceVotes(page)).toBeLessThan(planted.languages.French);
    await page.getByTestId('leaderboard').getByRole('button', { name: 'Votes' }).click();
    await page.getByText('Rating options').click();
    await page.getByTestId('option-seed').fill('7');
    await page.getByTestId('option-seed').blur();
    await waitForRatings(page);
    await expect.poll(() => page.locator('[data-testid="status"]').count()).toBe(0);
    await expect.poll(() => page.locator('[data-field="rank-change"]').count()).toBeGreaterThan(0);
    const rankChanges = await page.locator('[data-field="rank-change"]').count();
    const csv = await leaderboardCsv(page);
    const link = page.url();
    expect(link).toContain('f=');
    expect(link).toContain('q_ties=1');
    expect(link).toContain('seed=7');

    const fresh = await openSession();
    try {
      await fresh.page.goto(link);
      await waitForDataset(fresh.page, 'arena-conversations.parquet');
      await expect.poll(() => sliceVotes(fresh.page)).toBe(await sliceVotes(page));
      await waitForRatings(fresh.page);
      await expect.poll(() => fresh.page.locator('[data-testid="status"]').count()).toBe(0);
      // The rank-change column comes from the whole file's board, fitted after the filtered one.
      await expect.poll(() => fresh.page.locator('[data-field="rank-change"]').count()).toBe(rankChanges);
      expect(await leaderboardCsv(fresh.page)).toBe(csv);
      expect(await fresh.page.locator('[data-testid="filter-chips"]').textContent()).toContain('French');
    } finally {
      await fresh.close();
    }
  });

  test('a date range is counted in the page from its pair × day cube, as DuckDB counts it, and reopens from the link', async () => {
    const fresh = await openOnSample();
    const { votesWhere, close } = await sampleBattles();
    try {
      const { page } = fresh;
      // The page's cubes are held once the slice cube's mark is set.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('arena-lens:slice-cube').length)).toBe(1);
      const field = (bound: string) => page.locator(`[data-kind="date"][data-dimension="tstamp"] input[data-bound="${bound}"]`);
      // Its ends come with the votes per day.
      await expect.poll(() => field('from').getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const [first, last] = [await field('from').getAttribute('min'), await field('from').getAttribute('max')];
      const middle = new Date((Date.parse(first!) + Date.parse(last!)) / 2).toISOString().slice(0, 10);
      const setDay = async (bound: string, day: string) => {
        await field(bound).fill(day);
        await field(bound).dispatchEvent('change');
      };
      await setDay('from', middle);
      const from: Filter = { kind: 'date', path: ['tstamp'], from: middle };
      await expect.poll(() => sliceVotes(page)).toBe(await votesWhere([from]));
      expect(await page.getByTestId('filters-aside').getAttribute('data-counted-by')).toBe('page');
      // "to" is the last day shown: the filter ends the day after it.
      const lastDay = new Date(Date.parse(middle) + 6 * 86_400_000).toISOString().slice(0, 10);
      await setDay('to', lastDay);
      const week: Filter = { ...from, to: new Date(Date.parse(lastDay) + 86_400_000).toISOString().slice(0, 10) };
      const weekVotes = await votesWhere([week]);
      await expect.poll(() => sliceVotes(page)).toBe(weekVotes);
      expect(weekVotes).toBeGreaterThan(0);
      expect(await page.getByTestId('filters-aside').getAttribute('data-counted-by')).toBe('page');
      await page.getByTestId('quick-exclude-ties').check();
      await expect.poll(() => sliceVotes(page)).toBe(await votesWhere([week, { kind: 'exclude-outcomes', outcomes: ['tie'] }]));
      expect(await page.getByTestId('filters-aside').getAttribute('data-counted-by')).toBe('page');
      await waitForRatings(page);
      const csv = await leaderboardCsv(page);
      const again = await openSession();
      try {
        await again.page.goto(page.url());
        await waitForDataset(again.page, 'arena-conversations.parquet');
        await expect.poll(() => sliceVotes(again.page)).toBe(await sliceVotes(page));
        await waitForRatings(again.page);
        expect(await leaderboardCsv(again.page)).toBe(csv);
      } finally {
        await again.close();
      }
    } finally {
      close();
      await closeChecked(fresh);
    }
  });

  test('changing lens adds a history entry, so Back returns to the previous lens', async () => {
    const { page } = session;
    await page.getByTestId('lens-matrix').click();
    await expect.poll(() => page.url()).toContain('lens=matrix');
    await page.goBack();
    await expect.poll(() => page.getByTestId('lens-leaderboard').getAttribute('aria-selected')).toBe('true');
  });

  test('a tampered link opens the default view with notes naming what was ignored', async () => {
    const tampered = new URLSearchParams({
      sample: 'arena-conversations',
      f: JSON.stringify([{ kind: 'in', path: ['no_such_column'], values: ["'; DROP TABLE battles; --"] }]),
      rounds: 'abc',
      lens: '<script>alert(1)</script>',
      top: '-5',
    });
    const fresh = await openSession();
    try {
      fresh.page.on('dialog', () => {
        throw new Error('a dialog opened');
      });
      await fresh.page.goto(`${appUrl()}?${tampered}`);
      await waitForDataset(fresh.page, 'arena-conversations.parquet');
      await waitForRatings(fresh.page);
      const notes = fresh.page.getByTestId('view-notes');
      await expect.poll(() => notes.textContent()).toContain('no_such_column');
      expect(await notes.textContent()).toContain('rounds');
      await expect.poll(() => sliceVotes(fresh.page)).toBe(30000);
      expect(await fresh.page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(24);
      // The data survived: every vote is still there.
      expect(fresh.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  test('a src= link loads a remote parquet file, from the query or the fragment', async () => {
    const name = 'linked-counts.parquet';
    copyFileSync(resolve('static-data/comparag-votes.parquet'), join(inject('remoteDir'), name));
    for (const where of ['?src=', '#src=']) {
      const fresh = await openSession();
      try {
        await fresh.page.goto(`${appUrl()}${where}${encodeURIComponent(`${inject('baseUrl')}/remote/${name}`)}`);
        await waitForDataset(fresh.page, name);
        await expect.poll(() => sliceVotes(fresh.page)).toBe(3000);
      } finally {
        await fresh.close();
      }
    }
  });

  test('a link to a local file asks for that file, and says so when another one is given', async () => {
    const { page } = session;
    const path = resolve('static-data/comparag-votes.parquet');
    await dropFile(page, path);
    await waitForRatings(page);
    const link = page.url();
    expect(link).toContain(`file=comparag-votes.parquet~${statSync(path).size}~`);
    const fresh = await openSession();
    try {
      await fresh.page.goto(link);
      await fresh.page.getByTestId('local-file-prompt').waitFor();
      await fresh.page.getByTestId('local-file-input').setInputFiles(path);
      await waitForDataset(fresh.page, 'comparag-votes.parquet');
      expect(await fresh.page.locator('[data-testid="view-notes"]').count()).toBe(0);
      await fresh.page.goto(link.replace(/(file=[^&]*~)[0-9a-f]+/, '$10000000000000000'));
      await fresh.page.getByTestId('local-file-input').setInputFiles(path);
      await waitForDataset(fresh.page, 'comparag-votes.parquet');
      expect(await fresh.page.getByTestId('view-notes').textContent()).toContain('is not the file this link was made from');
    } finally {
      await fresh.close();
    }
  });
});

describe('selections inside lenses are part of the link', () => {
  test('the matrix pair and the compared slices reopen from the address', async () => {
    const session = await openOnSample();
    try {
      const { page } = session;
      await page.getByTestId('lens-matrix').click();
      await page.getByTestId('pair-model').selectOption('gallia-13b-chat');
      await page.getByTestId('pair-opponent').selectOption('aria-2-chat');
      await page.getByTestId('pair-show').click();
      await expect.poll(() => page.url()).toContain('pair=gallia-13b-chat,aria-2-chat');
      const matrixLink = page.url();
      await page.getByTestId('lens-compare').click();
      await expect.poll(() => page.url()).toContain('cmp_l=');
      const compareLink = page.url();

      const fresh = await openSession();
      try {
        await fresh.page.goto(matrixLink);
        await waitForDataset(fresh.page, 'arena-conversations.parquet');
        await expect.poll(() => fresh.page.getByTestId('pair-votes').textContent()).toContain('gallia-13b-chat');
        await fresh.page.goto(compareLink);
        await waitForDataset(fresh.page, 'arena-conversations.parquet');
        await expect.poll(() => fresh.page.url()).toBe(compareLink);
      } finally {
        await fresh.close();
      }
    } finally {
      await closeChecked(session);
    }
  });
});
