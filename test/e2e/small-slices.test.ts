import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, downloadText, dropFile, waitForDataset, waitForRatings } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { pyJson } from '../samples/py-json.ts';
import { seededRandom } from '../../src/core/stats/random.ts';

/** This test's output: the generated file and the screenshots. */
const OUT = resolve('test/.cache/small-slices');
const FILE = join(OUT, 'lmarena-100k-shaped.parquet');
const ROWS = 60_000;
const MODELS = 120;
/** The 15 models most votes go to (LMArena's current ones), the anchor of LMArena's scale among them. */
const POPULAR = 15;
const ANCHOR = 'mixtral-8x7b-instruct-v0.1';
const CRITERIA = ['specificity', 'domain_knowledge', 'complexity', 'problem_solving', 'creativity', 'technical_accuracy', 'real_world'];
const MINIMUM = 50;

const modelName = (k: number) => (k === 3 ? ANCHOR : `model-${String(k).padStart(3, '0')}`);

/**
 * The arena-human-preference-100k file's columns, exactly as published (test/unit/schema/shapes.ts),
 * with its JSON-string columns in Python's json.dumps form: 60,000 votes over 120 models, 60% of
 * the seats going to 15 popular models, and about 1 in 60 votes a hard prompt (7 of 7 criteria met,
 * others 2), so "hard prompts" is a slice of ~1,000 votes in which most models have a handful.
 * Returns each model's record in the hard-prompts slice, the page's reference.
 */
async function writeFile(): Promise<Map<string, { votes: number; wins: number; losses: number; ties: number }>> {
  mkdirSync(OUT, { recursive: true });
  const random = seededRandom(26);
  const rating = Array.from({ length: MODELS }, (_, k) => (k < POPULAR ? 1250 - 15 * k : 900 + 300 * random.next()));
  const seat = () => (random.next() < 0.6 ? Math.floor(random.next() * POPULAR) : Math.floor(random.next() * MODELS));
  const hard = new Map<string, { votes: number; wins: number; losses: number; ties: number }>();
  const lines: string[] = [];
  const record = (m: string) => hard.get(m) ?? hard.set(m, { votes: 0, wins: 0, losses: 0, ties: 0 }).get(m)!;
  for (let i = 0; i < ROWS; i++) {
    const a = seat();
    let b = seat();
    while (b === a) b = seat();
    const roll = random.next();
    const winner =
      roll < 0.1
        ? 'tie'
        : roll < 0.15
          ? 'tie (bothbad)'
          : random.next() < 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            ? 'model_a'
            : 'model_b';
    const isHard = random.next() < 1 / 60;
    if (isHard) {
      const [ra, rb] = [record(modelName(a)), record(modelName(b))];
      ra.votes++;
      rb.votes++;
      if (winner === 'model_a') [ra.wins, rb.losses] = [ra.wins + 1, rb.losses + 1];
      else if (winner === 'model_b') [rb.wins, ra.losses] = [rb.wins + 1, ra.losses + 1];
      else [ra.ties, rb.ties] = [ra.ties + 1, rb.ties + 1];
    }
    const counts = (s: 'a' | 'b') => ({
      [`header_count_${s}`]: { h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0 },
      [`list_count_${s}`]: { ordered: 0, unordered: i % 3 },
      [`bold_count_${s}`]: { '**': i % 2, __: 0 },
    });
    const conversation = (s: string) =>
      pyJson([
        { content: `question ${i}`, role: 'user' },
        { content: `answer ${s} ${i}`, role: 'assistant' },
      ]);
    lines.push(
      JSON.stringify({
        question_id: `q${String(i).padStart(6, '0')}`,
        model_a: modelName(a),
        model_b: modelName(b),
        winner,
        conversation_a: conversation('a'),
        conversation_b: conversation('b'),
        turn: 1,
        anony: i % 7 !== 0,
        language: i % 5 === 0 ? 'Chinese' : 'English',
        tstamp: 1714521600 + i * 40.5,
        conv_metadata: pyJson({
          sum_user_tokens: 5,
          sum_assistant_a_tokens: 20 + (i % 50),
          sum_assistant_b_tokens: 20 + (i % 37),
          context_a_tokens: 5,
          context_b_tokens: 5,
          turns: 1,
          ...counts('a'),
          ...counts('b'),
        }),
        is_code: i % 4 === 0,
        is_refusal: false,
        dedup_tag: pyJson({ high_freq: false, sampled: true }),
        category_tag: pyJson({
          'criteria_v0.1': Object.fromEntries(CRITERIA.map((c, k) => [c, isHard || k < 2])),
          'if_v0.1': { if: false, score: 1 },
          'math_v0.1': { math: false },
          'creative_writing_v0.1': { creative_writing: false, score: 'no' },
        }),
        judge_hash: `j${i % 5000}`,
      }),
    );
  }
  const jsonl = join(OUT, 'rows.jsonl');
  writeFileSync(jsonl, `${lines.join('\n')}\n`);
  const db = await createNodeConnector();
  try {
    await db.exec(
      `COPY (SELECT * FROM read_json('${jsonl}', format = 'newline_delimited', columns = {
        question_id: 'VARCHAR', model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', conversation_a: 'VARCHAR',
        conversation_b: 'VARCHAR', turn: 'BIGINT', anony: 'BOOLEAN', language: 'VARCHAR', tstamp: 'DOUBLE',
        conv_metadata: 'VARCHAR', is_code: 'BOOLEAN', is_refusal: 'BOOLEAN', dedup_tag: 'VARCHAR', category_tag: 'VARCHAR',
        judge_hash: 'VARCHAR'})) TO '${FILE}' (FORMAT parquet)`,
    );
  } finally {
    db.close();
  }
  rmSync(jsonl);
  return hard;
}

