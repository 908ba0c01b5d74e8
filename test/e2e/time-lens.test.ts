import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset } from './page-helpers.ts';

/** Eight days of votes between six models (the span of the report), as a CSV a user would drop. */
function eightDays(): string {
  const dir = resolve('test/.cache');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'eight-days.csv');
  const models = ['alpha-1', 'beta-2', 'gamma-3', 'delta-4', 'epsilon-5', 'zeta-6'];
  const start = Date.UTC(2024, 1, 14) / 1000;
  const lines = ['model_a,model_b,winner,judge,tstamp'];
  for (let i = 0; i < 3000; i++) {
    const a = i % 6,
      b = (a + 1 + (i % 5)) % 6;
    const winner = (i * 7) % 10 < 5 + (a < b ? 1 : -1) ? 'model_a' : i % 10 === 9 ? 'tie' : 'model_b';
    lines.push(`${models[a]},${models[b]},${winner},user_${i % 40},${(start + (i / 3000) * 8 * 86_400 + 1.316).toFixed(3)}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('the Over time lens on eight days of votes', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    const { page } = session;
    await page.goto(appUrl('?sample=pair-counts'));
    await waitForDataset(page, 'pair-counts.csv');
    await dropFile(page, eightDays());
    await page.getByTestId('lens-time').click();
    await page.waitForSelector('[data-testid="time-chart"] svg', { timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="time-progress"]'), null, { timeout: 90_000 });
  });
  afterAll(() => closeChecked(session));

  test('says why the file has no Topics lens: no prompt text', async () => {
    const { page } = session;
    expect(await page.getByTestId('lens-topics').count()).toBe(0);
    const absent = page.getByTestId('absent-topics');
    expect(await absent.getAttribute('title')).toBe('Topics needs a prompt, question or conversation column; this file has none.');
    await absent.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('absent-why').textContent()).toBe(
      'Topics needs a prompt, question or conversation column; this file has none.',
    );
    // A second press hides the note again, leaving the lens where the next tests expect it.
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('absent-why').count()).toBe(0);
  });

  test('offers windows that fit eight days, named in plain plurals', async () => {
    const options = await session.page.getByTestId('time-width').locator('option').allTextContents();
    expect(options).toEqual(['1 day', '2 days', '4 days']);
    expect(await session.page.getByTestId('time-width').inputValue()).toBe('4');
  });

  test('draws a line of whole 4-day windows, not a single point', async () => {
    const rows = await session.page.locator('[data-testid="time-lens"] [data-table] tbody tr').count();
    // Five windows (ending on days 4 to 8) for each of the six models.
    expect(rows).toBe(5 * 6);
    const paths = await session.page.locator('[data-testid="time-chart"] g[aria-label="line"] path').count();
    expect(paths).toBe(6);
  });

  test('labels the time axis with dates for the span, never a raw timestamp', async () => {
    const ticks = await session.page.locator('[data-testid="time-chart"] g[aria-label="x-axis tick label"] text').allTextContents();
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(t).toMatch(/^(Jan|Feb|Mar) \d{1,2}$/);
  });
});
