import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';
import { waitForDataset, waitForRatings, closeChecked, dropFile } from './page-helpers.ts';
import { seededRandom } from '../../src/core/stats/random.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const conversations = expected.samples['arena-conversations.parquet'];

async function downloadCsv(page: Page, testId: string): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const [head, ...lines] = (await downloadedText(file))
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(head.map((h, i) => [h, l[i]])));
}

async function waitForStyle(page: Page, votes: number) {
  await page.waitForFunction(
    (n) =>
      document.querySelector('[data-testid="style-votes"]')?.getAttribute('data-votes') === String(n) &&
      !document.querySelector('[data-testid="style-progress"]'),
    votes,
    { timeout: 120_000 },
  );
}

/** Votes of 8 models where the model in seat A is worth `seat` Elo points more than it is: position bias with known truth. */
function plantedSeatCsv(seat: number, votes: number): string {
  const rng = seededRandom(29);
  const ratings = [1100, 1070, 1040, 1010, 990, 960, 930, 900];
  const lines = ['model_a,model_b,winner'];
  for (let v = 0; v < votes; v++) {
    const a = Math.floor(rng.next() * 8);
    let b = Math.floor(rng.next() * 7);
    if (b >= a) b++;
    const p = 1 / (1 + 10 ** (-(ratings[a] - ratings[b] + seat) / 400));
    lines.push(`p${a},p${b},${rng.next() < p ? 'model_a' : 'model_b'}`);
  }
  return lines.join('\n') + '\n';
}

async function waitForControls(page: Page) {
  await page.waitForFunction(
    () => !!document.querySelector('[data-testid="controls-votes"]') && !document.querySelector('[data-testid="controls-progress"]'),
    null,
    { timeout: 120_000 },
  );
}

