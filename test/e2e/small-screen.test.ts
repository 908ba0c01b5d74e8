import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, waitForDataset, waitForRatings } from './page-helpers.ts';

describe('an 800 px window', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession({ width: 800, height: 900 });
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await waitForRatings(session.page);
  });
  afterAll(() => closeChecked(session));

  test('folds the filters into a drawer that opens over the page and closes with Escape', async () => {
    const { page } = session;
    expect(await page.locator('#filter-drawer').isVisible()).toBe(false);
    const opener = page.getByTestId('filters-open');
    await opener.click();
    expect(await page.locator('#filter-drawer').isVisible()).toBe(true);
    expect(await page.locator('#filter-drawer').getAttribute('role')).toBe('dialog');
    await page.keyboard.press('Escape');
    expect(await page.locator('#filter-drawer').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filters-open');
  });

  test('keeps the leaderboard columns in a sideways scroll under a sticky model name', async () => {
    const { page } = session;
    const table = page.getByTestId('leaderboard');
    const scroller = table.locator('xpath=..');
    const sizes = await scroller.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, overflow: getComputedStyle(el).overflowX }));
    expect(sizes.sw).toBeGreaterThan(sizes.cw);
    expect(sizes.overflow).toBe('auto');
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    // On a phone the table is far wider than the screen: scrolled to its end, the name stays at the left.
    await page.setViewportSize({ width: 390, height: 844 });
    await scroller.evaluate((el) => el.scrollTo(el.scrollWidth, 0));
    const seen = await scroller.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const name = el.querySelector('tbody tr th.model')!.getBoundingClientRect();
      const last = el.querySelector('tbody tr td:last-child')!.getBoundingClientRect();
      return { nameLeft: name.left - box.left, nameVisible: name.right <= box.right, lastInside: last.right <= box.right + 1 };
    });
    await page.setViewportSize({ width: 800, height: 900 });
    expect(Math.abs(seen.nameLeft)).toBeLessThan(2);
    expect(seen.nameVisible).toBe(true);
    expect(seen.lastInside).toBe(true);
  });
});
