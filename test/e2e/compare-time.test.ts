import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { downloadedText, type Session } from './browser.ts';
import { closeChecked, openOnSample } from './page-helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const planted = expected.samples['arena-conversations.parquet'].planted;

async function csvOf(page: Page, button: string): Promise<string[][]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
  return (await downloadedText(file))
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
}

describe('the compare and over-time lenses on the default sample', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample({ rated: true })));
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('language = French vs everything else marks gallia-13b-chat as significantly better in French', async () => {
    const { page } = session;
    await page.getByTestId('lens-compare').click();
    await page.waitForSelector('[data-testid="slice-left-value"] option', { state: 'attached' });
    await page.getByTestId('slice-left-dimension').selectOption({ label: 'language' });
    await page.getByTestId('slice-left-value').selectOption('"French"');
    await expect.poll(() => page.getByTestId('slice-right-value').inputValue()).toBe('\u0000rest');
    const gallia = page.locator('[data-testid="compare-table"] tr[data-model="gallia-13b-chat"]');
    await expect.poll(() => gallia.getAttribute('data-significant'), { timeout: 60_000 }).toBe('true');
    const diff = Number((await gallia.locator('.diff').textContent())!.replace('−', '-'));
    expect(diff).toBeGreaterThan(planted.language_effects.French['gallia-13b-chat'] - 80);
    expect(diff).toBeLessThan(planted.language_effects.French['gallia-13b-chat'] + 80);
    expect(await page.locator('[data-chart$="compare-ratings"] svg').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-chart$="compare-difference"] svg').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-chart$="compare-ratings"] .title').textContent())
      .toContain('language = French vs language ≠ French');
  });

  test('the comparison downloads as CSV with one row per model', async () => {
    const rows = await csvOf(session.page, '[data-testid="download-compare-csv"]');
    expect(rows[0].slice(0, 4)).toEqual(['model', 'left_slice', 'right_slice', 'left_rating']);
    const gallia = rows.find((r) => r[0] === 'gallia-13b-chat')!;
    expect(gallia[rows[0].indexOf('significant')]).toBe('true');
    expect(rows.length - 1).toBe(expected.samples['arena-conversations.parquet'].models);
  });

  test('the category pivot ranks every model per language, top 3 highlighted', async () => {
    const { page } = session;
    await page.getByTestId('compare-mode-pivot').check();
    const pivot = page.getByTestId('category-pivot');
    await pivot.waitFor({ timeout: 60_000 });
    const headers = await pivot.locator('thead th').allTextContents();
    expect(headers[1]).toMatch(/^All/);
    expect(headers[2]).toMatch(/^English[\d,]+ votes$/);
    const french = headers.findIndex((h) => h.startsWith('French'));
    const galliaRank = await pivot.locator('tr[data-model="gallia-13b-chat"] td').nth(french).getAttribute('data-rank');
    expect(Number(galliaRank)).toBeLessThanOrEqual(2);
    // One highlighted first place in each column that ranks anyone (a column may have no model with the minimum of votes).
    expect(await pivot.locator('td.top1').count()).toBe(await pivot.locator('td[data-rank="1"]').count());
    expect(await pivot.locator('td.top1').count()).toBeGreaterThanOrEqual(2);
  });

  test('over time draws one line per top model, and the late model enters at day 60', async () => {
    const { page } = session;
    await page.getByTestId('lens-time').click();
    await page.waitForSelector('[data-testid="time-chart"] svg', { timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="time-progress"]'), null, { timeout: 90_000 });
    const lines = page.locator('[data-testid="time-chart"] g[aria-label="line"] path');
    expect(await lines.count()).toBe(8);
    // Each window is its own fit (mean 1000, 100 rounds): the caption names the slice, not the leaderboard's settings.
    const frame = page.locator('[data-chart$="ratings-over-time"]');
    expect(await frame.getByTestId('chart-provenance').textContent()).toBe('all votes');
    expect(await frame.locator('.subtitle').textContent()).toContain('mean 1000 in each window; bands: 95% bootstrap, 100 rounds a window');
    const entries = await page.getByTestId('time-entries').textContent();
    const firstDay = new Date(planted.late_model.first_tstamp * 1000).toISOString().slice(0, 10);
    expect(entries).toContain(`${planted.late_model.model} (first vote ${firstDay})`);
    const rows = await csvOf(page, '[data-testid="time-lens"] [data-table] [data-download="csv"]');
    const late = rows.filter((r) => r[2] === planted.late_model.model);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((r) => r[1] > firstDay)).toBe(true);
  });
});
