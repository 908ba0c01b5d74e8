import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, leaderboardCsv, openOnSample, waitForDataset, waitForRatings } from './page-helpers.ts';
import { main as rankMain } from '../../src/cli/rank.ts';
import { run, STATIC, type BoardRecord } from '../unit/cli/helpers.ts';
import { join } from 'node:path';

describe('the rating worker', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample({ rated: true })));
  afterAll(() => closeChecked(session));

  test('rounds shared with the bootstrap helper give the intervals the command line computes alone', async () => {
    const { page } = session;
    expect(
      page.workers().some((w) => w.url().includes('bootstrap-helper')),
      'the helper worker ran',
    ).toBe(true);
    const csv = (await leaderboardCsv(page)).trim().split(/\r?\n/);
    const header = csv[0].split(',');
    const at = (name: string) => header.indexOf(name);
    const page_ = new Map(
      csv
        .slice(1)
        .map((line) => line.split(','))
        .map((f) => [f[at('model')], { lower: Number(f[at('lower')]), upper: Number(f[at('upper')]) }]),
    );
    const cli = await run(rankMain, join(STATIC, 'arena-conversations.parquet'), '--json');
    const records: BoardRecord[] = JSON.parse(cli.stdout).models;
    expect(records.length).toBe(page_.size);
    for (const r of records) {
      const shown = page_.get(r.model)!;
      // The CSV rounds to 0.001.
      expect(Math.abs(shown.lower - r.lower!), r.model).toBeLessThan(0.0011);
      expect(Math.abs(shown.upper - r.upper!), r.model).toBeLessThan(0.0011);
    }
  });

  test('exclude ties, counted from the pair counts already held (no query), is the board of rank --exclude-ties', async () => {
    const { page } = session;
    const cli = await run(rankMain, join(STATIC, 'arena-conversations.parquet'), '--exclude-ties', '--json');
    const records: BoardRecord[] = JSON.parse(cli.stdout).models;
    const wholeVotes = Number(await page.getByTestId('slice-figures').getAttribute('data-votes'));
    await page.getByTestId('quick-exclude-ties').check();
    const board = async () => {
      const csv = (await leaderboardCsv(page)).trim().split(/\r?\n/);
      const header = csv[0].split(',');
      return {
        at: (name: string) => header.indexOf(name),
        rows: new Map(
          csv
            .slice(1)
            .map((l) => l.split(','))
            .map((f) => [f[1], f]),
        ),
      };
    };
    // The new board, its intervals done: every model's votes are the command line's and nothing runs.
    await expect
      .poll(async () => {
        const { at, rows } = await board();
        const running = await page.locator('[data-testid="status"]').count();
        return running === 0 && records.every((r) => Number(rows.get(r.model)?.[at('votes')]) === r.votes);
      })
      .toBe(true);
    expect(Number(await page.getByTestId('slice-figures').getAttribute('data-votes'))).toBeLessThan(wholeVotes);
    const { at, rows } = await board();
    expect(at('model')).toBe(1);
    expect(rows.size).toBe(records.length);
    for (const r of records) {
      const f = rows.get(r.model)!;
      expect(f[at('quick_filters')]).toBe('ties excluded');
      // The CSV rounds to 0.001.
      for (const key of ['rating', 'lower', 'upper'] as const)
        expect(Math.abs(Number(f[at(key)]) - r[key]!), `${r.model} ${key}`).toBeLessThan(0.0011);
    }
    await page.getByTestId('quick-exclude-ties').uncheck();
    await expect.poll(async () => Number(await page.getByTestId('slice-figures').getAttribute('data-votes'))).toBe(wholeVotes);
    await waitForRatings(page);
  });

  test('a newer request supersedes older ones: rapid option changes end on the last one, never a stale board', async () => {
    const { page } = session;
    await page.getByText('Rating options').click();
    for (const seed of ['1', '2', '3', '4']) {
      await page.getByTestId('option-seed').fill(seed);
      await page.getByTestId('option-seed').blur();
    }
    await expect.poll(() => page.url()).toContain('seed=4');
    await waitForRatings(page);
    const final = await leaderboardCsv(page);
    const fresh = await openSession();
    try {
      await fresh.page.goto(appUrl('?sample=arena-conversations&seed=4'));
      await waitForDataset(fresh.page, 'arena-conversations.parquet');
      await waitForRatings(fresh.page);
      expect(await leaderboardCsv(fresh.page)).toBe(final);
    } finally {
      await fresh.close();
    }
  });

  test('a worker that crashes mid-bootstrap is restarted, says so, and finishes the same ratings', async () => {
    const { page } = session;
    const expected = await leaderboardCsv(page);
    const worker = page.workers().find((w) => w.url().includes('rating.worker'));
    expect(worker, 'the rating worker is running').toBeTruthy();
    // An uncaught error escaping the worker, as a crash would, right after it reports a round of the
    // next bootstrap: the crash always falls mid-run, however fast the machine.
    await worker!.evaluate(() => {
      const scope = self as unknown as { postMessage: (message: { type?: string; roundsDone?: number; rounds?: number }) => void };
      const post = scope.postMessage.bind(scope);
      let armed = true;
      scope.postMessage = (message) => {
        post(message);
        if (armed && message?.type === 'progress' && message.roundsDone! < message.rounds!) {
          armed = false;
          setTimeout(() => {
            throw new Error('simulated crash');
          });
        }
      };
    });
    await page.getByTestId('option-seed').fill('5');
    await page.getByTestId('option-seed').blur();
    await page.getByTestId('option-seed').fill('4');
    await page.getByTestId('option-seed').blur();
    await expect.poll(() => page.getByTestId('worker-notice').textContent()).toContain('restarted');
    await waitForRatings(page);
    expect(await leaderboardCsv(page)).toBe(expected);
  });
});
