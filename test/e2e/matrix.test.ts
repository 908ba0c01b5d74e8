import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';
import { dropFile, waitForDataset, waitForRatings, closeChecked } from './page-helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));

/** Centre of the n-th filled cell of the heatmap, in page coordinates. */
async function cellCentre(page: Page, n: number) {
  const box = await page.locator('[data-testid="matrix"] g[aria-description="played pairs"] rect').nth(n).boundingBox();
  if (!box) throw new Error('cell has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The sentence of the hovered cell, once the tooltip on screen shows it. Plot wraps the tooltip
 * into lines, so the drawn text is compared with spaces and its zero-width break hints removed.
 */
async function tipText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const plot = document.querySelector('[data-testid="matrix"] .plot > svg') as
      (SVGSVGElement & { value?: { tip: string } | null }) | null;
    const shown = document.querySelector('[data-testid="matrix"] g[aria-label="tip"]')?.textContent ?? '';
    const squash = (t: string) => t.replace(/[\s\u200b]/g, '');
    return plot?.value && squash(shown) === squash(plot.value.tip) ? plot.value.tip : '';
  });
}

async function downloadCsv(page: Page): Promise<string[][]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-matrix-csv').click()]);
  const text = await downloadedText(file);
  return text
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
}

async function openMatrix(page: Page) {
  await page.getByTestId('lens-leaderboard').click();
  await waitForRatings(page);
  await page.getByTestId('lens-matrix').click();
  await page.waitForSelector('[data-testid="matrix"] svg');
}

