/**
 * The model profile on the built-in 1.67M real Chatbot Arena votes: opened from a model's name in
 * the leaderboard, it lists every opponent with the observed share (ties as half) counted here
 * straight from the file with DuckDB, and the predicted share from the reference ratings of an
 * independent fit (test/fixtures); its address opens it again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { ARENA_COUNTS, STATIC, readArenaExpected } from '../fixtures/paths.ts';
import { join } from 'node:path';
import { computeLeaderboard } from '../../src/core/stats/leaderboard.ts';
import { pointRank } from '../../src/core/stats/model-profile.ts';
import { defaultStep, defaultWidth, timeWindows } from '../../src/core/stats/time-windows.ts';
import type { PairCounts } from '../../src/core/stats/pair-counts.ts';
import { appUrl, openSession, type Session } from './browser.ts';
import {
  closeChecked,
  CONVERSATIONS_FILE,
  CONVERSATIONS_QUERY,
  DEFAULT_SAMPLE_FILE,
  downloadText,
  waitForDataset,
  waitForRatings,
} from './page-helpers.ts';

const MODEL = 'chatgpt-4o-latest';
const CONVERSATIONS_PARQUET = join(STATIC, CONVERSATIONS_FILE);

/** Observed share of MODEL against each opponent, from the counts file. */
async function observedShares(): Promise<Map<string, { votes: number; share: number }>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `select case when model_a = $1 then model_b else model_a end as opponent, sum("count") as votes,
            sum(case when winner like 'tie%' then 0.5 * "count"
                     when (model_a = $1) = (winner = 'model_a') then "count" else 0 end) as score
     from read_parquet('${ARENA_COUNTS}') where (model_a = $1 or model_b = $1) and model_a <> model_b group by 1`,
    [MODEL],
  );
  const rows = reader.getRowObjects() as Record<string, unknown>[];
  connection.closeSync();
  return new Map(rows.map((r) => [String(r.opponent), { votes: Number(r.votes), share: Number(r.score) / Number(r.votes) }]));
}

type Shown = { opponent: string; votes: number; observed: number; predicted: number };
const shownRows = (session: Session): Promise<Shown[]> =>
  session.page.locator('[data-testid="profile-opponents"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      opponent: tr.getAttribute('data-opponent')!,
      votes: Number(tr.getAttribute('data-votes')),
      observed: Number(tr.getAttribute('data-observed')),
      predicted: Number(tr.getAttribute('data-predicted')),
    })),
  );

async function waitForProfile(session: Session, model: string) {
  await session.page.waitForSelector(`[data-testid="profile-lens"][data-model="${model}"] [data-testid="profile-opponents"] tbody tr`, {
    timeout: 90_000,
  });
}

