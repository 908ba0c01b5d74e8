import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, leaderboardCsv, openOnSample, waitForDataset, waitForRatings } from './page-helpers.ts';

describe('the rating worker', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample({ rated: true })));
  afterAll(() => closeChecked(session));

  test('a newer request supersedes older ones: rapid option changes end on the last one, never a stale board', async () => {
    const { page } = session;
    await page.getByText('Rating options').click();
    for (const seed of ['1', '2', '3', '4']) {
      await page.getByTestId('option-seed').fill(seed);
      await page.getByTestId('option-seed').blur();
    }
    await expect.poll(() => page.url()).toContain('seed=4');
    await waitForRatings(page);
    const final = await leaderboardCsv(page);
    const fresh = await openSession();
    try {
      await fresh.page.goto(appUrl('?sample=arena-conversations&seed=4'));
      await waitForDataset(fresh.page, 'arena-conversations.parquet');
      await waitForRatings(fresh.page);
      expect(await leaderboardCsv(fresh.page)).toBe(final);
    } finally {
      await fresh.close();
    }
  });

  test('a worker that crashes mid-bootstrap is restarted, says so, and finishes the same ratings', async () => {
    const { page } = session;
    const expected = await leaderboardCsv(page);
    await page.getByTestId('option-seed').fill('5');
    await page.getByTestId('option-seed').blur();
    await page.getByTestId('option-seed').fill('4');
    await page.getByTestId('option-seed').blur();
    const worker = page.workers().find((w) => w.url().includes('rating.worker'));
    expect(worker, 'the rating worker is running').toBeTruthy();
    // An uncaught error escaping the worker, as a crash would.
    await worker!.evaluate(() =>
      setTimeout(() => {
        throw new Error('simulated crash');
      }),
    );
    await expect.poll(() => page.getByTestId('worker-notice').textContent()).toContain('restarted');
    await waitForRatings(page);
    expect(await leaderboardCsv(page)).toBe(expected);
  });
});
