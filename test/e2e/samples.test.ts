import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { dropFile, summaryFigures, waitForDataset, waitForRatings, closeChecked } from './page-helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const samples = Object.entries(expected.samples) as [string, any][];

/** The lens each shape opens on: the one that has something to show (no model names → not the leaderboard). */
const LANDING: Record<string, string> = { genrm: 'judges', 'french-maxx': 'defects' };

describe('every built-in sample, dropped on the page', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
  });
  afterAll(() => closeChecked(session));

  test('the default sample is loaded and rated on opening', async () => {
    await waitForRatings(session.page);
    const rows = await session.page.locator('[data-testid="leaderboard"] tbody tr').count();
    expect(rows).toBe(expected.samples['arena-conversations.parquet'].models);
  });

  test.each(samples)('%s is recognised and summarised as the generator planted it', async (file, planted) => {
    const { page } = session;
    await dropFile(page, resolve('static-data', file));
    const figures = await summaryFigures(page);
    expect(figures.preset).toBe(planted.preset);
    expect(figures.rows).toBe(planted.rows);
    expect(figures.votes).toBe(planted.votes);
    expect(figures.models).toBe(planted.models);
    // Every outcome the votes hold, with its count; a zero only where the shape could have given it (no "both bad 0" for comparIA).
    for (const [o, n] of Object.entries(planted.outcomes as Record<string, number>)) if (n > 0) expect(figures.outcomes[o], o).toBe(n);
    for (const [o, n] of Object.entries(figures.outcomes)) expect(n, o).toBe(planted.outcomes[o]);
    expect(figures.rejected).toEqual(planted.rejected);
    const landing = LANDING[planted.preset] ?? 'leaderboard';
    await expect.poll(() => page.getByTestId(`lens-${landing}`).getAttribute('aria-selected')).toBe('true');
    if (landing === 'leaderboard') await waitForRatings(page);
    else await page.locator(`[data-lens-body="${landing}"]`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('error').count()).toBe(0);
  });
});