describe('the model profile', () => {
  let session: Session;
  let expected: Map<string, { votes: number; share: number }>;
  beforeAll(async () => {
    expected = await observedShares();
    session = await openSession();
    await session.page.goto(appUrl(''));
    await waitForDataset(session.page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(session.page);
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('opened with no model, offers the five top rated of the reference fit, and one click opens a profile', async () => {
    const { page } = session;
    await page.getByTestId('lens-profile').click();
    const starts = page.getByTestId('profile-starts').getByRole('button');
    await expect.poll(() => starts.count(), { timeout: 60_000 }).toBe(5);
    const reference = Object.entries(readArenaExpected().mean_1000).sort((a, b) => b[1] - a[1]);
    expect(await starts.allTextContents()).toEqual(reference.slice(0, 5).map(([m]) => m));
    const second = reference[1][0];
    await starts.nth(1).click();
    await waitForProfile(session, second);
    expect(new URL(page.url()).searchParams.get('profile')).toBe(second);
    await page.getByTestId('lens-leaderboard').click();
  });

  test('opens from the model’s name in the leaderboard', async () => {
    const { page } = session;
    await page.locator(`[data-testid="leaderboard"] tr[data-model="${MODEL}"] [data-testid="open-profile"]`).click();
    await waitForProfile(session, MODEL);
    expect(await page.getByTestId('lens-profile').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('profile-title').textContent()).toBe(MODEL);
    await expect.poll(() => new URL(page.url()).searchParams.get('profile')).toBe(MODEL);
    expect(new URL(page.url()).searchParams.get('lens')).toBe('profile');
  });

  test('lists every opponent with the observed share of the file and the share the reference ratings predict', async () => {
    const rows = await shownRows(session);
    const reference = readArenaExpected().mean_1000;
    expect(rows.map((r) => r.opponent).sort()).toEqual([...expected.keys()].sort());
    for (const r of rows) {
      const e = expected.get(r.opponent)!;
      expect(r.votes, r.opponent).toBe(e.votes);
      expect(r.observed, r.opponent).toBeCloseTo(e.share, 9);
      expect(r.predicted, r.opponent).toBeCloseTo(1 / (1 + 10 ** ((reference[r.opponent] - reference[MODEL]) / 400)), 3);
    }
    // Most surprising first: the standardised residuals shrink down the table.
    const z = rows.map((r) => Math.abs((r.observed - r.predicted) / Math.sqrt((r.predicted * (1 - r.predicted)) / r.votes)));
    for (let k = 1; k < z.length; k++) expect(z[k]).toBeLessThanOrEqual(z[k - 1] + 1e-9);
    // One chart mark per opponent for each share.
    expect(await session.page.locator('[data-testid="profile-chart"] svg circle').count()).toBe(2 * rows.length);
  });

  test('downloads the table as CSV, one line per opponent', async () => {
    const text = await downloadText(session.page, () => session.page.getByTestId('download-profile-csv').click());
    const lines = text
      .trim()
      .split(/\r?\n/)
      .filter((l) => l.startsWith(`${MODEL},`));
    expect(lines.length).toBe(expected.size);
  });

  test('an opponent’s name lists the votes of the pair', async () => {
    const { page } = session;
    const [first] = await shownRows(session);
    await page.locator(`[data-testid="profile-opponents"] tr[data-opponent="${first.opponent}"] button`).click();
    const totals = page.locator(`[data-testid="pair-votes"][data-opponent="${first.opponent}"] [data-testid="pair-votes-totals"]`);
    await totals.waitFor({ timeout: 30_000 });
    expect(await totals.textContent()).toMatch(new RegExp(`^\\s*${first.votes.toLocaleString('en-US')} votes`));
  });

  test('its votes on a file of counts: each row says how many votes it holds, as the file does', async () => {
    const { page } = session;
    const cards = page.locator('[data-testid="profile-votes-rows"] article');
    await cards.first().waitFor({ timeout: 60_000 });
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(
      `select "count" as n from read_parquet('${ARENA_COUNTS}') where model_a = $1 or model_b = $1 limit 3`,
      [MODEL],
    );
    const counts = (reader.getRowObjects() as Record<string, unknown>[]).map((r) => Number(r.n));
    connection.closeSync();
    const shown = await cards.evaluateAll((els) =>
      els.slice(0, 3).map((el) => el.querySelector('[data-field="weight"]')?.textContent ?? null),
    );
    expect(shown).toEqual(counts.map((n) => (n === 1 ? null : `${n.toLocaleString('en-US')} votes`)));
  });

  test('the link opens the same profile again, and the name is reachable by keyboard', async () => {
    const { page } = session;
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await waitForDataset(page, DEFAULT_SAMPLE_FILE);
    await waitForProfile(session, MODEL);
    expect((await shownRows(session)).length).toBe(expected.size);
    // Back on the leaderboard, a name is a button: focused and opened with Enter.
    await page.getByTestId('lens-leaderboard').click();
    await waitForRatings(page);
    const other = page.locator('[data-testid="leaderboard"] tbody tr').nth(1);
    const name = (await other.getAttribute('data-model'))!;
    await other.getByTestId('open-profile').focus();
    await page.keyboard.press('Enter');
    await waitForProfile(session, name);
    await expect.poll(() => new URL(page.url()).searchParams.get('profile')).toBe(name);
  });
});

/** Rows of one statement over the conversations sample, read here with DuckDB. */
async function onConversations(sql: string, params: (string | number)[] = []): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(sql.replaceAll('FILE', `read_parquet('${CONVERSATIONS_PARQUET}')`), params);
  const rows = reader.getRowObjects() as Record<string, unknown>[];
  connection.closeSync();
  return rows;
}

/** The cells of a section's table, row by row. */
const tableCells = (session: Session, section: string) =>
  session.page
    .locator(`[data-testid="${section}"] table tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
const num = (text: string) => Number(text.replace(/,/g, ''));

/** PairCounts of the conversations sample's votes in one language (all of them for null), read here from the file. */
async function languageCounts(language: string | null): Promise<PairCounts> {
  const rows = (await onConversations(
    `select model_a, model_b, winner, count(*) as n from FILE where ${language === null ? 'true' : 'language = $1'} group by all`,
    language === null ? [] : [language],
  )) as { model_a: string; model_b: string; winner: string; n: bigint }[];
  const models = [...new Set(rows.flatMap((r) => [r.model_a, r.model_b]))].sort();
  const code: Record<string, number> = { model_a: 0, model_b: 1, tie: 2, 'tie (bothbad)': 3 };
  return {
    models,
    a: Int32Array.from(rows, (r) => models.indexOf(r.model_a)),
    b: Int32Array.from(rows, (r) => models.indexOf(r.model_b)),
    outcome: Uint8Array.from(rows, (r) => code[r.winner]),
    n: Float64Array.from(rows, (r) => Number(r.n)),
  };
}

describe('the model profile from the matrix', () => {
  test('the pair under the matrix opens either model’s profile', async () => {
    const session = await openSession();
    try {
      const { page } = session;
      await page.goto(appUrl(`?lens=matrix&pair=${MODEL},gpt-4o-2024-05-13`));
      await waitForDataset(page, DEFAULT_SAMPLE_FILE);
      await page.getByTestId('matrix-open-profile').nth(1).click();
      await waitForProfile(session, 'gpt-4o-2024-05-13');
      expect(await page.getByTestId('lens-profile').getAttribute('aria-selected')).toBe('true');
      expect(session.errors).toEqual([]);
    } finally {
      await closeChecked(session);
    }
  });
});

describe('the model profile’s rank by language', () => {
  const model = 'tessera-4-0613';
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl(`${CONVERSATIONS_QUERY}&lens=profile&profile=${model}`));
    await waitForDataset(session.page, CONVERSATIONS_FILE);
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('gives the rank in each language equal to a separate fit of that language’s votes', async () => {
    const { page } = session;
    const table = page.locator('[data-testid="profile-slices"] table');
    await table.locator('tbody tr').first().waitFor({ timeout: 90_000 });
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    // Columns: value, votes in value, model votes, rank, overall, change, rating.
    expect(rows.map((r) => r[0])).toContain('French');
    for (const language of ['English', 'French', 'German']) {
      const row = rows.find((r) => r[0] === language)!;
      const board = computeLeaderboard(await languageCounts(language), { bootstrapRounds: 0 });
      const rank = pointRank(board, model)!;
      expect(row[3], language).toBe(`${rank.rank} of ${rank.of}`);
      expect(Number(row[2].replace(/,/g, '')), language).toBe(rank.votes);
    }
  });

  test('follows its rating over time in sliding windows, each with the votes the file has in it', async () => {
    const table = session.page.locator('[data-testid="profile-time"] table tbody tr');
    await table.first().waitFor({ timeout: 120_000 });
    expect(await session.page.locator('[data-testid="profile-time-chart"] svg[aria-label="Ratings over time"]').count()).toBe(1);
    const [range] = await onConversations('select min(tstamp) as first, max(tstamp) as last from FILE');
    const origin = Number(range.first);
    const step = defaultStep(Number(range.last) - origin).seconds;
    const count = Math.floor((Number(range.last) - origin) / step) + 1;
    const windows = timeWindows(count, { mode: 'sliding', width: defaultWidth(count) });
    const perBucket = await onConversations(
      `select floor((tstamp - $2) / $3) as k, count(*) as n from FILE where (model_a = $1 or model_b = $1) and model_a <> model_b group by 1`,
      [model, origin, step],
    );
    const expected = windows.map((w) =>
      perBucket.filter((r) => Number(r.k) >= w.from && Number(r.k) < w.to).reduce((s, r) => s + Number(r.n), 0),
    );
    // Columns: window_start, window_end, rating, lower, upper, votes.
    const rows = await tableCells(session, 'profile-time');
    expect(rows.map((r) => num(r[5]))).toEqual(expected);
    for (const r of rows) expect(num(r[3])).toBeLessThanOrEqual(num(r[2]));
  });

  test('gives its flagged votes and its win share without them as the file does', async () => {
    const table = session.page.locator('[data-testid="profile-flags"] table tbody tr');
    await table.first().waitFor({ timeout: 60_000 });
    const rows = await tableCells(session, 'profile-flags');
    // Columns: flag, votes, flagged, flagged %, slice flagged %, win % (all), win % without flagged, …
    const moderation = rows.find((r) => r[0] === 'openai moderation')!;
    const [e] = await onConversations(
      `select count(*) as votes, count(*) filter (where openai_moderation.flagged) as flagged,
              avg(case when winner like 'tie%' then 0.5 when (model_a = $1) = (winner = 'model_a') then 1 else 0 end)
                filter (where openai_moderation.flagged is not true) as unflagged
       from FILE where (model_a = $1 or model_b = $1) and model_a <> model_b`,
      [model],
    );
    expect(rows.length).toBe(3);
    expect([num(moderation[1]), num(moderation[2])]).toEqual([Number(e.votes), Number(e.flagged)]);
    expect(num(moderation[6])).toBeCloseTo(100 * Number(e.unflagged), 2);
  });

  test('lists its votes, 20 a page, the model in either seat', async () => {
    const { page } = session;
    const rows = page.locator('[data-testid="profile-votes-rows"]');
    await rows.waitFor({ timeout: 60_000 });
    const [e] = await onConversations(`select count(*) as n from FILE where model_a = $1 or model_b = $1`, [model]);
    expect(Number(await rows.getAttribute('data-total'))).toBe(Number(e.n));
    const cards = rows.locator('article');
    expect(await cards.count()).toBe(20);
    const pairs = await cards.locator('header .pair').allTextContents();
    for (const p of pairs) expect(p).toContain(model);
    const first = await cards.first().getAttribute('data-row-id');
    await page.locator('[data-testid="profile-votes"] [data-testid="browse-next"]').first().click();
    await expect.poll(() => cards.first().getAttribute('data-row-id')).not.toBe(first);
  });

  test('fits style control on a click, keeps it in the address, and shows the raw and controlled rank', async () => {
    const { page } = session;
    await page.getByTestId('profile-style-fit').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('profile_style')).toBe('1');
    const figures = page.getByTestId('profile-style-figures');
    await figures.waitFor({ timeout: 120_000 });
    const raw = Number(await figures.getAttribute('data-raw-rank'));
    const controlled = Number(await figures.getAttribute('data-controlled-rank'));
    // The raw fit is the plain Bradley-Terry fit of the same (all) votes: the rank of a separate fit of the file.
    const board = computeLeaderboard(await languageCounts(null), { bootstrapRounds: 0 });
    expect(raw).toBe(pointRank(board, model)!.rank);
    expect(controlled).toBeGreaterThanOrEqual(1);
    const [row] = await tableCells(session, 'profile-style');
    // Columns: model, votes, raw rating, raw rank, controlled rating, lower, upper, controlled rank, …
    expect(num(row[5])).toBeLessThanOrEqual(num(row[4]));
    expect(num(row[6])).toBeGreaterThanOrEqual(num(row[4]));
  });
});
