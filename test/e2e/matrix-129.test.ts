import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARENA_COUNTS as COUNTS } from '../fixtures/paths.ts';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset } from './page-helpers.ts';

describe('the matrix at 129 models (real Chatbot Arena counts)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    const { page } = session;
    await page.goto(appUrl('?sample=pair-counts&lens=matrix'));
    await waitForDataset(page, 'pair-counts.csv');
    await dropFile(page, COUNTS);
    await page.waitForSelector('[data-testid="matrix"] svg', { timeout: 90_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 90_000 });
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('opens on the top 20 by rating, with every model one choice away', async () => {
    const { page } = session;
    expect(await page.getByTestId('matrix-top').inputValue()).toBe('20');
    expect(await page.locator('[data-testid="matrix-row-labels"] > *').count()).toBe(20);
    expect(await page.getByTestId('matrix-top').locator('option').allTextContents()).toContain('all 129');
  });

  test('win fractions resting on few votes are fainter, and the tooltip gives the count', async () => {
    const { page } = session;
    const opacities = await page
      .locator('[data-testid="matrix"] g[aria-description="played pairs"] rect')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('fill-opacity'))));
    expect(Math.max(...opacities)).toBe(1);
    expect(Math.min(...opacities)).toBeLessThan(1);
    await page
      .locator('[data-testid="matrix"] g[aria-description="played pairs"] rect')
      .nth(opacities.indexOf(Math.min(...opacities)))
      .hover();
    // Plot wraps the tooltip into lines with zero-width break hints.
    const tip = async () =>
      ((await page.locator('[data-testid="matrix"] g[aria-label="tip"]').textContent()) ?? '').replace(/[\s\u200b]+/g, ' ');
    await expect.poll(tip).toMatch(/won \d+\.\d% of \d+ non-tie votes/);
  });

  test('the mode is in the address, and a reload opens the same mode', async () => {
    const { page } = session;
    await page.getByTestId('matrix-mode-battles').check();
    await expect.poll(() => new URL(page.url()).searchParams.get('mx')).toBe('battles');
    const opacities = await page
      .locator('[data-testid="matrix"] g[aria-description="played pairs"] rect')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('fill-opacity') ?? 1)));
    expect(opacities.every((o) => o === 1)).toBe(true);
    const file = new URL(page.url()).searchParams.get('file');
    expect(file).toMatch(/^chatbot-arena-20240814-counts\.parquet~/);
    await page.reload();
    // A link to a local file asks for the file again.
    await dropFile(page, COUNTS);
    await page.waitForSelector('[data-testid="matrix"] svg');
    expect(await page.getByTestId('matrix-mode-battles').isChecked()).toBe(true);
    expect(await page.getByTestId('matrix-lens').getAttribute('data-mode')).toBe('battles');
    await page.getByTestId('matrix-mode-fraction').check();
    await expect.poll(() => new URL(page.url()).searchParams.get('mx')).toBe(null);
  });

  test('with all 129 models the names stay in view on both axes while the cells scroll', async () => {
    const { page } = session;
    await page.getByTestId('matrix-top').selectOption('0');
    await expect.poll(() => page.locator('[data-testid="matrix-row-labels"] > *').count()).toBe(129);
    const scroller = page.getByTestId('matrix-scroller');
    const sizes = await scroller.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
    expect(sizes.sw).toBeGreaterThan(sizes.cw);
    expect(sizes.sh).toBeGreaterThan(sizes.ch);
    await scroller.evaluate((el) => el.scrollTo(800, 900));
    const edges = await scroller.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const cols = el.querySelector('[data-testid="matrix-column-labels"]')!.getBoundingClientRect();
      const rows = el.querySelector('[data-testid="matrix-row-labels"]')!.getBoundingClientRect();
      // The row label drawn at the vertical middle of the visible cells, and the cell there.
      const y = box.top + cols.height + (box.height - cols.height) / 2;
      const label = [...el.querySelectorAll('[data-testid="matrix-row-labels"] > *')].find((l) => {
        const r = l.getBoundingClientRect();
        return r.top <= y && r.bottom > y;
      });
      return {
        top: cols.top - box.top,
        left: rows.left - box.left,
        scrolled: [el.scrollLeft, el.scrollTop],
        label: label?.getAttribute('title') ?? null,
        labelRight: label ? label.getBoundingClientRect().right - box.left : -1,
      };
    });
    expect(edges.scrolled).toEqual([800, 900]);
    expect(Math.abs(edges.top)).toBeLessThan(1);
    expect(Math.abs(edges.left)).toBeLessThan(1);
    expect(edges.label).not.toBeNull();
    expect(edges.labelRight).toBeGreaterThan(40);
  });

  test('long names are shortened from the middle, keeping the version, with the full name on hover', async () => {
    const { page } = session;
    const label = page.locator('[data-testid="matrix-row-labels"] > [title="gemini-1.5-pro-api-0409-preview"]');
    expect(await label.textContent()).toMatch(/^gemini-1\.5-pro.*….*-preview$/);
  });

  test('arrow keys move between cells, each announced with its figures, and Enter lists the pair', async () => {
    const { page } = session;
    await page.getByTestId('matrix').focus();
    // Focus lands on row 1, column 2; two rows down and two columns right is row 3, column 4.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const sentence = (await page.getByTestId('matrix-announce').textContent())!;
    const [, model, opponent] = /^(.+) vs (.+?): .+ won \d+\.\d% of [\d,]+ non-tie votes$/.exec(sentence)!;
    expect(await page.getByTestId('matrix-focus-tip').textContent()).toBe(sentence);
    expect(await page.locator('[data-testid="matrix-row-labels"] > .lit').getAttribute('title')).toBe(model);
    expect(await page.locator('[data-testid="matrix-column-labels"] > .lit').getAttribute('title')).toBe(opponent);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pair-votes').getAttribute('data-model')).toBe(model);
    expect(await page.getByTestId('pair-votes').getAttribute('data-opponent')).toBe(opponent);
    expect(new URL(page.url()).searchParams.get('pair')).toBe(`${model},${opponent}`);
    await page.keyboard.press('Control+End');
    await expect.poll(() => page.getByTestId('matrix-announce').textContent()).toMatch(/the same model \(row and column 129\)/);
  });
});
