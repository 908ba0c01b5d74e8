import { afterAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, CONVERSATIONS_FILE, CONVERSATIONS_QUERY, waitForDataset, waitForRatings } from './page-helpers.ts';
import { openLens } from './lens-helpers.ts';
import { settle, shootScreens } from './screens.ts';

describe('Compare on the conversations sample, at 1440 and 1280 px', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('a value against all votes, evidence first, every column on screen', async () => {
    session = await openSession({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto(appUrl(CONVERSATIONS_QUERY));
    await waitForDataset(page, CONVERSATIONS_FILE);
    await waitForRatings(page);
    await openLens(page, 'compare');
    await page.getByTestId('slice-left-dimension').selectOption({ label: 'language' });
    await page.getByTestId('slice-left-value').selectOption('"French"');
    // "All votes" is a side of its own, beside "everything else".
    await page.getByTestId('slice-right-value').selectOption({ label: 'all votes (all votes)' });
    await expect.poll(() => new URL(page.url()).searchParams.get('cmp_all')).toBe('1');
    await page.waitForSelector('[data-testid="compare-table"] tbody tr[data-significant]:not([data-significant="pending"])', {
      timeout: 120_000,
    });
    await expect
      .poll(() => page.locator('[data-chart$="compare-ratings"] .title').textContent(), { timeout: 60_000 })
      .toContain('language = French vs all votes');
    expect(await page.getByTestId('compare-all-note').textContent()).toMatch(/resampled apart/);

    // Significant changes first, then the rest by the votes of their smaller side: a model with few votes does not lead.
    const rows = await page.locator('[data-testid="compare-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const [l, r] = tr
          .querySelector('[data-field="votes"]')!
          .textContent!.split('/')
          .map((v) => Number(v.replace(/[^\d]/g, '')));
        return { significant: tr.getAttribute('data-significant') === 'true', fewer: Math.min(l, r) };
      }),
    );
    const significant = rows.filter((r) => r.significant).length;
    expect(rows.slice(0, significant).every((r) => r.significant)).toBe(true);
    const rest = rows.slice(significant).map((r) => r.fewer);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(rows[0].fewer).toBeGreaterThan(Math.min(...rows.map((r) => r.fewer)));

    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await settle(page);
      const fit = await page.getByTestId('compare-table').evaluate((table) => {
        const box = table.parentElement!;
        return { table: table.scrollWidth, box: box.clientWidth, right: table.getBoundingClientRect().right, screen: innerWidth };
      });
      expect(fit.table, `the table's columns at ${size.width} px`).toBeLessThanOrEqual(fit.box + 1);
      expect(fit.right).toBeLessThanOrEqual(fit.screen);
    }
    await shootScreens(page, 'compare-all-votes', async (p) => {
      await p.getByTestId('compare-table').scrollIntoViewIfNeeded();
    });
  });

  test('the category pivot gives each rank its votes and interval, and ranks no model under the minimum of votes', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('compare-mode-pivot').check();
    const pivot = page.getByTestId('category-pivot');
    await pivot.waitFor({ timeout: 90_000 });
    const minimum = Number(await page.getByTestId('pivot-min-votes').inputValue());
    expect(minimum).toBeGreaterThan(0);
    const cells = await pivot.locator('tbody td.rank').evaluateAll((tds) =>
      tds.map((td) => ({
        votes: Number(td.getAttribute('data-votes')),
        rank: td.getAttribute('data-rank'),
        highlighted: /\btop[123]\b/.test(td.className),
        text: td.textContent!.replace(/\s+/g, ' ').trim(),
      })),
    );
    // Every highlighted rank rests on at least the minimum of votes; the sample has cells under it.
    expect(cells.filter((c) => c.highlighted && c.votes < minimum)).toEqual([]);
    expect(cells.some((c) => c.votes > 0 && c.votes < minimum)).toBe(true);
    // A ranked cell shows its votes and ± half its interval under the rank.
    const ranked = cells.filter((c) => c.rank);
    expect(ranked.length).toBeGreaterThan(10);
    for (const c of ranked) expect(c.text).toMatch(new RegExp(`^${c.rank}\\s*${c.votes.toLocaleString('en-US')} ±\\d+$`));
    await shootScreens(page, 'compare-pivot', async (p) => {
      await pivot.scrollIntoViewIfNeeded();
      void p;
    });
  });
});
