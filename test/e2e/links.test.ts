import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, leaderboardCsv, openOnSample, waitForDataset, waitForRatings } from './page-helpers.ts';

const planted = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['arena-conversations.parquet'].planted;

const sliceVotes = async (page: Page) => Number(await page.getByTestId('slice-figures').getAttribute('data-votes'));

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
