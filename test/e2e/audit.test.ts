import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { join } from 'node:path';
import { main } from '../../src/cli/rank.ts';
import { STATIC, run } from '../unit/cli/helpers.ts';
import { loadArenaCounts } from '../unit/stats/fixtures.ts';
import { fitBradleyTerry } from '../../src/core/stats/bradley-terry.ts';
import type { PairCounts } from '../../src/core/stats/pair-counts.ts';

interface ShownVotes {
  first: string;
  second: string;
  outcome: 'first won' | 'second won' | 'tie';
  count: number;
}

/** The counts with the listed votes taken out (either seat; tie and both_bad alike for a tie). */
function withoutVotes(counts: PairCounts, votes: ShownVotes[]): PairCounts {
  const n = counts.n.slice();
  for (const v of votes) {
    const f = counts.models.indexOf(v.first),
      s = counts.models.indexOf(v.second);
    let left = v.count;
    for (let c = 0; c < n.length && left > 0; c++) {
      const a = counts.a[c],
        b = counts.b[c],
        o = counts.outcome[c];
      if (!((a === f && b === s) || (a === s && b === f))) continue;
      const winner = o === 0 ? a : o === 1 ? b : -1;
      if (!(v.outcome === 'tie' ? winner === -1 : winner === (v.outcome === 'first won' ? f : s))) continue;
      const k = Math.min(left, n[c]);
      n[c] -= k;
      left -= k;
    }
    expect(left, `${v.first} vs ${v.second}, ${v.outcome}`).toBe(0);
  }
  return { ...counts, n };
}

/** Every number to 9 significant digits, for figures summed in another order. */
const rounded = (x: unknown): unknown =>
  typeof x === 'number'
    ? Number(x.toPrecision(9))
    : Array.isArray(x)
      ? x.map(rounded)
      : x && typeof x === 'object'
        ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, rounded(v)]))
        : x;

