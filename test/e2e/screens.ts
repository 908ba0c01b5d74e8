/**
 * Screenshots a test leaves in its output for people to look at (as shoot.ts does for the whole
 * page): the view at a laptop's 1280 × 800, a desktop's 1440 × 900 and a phone's 390 × 844, saved
 * as test/.cache/screens/<name>-<width>.png. The viewport is put back afterwards.
 */
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SCREENS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

export const SCREENS_DIR = resolve('test/.cache/screens');

/** Lets the page lay out and draw at its new size (charts redraw on the frame after a resize). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 150)));
}

/** Shoots `page` at each screen size; `before` runs after each resize (to scroll something into view). */
export async function shootScreens(page: Page, name: string, before?: (page: Page) => Promise<void>): Promise<string[]> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  for (const size of SCREENS) {
    await page.setViewportSize(size);
    await settle(page);
    if (before) await before(page);
    const file = join(SCREENS_DIR, `${name}-${size.width}.png`);
    await page.screenshot({ path: file });
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  await settle(page);
  return files;
}
