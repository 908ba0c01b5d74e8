import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, waitForDataset, waitForRatings } from './page-helpers.ts';

describe('the leaderboard table', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await waitForRatings(session.page);
  });
  afterAll(() => closeChecked(session));

  test('a click anywhere in a header cell sorts, not only on its label', async () => {
    const { page } = session;
    const header = page.locator('[data-testid="leaderboard"] th[data-sort-key="votes"]');
    const box = (await header.boundingBox())!;
    // The left edge of a right-aligned header, well away from its label.
    await page.mouse.click(box.x + 3, box.y + box.height - 3);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const votes = await page.locator('[data-testid="leaderboard"] tbody tr td[data-field="votes"]').allTextContents();
    const numbers = votes.map((v) => Number(v.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await page.locator('[data-testid="leaderboard"] th[data-sort-key="rank"]').click({ position: { x: 3, y: 3 } });
    await expect
      .poll(() => page.locator('[data-testid="leaderboard"] th[data-sort-key="rank"]').getAttribute('aria-sort'))
      .toBe('ascending');
  });

  test('the win rate header says what it is and why it differs from W/(W+L), on hover and on focus', async () => {
    const { page } = session;
    const tip = page.locator('#leaderboard-tip-winRate');
    expect(await tip.isVisible()).toBe(false);
    await page.locator('[data-testid="leaderboard"] th[data-sort-key="winRate"] button').focus();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/every opponent counts once.*W\/\(W\+L\) pools the votes/s);
    expect(await page.locator('[data-testid="leaderboard"] th[data-sort-key="winRate"] button').getAttribute('aria-describedby')).toBe(
      'leaderboard-tip-winRate',
    );
    // And the figures do differ: the mean over opponents is not wins / (wins + losses).
    const row = page.locator('[data-testid="leaderboard"] tbody tr').first();
    const cell = async (field: string) => (await row.locator(`td[data-field="${field}"]`).textContent())!.trim();
    const [w, l] = [Number((await cell('wins')).replace(/,/g, '')), Number((await cell('losses')).replace(/,/g, ''))];
    expect(w + l).toBeGreaterThan(0);
    expect(await cell('win-rate')).toMatch(/^\d+\.\d%$/);
    expect(await cell('win-rate')).not.toBe(`${((w / (w + l)) * 100).toFixed(1)}%`);
  });

  test('search by words: "GPT 4o"-style queries match names whatever their separators', async () => {
    const { page } = session;
    await page.getByTestId('leaderboard-search').fill('tessera 4');
    const models = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));
    expect(models.length).toBeGreaterThan(1);
    expect(models.every((m) => /tessera-4/.test(m!))).toBe(true);
    await page.getByTestId('leaderboard-search').fill('TURBO tessera');
    const turbo = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));
    expect(turbo).toEqual(expect.arrayContaining(['tessera-4-turbo-1106', 'tessera-3.5-turbo-0613']));
    await page.getByTestId('leaderboard-search').fill('');
  });
});