/** The leaderboard's rows as shown: model, Rank (UB) and interval cell. */
const boardRows = (page: Page) =>
  page.locator('[data-testid="leaderboard"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      model: tr.getAttribute('data-model')!,
      // The cell's own text: a filtered board puts the rank change (its own element) before it.
      rank: [...tr.querySelector('[data-field="rank"]')!.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim(),
      interval: tr.querySelector('td.ci')!.textContent!.trim(),
    })),
  );

/** Parses a CSV of plain fields (no quoted commas in these columns) into records. */
function records(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv.trim().split('\r\n');
  const names = header.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, k) => [names[k], v])));
}

describe('a category board of a small slice (LMArena 100k shape, hard prompts)', () => {
  let session: Session;
  let hard: Map<string, { votes: number; wins: number; losses: number; ties: number }>;
  /** The whole file's board as downloaded before the filter: the rank changes' reference. */
  let wholeBoard: Record<string, string>[] = [];
  beforeAll(async () => {
    hard = await writeFile();
    session = await openSession({ width: 1440, height: 900 });
    // 2,000 rounds on the whole file leave time to download while they run.
    await session.page.goto(appUrl('?sample=pair-counts&rounds=2000'));
    await waitForDataset(session.page, 'pair-counts.csv');
    await dropFile(session.page, FILE);
  });
  afterAll(() => closeChecked(session));

  test('a CSV downloaded while the bootstrap runs says the rounds done and that its figures are provisional', async () => {
    const { page } = session;
    const status = page.locator('[data-testid="status"]', { hasText: 'bootstrap rounds' });
    let caught: Record<string, string>[] | null = null;
    await page.getByText('Rating options').click();
    // A download is known to be taken mid-run when the run was going before the click and still is after it.
    for (let seed = 1; seed <= 6 && !caught; seed++) {
      await page.getByTestId('option-seed').fill(String(seed));
      await page.getByTestId('option-seed').blur();
      await status.waitFor({ timeout: 60_000 });
      // The new run's own board, short of its rounds (a fast run may be done before: then the next seed).
      const started = await page
        .locator('[data-testid="leaderboard"][data-provisional="true"]')
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!started) continue;
      const csv = await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click());
      if (await status.count()) caught = records(csv);
    }
    expect(caught, 'a download while the rounds ran').not.toBeNull();
    for (const r of caught!) {
      expect(r).toMatchObject({ bootstrap_rounds: '2000', provisional: 'true' });
      expect(Number(r.rounds_done)).toBeLessThan(2000);
      // Before the first 100 rounds there are no intervals: empty, never the point rating.
      if (Number(r.rounds_done) < 100) expect([r.lower, r.upper]).toEqual(['', '']);
    }
    await waitForRatings(page);
    const done = records(await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click()));
    expect(done[0]).toMatchObject({ bootstrap_rounds: '2000', rounds_done: '2000', provisional: 'false' });
  });

  test('filtered to hard prompts, the board rates the models with enough votes, with finite intervals and ranks', async () => {
    const { page } = session;
    await page.getByTestId('option-rounds').selectOption('1000');
    await waitForRatings(page);
    wholeBoard = records(await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click()));
    expect(wholeBoard.every((r) => r.rank_change === '' && r.rank_overall === '')).toBe(true);
    await page.locator('[data-dimension="hard_prompts"] [data-value="true"] input').check();
    await page.getByTestId('min-votes-note').waitFor({ timeout: 60_000 });
    await waitForRatings(page);
    const enough = [...hard].filter(([, r]) => r.votes >= MINIMUM).map(([m]) => m);
    const thin = [...hard].filter(([, r]) => r.votes > 0 && r.votes < MINIMUM);
    expect(enough.length, 'the slice has models with enough votes').toBeGreaterThan(5);
    expect(thin.length, 'and many without').toBeGreaterThan(50);
    const rows = await boardRows(page);
    expect(rows.map((r) => r.model).sort()).toEqual(enough.sort());
    for (const r of rows.slice(0, 5)) {
      expect(r.rank, r.model).toMatch(/^\d+$/);
      expect(r.interval, r.model).toMatch(/^\+\d+(\.\d)?\/−\d+(\.\d)?$/);
    }
    expect(rows[0].rank).toBe('1');
    expect(await page.getByTestId('min-votes-note').getAttribute('data-min-votes')).toBe(String(MINIMUM));
  });

  test("each model's rank change against the whole file's board: FastChat's rule on both downloaded boards, and on screen", async () => {
    const { page } = session;
    await page.locator('[data-field="rank-change"]').first().waitFor({ timeout: 60_000 });
    const slice = records(await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click())).filter((r) => r.rating);
    // FastChat's recompute_final_ranking on the whole file's board, cut to the models rated in the slice.
    const shared = wholeBoard.filter((w) => w.rating && slice.some((r) => r.model === w.model));
    const overall = new Map(shared.map((w) => [w.model, 1 + shared.filter((o) => Number(o.lower) > Number(w.upper)).length]));
    const shown = new Map(
      await page
        .locator('[data-testid="leaderboard"] tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.getAttribute('data-model')!, tr.querySelector('[data-field="rank-change"]')?.textContent ?? null] as const),
        ),
    );
    let moved = 0;
    for (const r of slice) {
      const change = overall.get(r.model)! - Number(r.rank);
      expect([r.rank_overall, r.rank_change], r.model).toEqual([String(overall.get(r.model)), String(change)]);
      expect(Number(r.rank_change_lower)).toBeLessThanOrEqual(change);
      expect(Number(r.rank_change_upper)).toBeGreaterThanOrEqual(change);
      expect(shown.get(r.model), r.model).toBe(change > 0 ? `↑${change}` : change < 0 ? `↓${-change}` : '–');
      if (change !== 0) moved++;
    }
    expect(moved, 'models whose rank moves in the slice').toBeGreaterThan(0);
  });

  test('models below the minimum are listed apart with their votes, not ranked', async () => {
    const { page } = session;
    const apart = await page
      .locator('[data-testid="below-min-votes"] li')
      .evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-model')!, li.textContent!.trim()]));
    const thin = new Map([...hard].filter(([, r]) => r.votes > 0 && r.votes < MINIMUM));
    expect(apart.map(([m]) => m).sort()).toEqual([...thin.keys()].sort());
    for (const [model, text] of apart) {
      const r = thin.get(model)!;
      expect(text).toBe(`${model}: ${r.votes} vote${r.votes === 1 ? '' : 's'} (${r.wins} W, ${r.losses} L, ${r.ties} T)`);
    }
    const json = JSON.parse(await downloadText(page, () => page.getByTestId('download-leaderboard-json').click()));
    expect(json.min_votes).toBe(MINIMUM);
    expect(json.below_min_votes).toEqual(apart.map(([model]) => ({ model, ...thin.get(model)! })));
    expect(await page.getByTestId('below-min-votes').locator('summary').textContent()).toContain(
      `${thin.size} models with fewer than ${MINIMUM} votes in this slice: not rated or ranked`,
    );
  });

  test('every line that waited for the bootstrap says what happened, and the caption names the rounds that ran', async () => {
    const { page } = session;
    expect(await page.getByTestId('order-signal-waiting').count()).toBe(0);
    expect(await page.getByTestId('order-signal').textContent()).toMatch(
      /How much of the order is signal: \d+ of \d+ neighbouring pairs are separated at 95%/,
    );
    expect(await page.getByTestId('provisional-note').getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByTestId('leaderboard-caption').textContent()).toContain('95% bootstrap intervals (1000 rounds)');
    expect(await page.getByTestId('bootstrap-rule').textContent()).toContain('adds 1 virtual vote per model, half won and half lost');
    const csv = records(await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click()));
    expect(csv[0]).toMatchObject({ rounds_done: '1000', provisional: 'false', quick_filters: 'models with ≥ 50 votes' });
  });

  test("LMArena's scale says why its intervals are wider and its ranks may differ; the rank headers say what they count", async () => {
    const { page } = session;
    await page.getByTestId('scale-lmarena').click();
    await expect.poll(() => page.getByTestId('scale-note').textContent()).toContain('intervals are wider than on mean 1000');
    expect(await page.locator('#leaderboard-tip-rank').textContent()).toContain('only the models clearly better count');
    expect(await page.locator('#leaderboard-tip-rankRange').textContent()).toContain('Rank (UB) 10 and Rank range 12–16');
    await page.getByTestId('scale-mean').click();
  });

  test('screenshots at 1280, 1440 and 390 px', async () => {
    const { page } = session;
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('min-votes-note').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `hard-prompts-${width}.png`) });
      await page.getByTestId('below-min-votes').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `hard-prompts-apart-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('a bootstrap that fails part-way', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession({ width: 1440, height: 900 }, { ownContext: true });
    // Every rating worker dies right after it reports its first intervals, as a crash would: the
    // page restarts it once, then gives up, with the partial board on screen.
    await session.context.route('**/rating.worker*.js', async (route) => {
      const response = await route.fetch();
      const crash = `{ const post = self.postMessage.bind(self);
        self.postMessage = (m, t) => { post(m, t); const b = m && m.type === 'result' && m.leaderboard;
          if (b && b.roundsDone > 0 && b.roundsDone < b.rounds) setTimeout(() => { throw new Error('simulated crash'); }); }; }\n`;
      await route.fulfill({ response, body: crash + (await response.text()) });
    });
    await session.page.goto(appUrl('?sample=pair-counts'));
    await waitForDataset(session.page, 'pair-counts.csv');
  });
  afterAll(() => closeChecked(session));

  test('every line that waited says it failed and after how many rounds; the caption and a download name them', async () => {
    const { page } = session;
    await page.getByTestId('order-signal').filter({ hasText: 'failed' }).waitFor({ timeout: 60_000 });
    const text = (await page.getByTestId('order-signal').textContent())!;
    const [, done] = text.match(/not counted: the bootstrap failed after (\d+) of 1000 rounds \(the rating worker stopped/)!;
    expect(Number(done)).toBeGreaterThanOrEqual(100);
    expect(Number(done)).toBeLessThan(1000);
    expect((await page.getByTestId('provisional-note').textContent())!.replace(/\s+/g, ' ')).toContain(
      `Intervals from ${done} of 1000 rounds: the bootstrap stopped`,
    );
    expect(await page.getByTestId('leaderboard-caption').textContent()).toContain(`95% bootstrap intervals (${done} of 1000 rounds)`);
    expect(await page.locator('[data-testid="status"]', { hasText: 'bootstrap rounds' }).count()).toBe(0);
    const csv = records(await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click()));
    expect(csv[0]).toMatchObject({ bootstrap_rounds: '1000', rounds_done: done, provisional: 'false' });
    expect(csv.filter((r) => r.flag === '').every((r) => r.lower !== '' && r.upper !== '')).toBe(true);
  });
});