describe('the matrix lens', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await openMatrix(session.page);
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('hovering a cell shows the pair, the win share and the number of non-tie votes', async () => {
    const { page } = session;
    const { x, y } = await cellCentre(page, 3);
    await page.mouse.move(x, y);
    await expect.poll(() => tipText(page)).toMatch(/^.+ vs .+: .+ won \d+\.\d% of [\d,]+ non-tie votes$/);
  });

  test('switching modes redraws the matrix with counts and with predictions', async () => {
    const { page } = session;
    await page.getByTestId('matrix-mode-battles').check();
    await page.waitForSelector('[data-testid="matrix-lens"][data-mode="battles"]');
    let { x, y } = await cellCentre(page, 2);
    await page.mouse.move(x, y);
    await expect.poll(() => tipText(page)).toMatch(/: [\d,]+ votes, [\d,]+ of them non-tie$/);
    await page.getByTestId('matrix-mode-predicted').check();
    await page.waitForSelector('[data-testid="matrix-lens"][data-mode="predicted"]');
    ({ x, y } = await cellCentre(page, 2));
    await page.mouse.move(x + 1, y);
    await expect.poll(() => tipText(page)).toMatch(/predicted \d+\.\d% chance that .+ wins/);
    await page.getByTestId('matrix-mode-fraction').check();
    await page.waitForSelector('[data-testid="matrix-lens"][data-mode="fraction"]');
  });

  test('clicking a cell lists the votes of that pair in both seat orders', async () => {
    const { page } = session;
    const { x, y } = await cellCentre(page, 5);
    await page.mouse.move(x, y);
    const [, model, opponent] = /^(.+) vs (.+?): /.exec(await tipText(page))!;
    await page.mouse.click(x, y);
    const votes = page.getByTestId('pair-votes');
    await expect.poll(() => votes.getAttribute('data-model')).toBe(model);
    expect(await votes.getAttribute('data-opponent')).toBe(opponent);
    await page.waitForSelector('[data-testid="pair-votes"] tbody tr');
    const rows = await votes.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(50);
    const seats = await votes.locator('tbody tr td:first-child').allTextContents();
    expect(new Set(seats).size).toBeGreaterThan(0);
    expect(seats.every((s) => s === 'A' || s === 'B')).toBe(true);
    // lmsys' tstamp (unix seconds) reads as a date and time, not 1,682,294,474.599.
    const head = (await votes.locator('thead th').allTextContents()).map((h) => h.trim());
    const k = head.findIndex((h) => h.startsWith('tstamp'));
    expect(k, head.join(' | ')).toBeGreaterThan(-1);
    const stamps = await votes.locator(`tbody tr td:nth-child(${k + 1})`).allTextContents();
    expect(stamps.filter((t) => !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{3})? UTC$/.test(t.trim()))).toEqual([]);
    await expect.poll(() => votes.getByTestId('pair-votes-totals').textContent()).toMatch(/votes \(slice: all votes\)/);
  });

  test('a pair can be chosen with the keyboard alone', async () => {
    const { page } = session;
    const names = await page.getByTestId('pair-model').locator('option').allTextContents();
    await page.getByTestId('pair-model').selectOption(names[2]);
    await page.getByTestId('pair-opponent').selectOption(names[0]);
    await page.getByTestId('pair-opponent').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pair-votes').getAttribute('data-model')).toBe(names[2]);
    expect(await page.getByTestId('pair-votes').getAttribute('data-opponent')).toBe(names[0]);
  });

  test('the matrix downloads as CSV with the row model and one column per opponent', async () => {
    const { page } = session;
    // The square, then the provenance columns (file, fingerprint, slice, …) on every row.
    const lines = (await downloadCsv(page)).map((l) => l.slice(0, 21));
    expect(lines).toHaveLength(21);
    expect(lines[0]).toHaveLength(21);
    expect(lines[0][0]).toBe('model');
    expect(lines.slice(1).map((l) => l[0])).toEqual(lines[0].slice(1));
    expect(lines.slice(1).every((l, k) => l.length === 21 && l[k + 1] === '')).toBe(true);
    await page.getByTestId('matrix-top').selectOption('0');
    const all = await downloadCsv(page);
    expect(all).toHaveLength(expected.samples['arena-conversations.parquet'].models + 1);
  });

  test('a model name with markup is shown as text on both axes', async () => {
    const { page } = session;
    await dropFile(page, resolve('static-data/lmarena-100k.parquet'));
    await openMatrix(page);
    const markup = expected.samples['lmarena-100k.parquet'].planted.markup_model as string;
    const labels = page.locator('[data-testid="matrix-row-labels"] > *, [data-testid="matrix-column-labels"] > *');
    await expect.poll(() => labels.filter({ hasText: markup }).count()).toBe(2);
    expect(await page.locator('[data-testid="matrix-lens"] b').count()).toBe(0);
  });

  test('cells between the two disconnected groups of pair-counts.csv are empty', async () => {
    const { page } = session;
    await dropFile(page, resolve('static-data/pair-counts.csv'));
    await openMatrix(page);
    const [groupA, groupB] = expected.samples['pair-counts.csv'].planted.components as string[][];
    for (const mode of ['fraction', 'battles', 'predicted']) {
      await page.getByTestId(`matrix-mode-${mode}`).check();
      await page.waitForSelector(`[data-testid="matrix-lens"][data-mode="${mode}"]`);
      const square = groupA.length + groupB.length + 1;
      const lines = (await downloadCsv(page)).map((l) => l.slice(0, square));
      const names = lines[0].slice(1);
      expect(new Set(names)).toEqual(new Set([...groupA, ...groupB]));
      const filled = lines
        .slice(1)
        .flatMap((l) => l.slice(1))
        .filter((v) => v !== '').length;
      for (const row of lines.slice(1)) {
        const sameGroup = (m: string) => groupA.includes(row[0]) === groupA.includes(m);
        names.forEach((m, k) => {
          if (!sameGroup(m)) expect(row[k + 1], `${mode}: ${row[0]} vs ${m}`).toBe('');
        });
      }
      expect(await page.locator('[data-testid="matrix"] g[aria-description="played pairs"] rect').count()).toBe(filled);
    }
  });
});