describe('the Audit lens on the built-in 1.67M Chatbot Arena battles', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl());
    await waitForDataset(session.page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(session.page);
    await session.page.getByTestId('lens-audit').click();
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test("shows #1 vs #2's confirmed flip: the board's own fit without the listed votes puts #2 above #1", async () => {
    const { page } = session;
    await page.getByTestId('audit-top-flip').waitFor({ timeout: 90_000 });
    const shown = Number((await page.getByTestId('audit-top-flip').textContent())!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(0);
    // The full report, once every part is in, as the JSON download carries it.
    await page.locator('[data-testid="audit-lens"] [data-download="json"]').waitFor({ timeout: 120_000 });
    const report = JSON.parse(await downloadText(page, () => page.locator('[data-testid="audit-lens"] [data-download="json"]').click()));
    const top = report.fragility[0];
    expect(top.flip.size).toBe(shown);
    expect(report.votes).toBe(1_670_250);
    expect(report.provenance.file).toBe(DEFAULT_SAMPLE_FILE);
    // An independent refit in Node, by the leaderboard's own fitting path.
    const counts = await loadArenaCounts();
    const rating = (c: PairCounts, model: string) => fitBradleyTerry(c).ratings[c.models.indexOf(model)]!;
    expect(rating(counts, top.above)).toBeGreaterThan(rating(counts, top.below));
    const without = withoutVotes(counts, top.flip.votes);
    expect(top.flip.votes.reduce((s: number, v: ShownVotes) => s + v.count, 0)).toBe(shown);
    expect(rating(without, top.below)).toBeGreaterThan(rating(without, top.above));
    // The leaderboard's #1 and #2 are the pair.
    expect([top.above, top.below]).toEqual(report.group.slice(0, 2));
  });

  test('lists the adjacent pairs, the fit diagnostics and the methods, each table with a CSV download', async () => {
    const { page } = session;
    const csv = await downloadText(page, () => page.locator('[data-table$="-audit-fragility"] [data-download="csv"]').click());
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^above,below,gap \(Elo\),votes that flip it,share of votes/);
    expect(lines.slice(1, 10)).toHaveLength(9);
    expect(lines[1]).toMatch(/^#1 [^,]+,#2 /);
    const fits = await downloadText(page, () => page.locator('[data-table$="-audit-fit"] [data-download="csv"]').click());
    expect(fits).toMatch(/\nbradley-terry,128,/);
    expect(fits).toMatch(/\ndavidson,129,/);
    expect(fits).toMatch(/\nrao-kupper,129,/);
    expect(await page.locator('[data-table$="-audit-kendall"] tbody tr').count()).toBe(6);
    await expect.poll(() => page.getByTestId('audit-lens').textContent()).toMatch(/elo: not computed \(needs the votes in time order/);
  });

  test('checks a pair the reader picks, adding it to the table', async () => {
    const { page } = session;
    await page.getByLabel('first model').selectOption('gpt-4-0613');
    await page.getByLabel('second model').selectOption('claude-2.0');
    await page.getByRole('button', { name: 'Check' }).click();
    const rows = page.locator('[data-table$="-audit-fragility"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(10);
    const last = (await rows.last().textContent()) ?? '';
    expect(last).toMatch(/gpt-4-0613/);
    expect(last).toMatch(/claude-2\.0/);
  });

  test('lists the rows of a pair from a vote of the flip', async () => {
    const { page } = session;
    await page.locator('[data-table$="-audit-flip-votes"] tbody tr').first().click();
    await expect.poll(() => page.locator('[data-table*="-pair-votes-"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });
  // Last: it leaves the counts for a sample that names its voters (the same page session).
  test('voter checks on a sample with a judge column: the cap from the address, the figures as rank --audit gives them', async () => {
    const { page } = session;
    await page.goto(appUrl(`${CONVERSATIONS_QUERY}&lens=audit&voter_cap=20`));
    await waitForDataset(page, CONVERSATIONS_FILE);
    await page.getByTestId('audit-voters-test').waitFor({ timeout: 120_000 });
    const capped = ((await page.getByTestId('audit-voters-capped').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(capped).toMatch(/With at most 20 votes per voter \([\d,]+ of 30,000 votes kept\), \d+ of 24 models change rank: /);
    expect(((await page.getByTestId('audit-voters-test-rule').textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(
      /Holm's adjustment over the \d+ voters: a voter is flagged where the adjusted p < α, so the chance of flagging any honest voter is at most α/,
    );
    const json = page.locator('[data-testid="audit-lens"] [data-download="json"]');
    await json.waitFor({ timeout: 120_000 });
    const shown = JSON.parse(await downloadText(page, () => json.click())).voters;
    // The peer: rank --audit on native DuckDB over the same file, the same cap and seed.
    const cli = await run(
      main,
      join(STATIC, CONVERSATIONS_FILE),
      '--audit',
      '--json',
      '--trials',
      '0',
      '--folds',
      '2',
      '--voter-cap',
      '20',
    );
    const want = JSON.parse(cli.stdout).voters;
    // Each engine samples the capped votes by its own hash: the count kept is the same, the sample may differ.
    const { capped_changes: _a, models: shownModels, ...shownRest } = shown;
    const { capped_changes: _b, models: wantModels, ...wantRest } = want;
    // The same figures up to the order of summation (each engine returns the cells in its own order).
    expect(rounded(shownRest)).toEqual(rounded(wantRest));
    expect(capped).toContain(`(${want.capped_votes.toLocaleString('en-US')} of 30,000 votes kept)`);
    const pick = (ms: { model: string; rank: number; rating: number; without_flagged_rank: number }[]) =>
      ms.map((m) => [m.model, m.rank, m.rating.toFixed(6), m.without_flagged_rank]);
    expect(pick(shownModels)).toEqual(pick(wantModels));
    // The level is a choice in the address.
    await page.getByLabel('outlier test level').selectOption('0.01');
    await expect.poll(() => page.url()).toMatch(/voter_alpha=0\.01/);
    await expect.poll(() => page.getByTestId('audit-voters-test-rule').textContent(), { timeout: 60_000 }).toMatch(/Holm/);
  });
});
