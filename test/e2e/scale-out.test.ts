import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Session } from './browser.ts';
import { closeChecked, dropFile, openOnSample, summaryFigures, waitForRatings } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';

describe('the aggregation for data bigger than a browser', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample({ rated: true })));
  afterAll(() => closeChecked(session));

  test('the SQL the page shows runs on DuckDB, and its counts open in the page with the same leaderboard', async () => {
    const { page } = session;
    const before = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-model'), r.querySelector('td.strong')?.textContent]));
    await page.getByTestId('lens-sql').click();
    await page.getByTestId('scale-out-sql').locator('summary').click();
    await page.getByTestId('scale-dialect').selectOption('duckdb');
    await page.getByTestId('scale-out-sql').getByLabel('language').check();
    const sql = (await page.getByTestId('scale-sql').textContent())!;
    expect(sql).toContain('"language"');

    const out = join(mkdtempSync(join(tmpdir(), 'arena-lens-scale-')), 'counts.csv');
    const db = await createNodeConnector();
    await db.query(`CREATE TABLE votes AS SELECT * FROM read_parquet($1)`, [resolve('static-data/arena-conversations.parquet')]);
    await db.query(`COPY (${sql.replace(/;\s*$/, '')}) TO $1 (FORMAT csv, HEADER)`, [out]);
    db.close();

    await dropFile(page, out);
    expect(await summaryFigures(page)).toMatchObject({ votes: 30000, models: 24, preset: 'pair-counts' });
    await page.getByTestId('lens-leaderboard').click();
    await waitForRatings(page);
    const after = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-model'), r.querySelector('td.strong')?.textContent]));
    expect(after).toEqual(before);
  });
});
