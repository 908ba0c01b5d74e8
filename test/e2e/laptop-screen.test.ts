import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, DEFAULT_SAMPLE_FILE, waitForDataset, waitForRatings } from './page-helpers.ts';
import { settle, shootScreens } from './screens.ts';

/** What of the header and the leaderboard a laptop screen shows, measured. */
async function boardOnScreen(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="leaderboard"]')!;
    const scroller = table.parentElement!;
    const headers = [...table.querySelectorAll('thead th')].map((th) => {
      const r = th.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return {
        label: th.textContent!.trim(),
        inside: r.width > 0 && r.left >= box.left - 1 && r.right <= Math.min(box.right, innerWidth) + 1,
      };
    });
    const rows = [...table.querySelectorAll('tbody tr')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    }).length;
    // The sample menu as wide as the name it shows: its text measured in the select's own font.
    const select = document.querySelector<HTMLSelectElement>('[data-testid="sample-select"]')!;
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(select).font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'pre';
    probe.textContent = select.selectedOptions[0].text;
    document.body.append(probe);
    const nameFits = select.getBoundingClientRect().width >= probe.getBoundingClientRect().width + 16;
    probe.remove();
    const figures = document.querySelector('[data-testid="slice-figures"]')!;
    const figureBox = figures.parentElement!.getBoundingClientRect();
    const figuresShown = [...figures.querySelectorAll('strong')].every((s) => {
      const r = s.getBoundingClientRect();
      return r.width > 0 && r.left >= figureBox.left - 1 && r.right <= figureBox.right + 1;
    });
    // An inline interval bar, where one is drawn, must be wider than a dot for most rows.
    const bars = [...table.querySelectorAll('tbody tr .range')].map((b) => b.getBoundingClientRect().width).sort((a, b) => a - b);
    return {
      sideways: scroller.scrollWidth - scroller.clientWidth,
      pageSideways: document.documentElement.scrollWidth - innerWidth,
      offscreen: headers.filter((h) => !h.inside).map((h) => h.label),
      rows,
      boardTop: Math.round(table.getBoundingClientRect().top),
      nameFits,
      figuresShown,
      medianBar: bars.length ? bars[bars.length >> 1] : null,
    };
  });
}

describe('the leaderboard on a laptop screen (1280 × 800) and a desktop one (1440 × 900)', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('shows every column, the sample name, the header figures and a screenful of rows', async () => {
    session = await openSession({ width: 1280, height: 800 });
    const { page } = session;
    await page.goto(appUrl());
    await waitForDataset(page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(page);
    await shootScreens(page, 'leaderboard');
    for (const [size, minRows] of [
      [{ width: 1280, height: 800 }, 12],
      [{ width: 1440, height: 900 }, 16],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      const seen = await boardOnScreen(page);
      expect(seen.offscreen, `columns off screen at ${size.width} px`).toEqual([]);
      expect(seen.sideways, `sideways scroll inside the table at ${size.width} px`).toBeLessThanOrEqual(0);
      expect(seen.pageSideways).toBeLessThanOrEqual(0);
      expect(seen.nameFits, `the sample menu cuts its name at ${size.width} px`).toBe(true);
      expect(seen.figuresShown, `the header's votes and models at ${size.width} px`).toBe(true);
      expect(seen.rows, `rows on the first screen at ${size.width} px (board at ${seen.boardTop} px)`).toBeGreaterThanOrEqual(minRows);
      if (seen.medianBar !== null) expect(seen.medianBar, 'interval bars drawn as dots').toBeGreaterThan(6);
    }
  });
});