describe('the Style & controls lens on the default sample', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await waitForRatings(session.page);
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('shows raw and style-controlled ratings for every model and the fitted coefficients', async () => {
    const { page } = session;
    const board = await downloadCsv(page, 'download-leaderboard-csv');
    await page.getByTestId('lens-style').click();
    await waitForStyle(page, conversations.votes);
    const rows = page.locator('[data-testid="style-table"] tbody tr');
    expect(await rows.count()).toBe(conversations.models);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        model: tr.getAttribute('data-model')!,
        raw: Number(tr.querySelector('[data-field="raw"]')!.textContent!.replace(/,/g, '')),
        controlled: Number(tr.querySelector('[data-field="controlled"]')!.textContent!.replace(/,/g, '')),
      })),
    );
    expect(cells.map((c) => c.model).sort()).toEqual([...conversations.model_names].sort());
    // The raw column is the app's Bradley-Terry on the same votes: the Leaderboard's ratings.
    for (const c of cells) {
      const lb = board.find((r) => r.model === c.model)!;
      expect(Math.abs(c.raw - Number(lb.rating)), c.model).toBeLessThanOrEqual(0.051);
      expect(Number.isFinite(c.controlled)).toBe(true);
    }
    const coefficients = page.locator('[data-testid="style-coefficients"] li');
    expect(await coefficients.count()).toBe(4);
    const length = page.locator('[data-testid="style-coefficients"] li[data-feature="length"]');
    expect(await length.getAttribute('data-used')).toBe('true');
    expect(await length.textContent()).toMatch(/longer answers \(characters\): [+−]\d+\.\d points per SD/);
    // The sample plants no style effect: a small length coefficient.
    expect(Math.abs(Number(await length.getAttribute('data-elo')))).toBeLessThan(15);
    expect(await page.locator('[data-chart$="-style-coefficients"] svg').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-chart$="-style-ratings"] svg').count()).toBeGreaterThan(0);
  });

  test('sorts the table by a column and downloads it as CSV', async () => {
    const { page } = session;
    await page.locator('[data-testid="style-table"] th button[data-sort="change"]').click();
    const changes = await page.locator('[data-testid="style-table"] tbody td[data-field="change"]').allTextContents();
    const values = changes.map((t) => Number(t.replace('−', '-')));
    expect(values).toEqual([...values].sort((x, y) => y - x));
    const csv = await downloadCsv(page, 'download-style-csv');
    expect(Object.keys(csv[0])).toEqual([
      'model',
      'raw_rating',
      'raw_rank',
      'controlled_rating',
      'controlled_lower',
      'controlled_upper',
      'controlled_rank',
      'change',
      'votes',
      'flag',
      'features',
      'source_file',
      'source_fingerprint',
      'slice',
      'quick_filters',
      'anchor',
      'ties_model',
      'interval_method',
      'bootstrap_rounds',
      'rounds_done',
      'provisional',
      'seed',
      'vote_weighting',
    ]);
    expect(csv[0]).toMatchObject({ features: 'text', interval_method: 'sandwich' });
    expect(csv).toHaveLength(conversations.models);
    for (const r of csv) {
      expect(Math.abs(Number(r.controlled_rating) - Number(r.raw_rating) - Number(r.change)), r.model).toBeLessThan(0.11);
    }
  });

  test('follows the slice: a language filter refits on that language’s votes', async () => {
    const { page } = session;
    await page.locator('label[title^="French:"] input[type="checkbox"]').first().check();
    await waitForStyle(page, conversations.planted.languages.French);
    expect(await page.locator('[data-lens-body="style"] h2').textContent()).toContain('French');
    expect(await page.locator('[data-testid="style-table"] tbody tr').count()).toBeGreaterThan(1);
  });

  test('seat A in one click on a dropped file with planted position bias: the interval covers it, and the link reopens it', async () => {
    const { page } = session;
    const SEAT = 40,
      VOTES = 20_000;
    const path = join(mkdtempSync(join(tmpdir(), 'arena-lens-seat-')), 'planted-seat.csv');
    writeFileSync(path, plantedSeatCsv(SEAT, VOTES));
    await dropFile(page, path);
    await page.getByTestId('lens-style').click();
    // No answer texts: style control says so, and the controls still work.
    await page.getByTestId('style-unavailable').waitFor();
    await page.getByTestId('control-seat').click();
    await waitForControls(page);
    const seat = page.locator('[data-testid="controls-coefficients"] tr[data-kind="seat"]');
    const lower = Number(await seat.getAttribute('data-lower')),
      upper = Number(await seat.getAttribute('data-upper'));
    expect(lower).toBeLessThanOrEqual(SEAT);
    expect(upper).toBeGreaterThanOrEqual(SEAT);
    expect(lower).toBeGreaterThan(0);
    expect(await seat.textContent()).toMatch(/The model shown first wins as often as a model rated \d+\.\d points higher would/);
    expect(await page.getByTestId('controls-votes').getAttribute('data-votes')).toBe(String(VOTES));
    expect(await page.locator('[data-testid="controls-table"] tbody tr').count()).toBe(8);
    const board = await downloadCsv(page, 'download-controls-board-csv');
    expect(board).toHaveLength(8);
    for (const r of board) expect(Number(r.raw_rank) - Number(r.rank_change), r.model).toBe(Number(r.controlled_rank));
    const [jsonFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-controls-json').click()]);
    const json = JSON.parse(await downloadedText(jsonFile));
    expect(json).toMatchObject({ format: 'arena-lens-controls/1', votes_used: VOTES, votes_missing_controls: 0 });
    expect(json.coefficients).toMatchObject([{ control: 'seat A', kind: 'seat', used: true }]);
    expect(json.coefficients[0].elo_per_unit_lower).toBeCloseTo(lower, 2);
    expect(json.models).toHaveLength(8);
    const coefficients = await downloadCsv(page, 'download-controls-coefficients-csv');
    expect(coefficients).toMatchObject([{ control: 'seat A', kind: 'seat', used: 'true' }]);
    const link = page.url();
    expect(link).toContain('ctl=seat');
    // The link asks for the file again, then reopens the lens with seat A chosen and fitted.
    await page.goto(link);
    await page.getByTestId('local-file-prompt').waitFor();
    await page.getByTestId('local-file-input').setInputFiles(path);
    await waitForDataset(page, 'planted-seat.csv');
    await waitForControls(page);
    expect(await page.getByTestId('control-seat').getAttribute('aria-pressed')).toBe('true');
    expect(Number(await seat.getAttribute('data-lower'))).toBeCloseTo(lower, 6);
  });
});
