import { afterAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, DEFAULT_SAMPLE_FILE, waitForDataset } from './page-helpers.ts';

describe('the header', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await closeChecked(s);
  });

  // The default sample has the longest name in the sample menu, which once pushed them out of sight.
  for (const width of [1440, 800]) {
    test(`shows the votes and models on screen at ${width} px, on one line with the pickers when wide`, async () => {
      const session = await openSession({ width, height: 900 });
      sessions.push(session);
      const { page } = session;
      await page.goto(appUrl());
      await waitForDataset(page, DEFAULT_SAMPLE_FILE);
      await page.waitForSelector('[data-testid="slice-figures"][data-votes="1670250"]');
      const seen = await page.evaluate(() => {
        const figures = document.querySelector('[data-testid="slice-figures"]')!;
        const box = figures.parentElement!.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const shown = [...figures.querySelectorAll('strong')].map((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 ? s.textContent : null;
        });
        return { shown, headerHeight: Math.round(header.height) };
      });
      expect(seen.shown).toEqual(['1,670,250', '129']);
      if (width === 1440) expect(seen.headerHeight).toBeLessThan(60);
    });
  }
});
