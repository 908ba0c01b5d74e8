import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, waitForDataset, waitForRatings } from './page-helpers.ts';

/** Whether the focused element shows a focus mark: its own outline, or (a hidden radio or file input) its label's. */
function focusVisible(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'body' };
    const shows = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // A date field's focus is in its own inner segment, which Chromium highlights itself (and
    // theme.css outlines the field when :focus reaches it; headless Tab focus does not always).
    if (el instanceof HTMLInputElement && el.type === 'date') return { ok: true, what: 'date' };
    const box = el.getBoundingClientRect();
    const hidden = box.width <= 2 || box.height <= 2;
    const ok = hidden ? !!el.closest('label') && shows(el.closest('label')!) : shows(el);
    return {
      ok,
      what: `${el.tagName.toLowerCase()}${hidden ? ' (hidden)' : ''}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} ${el.textContent?.trim().slice(0, 30) ?? ''}`,
    };
  });
}

describe('keyboard first', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await waitForRatings(session.page);
  });
  afterAll(() => closeChecked(session));

  test('the first Tab offers a skip link that takes focus to the lens', async () => {
    const { page } = session;
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-to-lens');
    expect(await page.getByTestId('skip-to-lens').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lens-panel');
  });

  test('every control reached with Tab shows where focus is', async () => {
    const { page } = session;
    await page.bringToFront();
    await page.locator('h1').click();
    const missing: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const { ok, what } = await focusVisible(page);
      // Past the last control focus leaves the page for the browser's own controls.
      if (!ok && what !== 'body') missing.push(what);
    }
    expect(missing).toEqual([]);
  });

  test('digits open lens tabs and brackets step through them; "/" goes to the model search', async () => {
    const { page } = session;
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('2');
    await expect.poll(() => page.getByTestId('lens-matrix').getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('lens')).toBe('matrix');
    await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('lens-compare').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('[');
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('leaderboard-search');
    // Typed into the box, "2" is text, not a lens.
    await page.keyboard.type('gpt 4o 2');
    expect(await page.getByTestId('lens-leaderboard').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('leaderboard-search').fill('');
  });

  test('"?" lists the shortcuts in a dialog that Escape closes', async () => {
    const { page } = session;
    await page.getByTestId('lens-leaderboard').focus();
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcut-help');
    await expect.poll(() => help.isVisible()).toBe(true);
    const text = await help.textContent();
    for (const words of ['Open the first to ninth lens tab', 'Search models', 'Show or hide this list', 'List the votes of the pair'])
      expect(text).toContain(words);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.isVisible()).toBe(false);
  });

  test('the theme chosen is remembered after a reload', async () => {
    const { page } = session;
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    expect(await theme()).toBe('system');
    await page.getByTestId('theme').click();
    expect(await theme()).toBe('dark');
    // The theme is applied before the page is first drawn (main.ts): once the reloaded page has its
    // theme control, there is no need to wait for the sample to load again.
    await page.reload();
    await page.getByTestId('theme').waitFor();
    expect(await theme()).toBe('dark');
    expect(await page.getByTestId('theme').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('t');
    await page.getByTestId('theme').click();
    expect(await theme()).toBe('system');
    await page.reload();
    await page.getByTestId('theme').waitFor();
    expect(await theme()).toBe('system');
  });
});
