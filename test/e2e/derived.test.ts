import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { openSession, type Session } from './browser.ts';
import { closeChecked, openOnSample, waitForDataset } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';

/** Votes per prompt-length bucket, counted by native DuckDB straight from the sample file. */
async function referenceBuckets(): Promise<Map<string, number>> {
  const db = await createNodeConnector();
  const rows = await db.query(
    `SELECT CASE WHEN l < 50 THEN 1 WHEN l < 200 THEN 2 WHEN l < 1000 THEN 3 ELSE 4 END AS bucket, count(*) AS n
     FROM (SELECT length(conversation_a[1].content) AS l FROM read_parquet($1)) GROUP BY 1 ORDER BY 1`,
    [resolve('static-data/arena-conversations.parquet')],
  );
  db.close();
  return new Map(rows.map((r) => [String(r.bucket), Number(r.n)]));
}

describe('dimensions derived from the text: prompt length on the default sample', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(() => closeChecked(session));

  test('the filter panel offers prompt-length buckets with the votes the file holds, and filtering on one follows through a link', async () => {
    const { page } = session;
    const reference = await referenceBuckets();
    expect(reference.size, 'the sample has prompts of several lengths').toBeGreaterThan(1);
    const group = page.locator('[data-dimension="prompt_length"]');
    await group.locator('li').first().waitFor({ timeout: 30_000 });
    const shown = new Map<string, number>();
    for (const li of await group.locator('li').all()) {
      const value = (await li.getAttribute('data-value'))!;
      // Values read "1: under 50 chars" …: the number before the colon is the bucket.
      shown.set(value.split(':')[0], Number((await li.locator('.count').textContent())!.replace(/,/g, '')));
    }
    expect(shown).toEqual(reference);

    const [bucket, votes] = [...reference].sort((x, y) => x[1] - y[1])[0];
    await group
      .locator('li')
      .filter({ hasText: new RegExp(`^\\s*${bucket}:`) })
      .locator('input')
      .click();
    await expect.poll(() => page.getByTestId('slice-figures').getAttribute('data-votes'), { timeout: 30_000 }).toBe(String(votes));
    await expect.poll(() => page.url()).toContain('prompt_length');

    const fresh = await openSession();
    try {
      await fresh.page.goto(page.url());
      await waitForDataset(fresh.page, 'arena-conversations.parquet');
      await expect.poll(() => fresh.page.getByTestId('slice-figures').getAttribute('data-votes'), { timeout: 30_000 }).toBe(String(votes));
      expect(await fresh.page.getByTestId('view-notes').count(), 'no note about a dropped filter').toBe(0);
    } finally {
      await closeChecked(fresh);
    }
  });
});
