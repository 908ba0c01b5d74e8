import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, waitForDataset } from './page-helpers.ts';

describe('the SQL console in the link', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=lmarena-100k&lens=sql'));
    await waitForDataset(session.page, 'lmarena-100k.parquet');
  });
  afterAll(() => closeChecked(session));

  test('the query text goes into the address, and the address opens on it, run', async () => {
    const { page } = session;
    const query = "SELECT outcome, sum(weight) AS votes FROM battles WHERE language = 'French' GROUP BY outcome ORDER BY outcome";
    await page.getByTestId('sql-input').fill(query);
    await expect.poll(() => new URL(page.url()).searchParams.get('sql')).toBe(query);
    const link = page.url();
    const other = await session.context.newPage();
    await other.goto(link);
    await waitForDataset(other, 'lmarena-100k.parquet');
    expect(await other.getByTestId('sql-input').inputValue()).toBe(query);
    await other.waitForSelector('[data-testid="sql-result"][data-state="rows"]', { timeout: 60_000 });
    const cells = await other.locator('[data-testid="sql-result"] tbody tr td:first-child').allTextContents();
    // outcome is an ENUM: ordered as declared.
    expect(cells).toEqual(['a', 'b', 'tie', 'both_bad']);
    await other.close();
  });

  test('the example query leaves the address clean', async () => {
    const { page } = session;
    await page.getByRole('button', { name: /^SELECT model_a, count/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sql')).toBe(null);
  });
});
