import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser';
import { dropFile, summaryFigures, waitForDataset, waitForRatings, closeChecked } from './page-helpers';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const samples = Object.entries(expected.samples) as [string, any][];

// The generator names rejection reasons in its own words; the page uses the battles builder's.
const REASONS: Record<string, string> = {
  missing_model: 'null model',
  self_pair: 'model against itself',
};

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
    expect(figures.outcomes).toEqual(planted.outcomes);
    const rejected: Record<string, number> = {};
    for (const [reason, rows] of Object.entries(figures.rejected)) {
      const key = reason.startsWith('unknown winner label') ? 'unknown_winner' : Object.keys(REASONS).find((k) => REASONS[k] === reason) ?? reason;
      rejected[key] = (rejected[key] ?? 0) + Number(rows);
    }
    for (const [reason, rows] of Object.entries(planted.rejected as Record<string, number>)) {
      expect(rejected[reason] ?? 0, reason).toBe(rows);
    }
    await waitForRatings(page);
  });
});
