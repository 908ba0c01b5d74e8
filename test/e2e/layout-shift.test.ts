import { afterEach, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, waitForDataset, waitForRatings } from './page-helpers.ts';
import { layoutShift, recordLayoutShifts } from './layout-shift.ts';

/** "Good" CLS is under 0.1 (web.dev); a steady page should be far below that. */
const BOUND = 0.02;

describe('layout shift from first paint to the final leaderboard', () => {
  let session: Session | null = null;
  afterEach(async () => {
    if (session) await closeChecked(session);
    session = null;
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 800, height: 900 },
  ]) {
    test(`at ${viewport.width} px, a first visit moves nothing once painted (CLS < ${BOUND})`, async () => {
      // A context of its own: the recorder is an init script, and a first visit starts from no cache.
      session = await openSession(viewport, { ownContext: true });
      await recordLayoutShifts(session.context);
      const { page } = session;
      await page.goto(appUrl('?sample=arena-conversations'));
      await waitForDataset(page, 'arena-conversations.parquet');
      await waitForRatings(page);
      // Every filter group has counted its values (the sidebar fills in after the table).
      await page.waitForFunction(() => !/counting…|reading the columns…/.test(document.querySelector('aside')?.textContent ?? '…'), null, {
        timeout: 90_000,
      });
      // The figures are the page's own: printed so a change shows in the log.
      const shift = await layoutShift(page);
      console.log(
        `[cls] ${viewport.width} px: CLS ${shift.cls.toFixed(4)}, total ${shift.total.toFixed(4)}, ${shift.shifts.length} shifts`,
        JSON.stringify(shift.shifts.map((s) => [Number(s.value.toFixed(4)), s.sources.slice(0, 3)])),
      );
      expect(shift.cls).toBeLessThan(BOUND);
    });
  }

  test('opening the matrix, the time lens and back keeps each lens steady as its results arrive', async () => {
    session = await openSession(undefined, { ownContext: true });
    await recordLayoutShifts(session.context);
    const { page } = session;
    await page.goto(appUrl('?sample=arena-conversations&lens=matrix'));
    await waitForDataset(page, 'arena-conversations.parquet');
    await page.waitForSelector('[data-testid="matrix"] svg');
    await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 90_000 });
    const shift = await layoutShift(page);
    console.log(
      `[cls] matrix link: CLS ${shift.cls.toFixed(4)}`,
      JSON.stringify(shift.shifts.map((s) => [Number(s.value.toFixed(4)), s.sources.slice(0, 3)])),
    );
    expect(shift.cls).toBeLessThan(BOUND);
  });
});
