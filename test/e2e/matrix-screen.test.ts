import { afterAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, DEFAULT_SAMPLE_FILE, waitForDataset } from './page-helpers.ts';
import { shootScreens } from './screens.ts';

describe('the matrix of the real Chatbot Arena counts on a laptop screen (1280 × 800)', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('shows its top 20 whole, and a cell click brings the pair’s votes into view under one tooltip', async () => {
    session = await openSession({ width: 1280, height: 800 });
    const { page } = session;
    await page.goto(appUrl('?lens=matrix'));
    await waitForDataset(page, DEFAULT_SAMPLE_FILE);
    await page.waitForSelector('[data-testid="matrix"] svg', { timeout: 90_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 90_000 });
    expect(await page.getByTestId('matrix-top').inputValue()).toBe('20');
    const scroller = page.getByTestId('matrix-scroller');
    const box = await scroller.evaluate((el) => ({
      scroll: el.scrollHeight,
      client: el.clientHeight,
      sideways: el.scrollWidth - el.clientWidth,
    }));
    expect(box.scroll, 'rows hidden below the chart’s own scroll').toBeLessThanOrEqual(box.client + 1);
    expect(box.sideways).toBeLessThanOrEqual(1);

    // A cell in the lower half of the chart, as a user would click it.
    const cells = page.locator('[data-testid="matrix"] g[aria-description="played pairs"] rect');
    await cells.nth(Math.floor((await cells.count()) * 0.8)).click();
    await page.waitForSelector('[data-testid="pair-votes"] tbody tr', { timeout: 60_000 });
    // The section comes into view once it has grown: a frame after its rows, at most.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const seen = await page.evaluate(() => {
      const votes = document.querySelector('[data-testid="pair-votes"]')!.getBoundingClientRect();
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !!el.textContent?.trim();
      };
      const tips = [
        ...document.querySelectorAll('[data-testid="matrix"] g[aria-label="tip"]'),
        ...document.querySelectorAll('[data-testid="matrix-focus-tip"]'),
      ].filter(visible).length;
      // How much of the votes' section is on screen, against how much could be (all of it, or 300 px).
      const shown = Math.min(votes.bottom, innerHeight) - Math.max(votes.top, 0);
      return { votesTop: votes.top, shown, wanted: Math.min(votes.height, 300), tips };
    });
    expect(seen.votesTop, 'the pair’s votes start on screen').toBeGreaterThanOrEqual(0);
    expect(seen.shown, 'the pair’s votes on screen (px)').toBeGreaterThanOrEqual(seen.wanted);
    expect(seen.tips, 'tooltips shown at once').toBeLessThanOrEqual(1);
    // On the first page, "Previous" does nothing, and looks it.
    const previous = page.getByTestId('pair-votes').getByRole('button', { name: /^Previous/ });
    await expect.poll(() => previous.isDisabled()).toBe(true);
    const look = await previous.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), cursor: getComputedStyle(el).cursor }));
    expect(look.opacity).toBeLessThan(1);
    expect(look.cursor).toBe('default');
    // At each size, where the click left the user: the pair's votes at the top.
    await shootScreens(page, 'matrix-pair', (p) => p.getByTestId('pair-votes').evaluate((el) => el.scrollIntoView({ block: 'start' })));
    await page.evaluate(() => scrollTo(0, 0));
    await shootScreens(page, 'matrix-top20');
  });
});
