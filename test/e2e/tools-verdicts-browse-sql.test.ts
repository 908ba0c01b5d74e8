import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { dropFile, waitForDataset, closeChecked, recordDialogs, downloadText } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const conversations = expected.samples['arena-conversations.parquet'];

/** Cells of a DataTable by column name. */
async function tableRows(page: Page, name: string): Promise<Record<string, string>[]> {
  return page.locator(`[data-table="${name}"]`).evaluate((el) => {
    const head = [...el.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    return [...el.querySelectorAll('tbody tr')].map((tr) =>
      Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [head[i], td.textContent!.trim()])),
    );
  });
}
const num = (s: string) => Number(s.replace(/[^\d.-]/g, ''));

/** The first rows' times in a file, as DuckDB's own strftime writes them (`expression` of the column), then `zone`. */
async function firstTimes(file: string, expression: string, zone = ''): Promise<string[]> {
  const db = await createNodeConnector();
  try {
    const rows = await db.query(`SELECT strftime(${expression}, '%Y-%m-%d %H:%M:%S') AS t FROM read_parquet($1) LIMIT 3`, [resolve(file)]);
    return rows.map((r) => `${r.t}${zone}`);
  } finally {
    db.close();
  }
}

/** The text of each row card's tag for `column`, first rows first. */
const tagTexts = (page: Page, column: string) =>
  page.locator(`[data-testid="browse-rows"] article .tag[data-column="${column}"] bdi`).allTextContents();

describe('Rows, SQL, Tools and Verdicts lenses in a real browser', () => {
  let session: Session;
  let dialogs: string[] = [];
  beforeAll(async () => {
    session = await openSession();
    dialogs = recordDialogs(session.page);
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
  });
  afterAll(() => closeChecked(session));

  async function search(term: string) {
    const { page } = session;
    await page.getByTestId('browse-search').fill(term);
    await page.getByTestId('browse-search').press('Enter');
    await page.waitForFunction(
      (t) =>
        document.querySelector('[data-lens-body="browse"] .note bdi')?.textContent === t &&
        !document.querySelector('[data-lens-body="browse"][aria-busy="true"]'),
      term,
    );
  }

  test('the Rows lens pages through the default sample 50 rows at a time', async () => {
    const { page } = session;
    await page.getByTestId('lens-browse').click();
    await page.waitForSelector('[data-testid="browse-rows"] article');
    expect(await page.locator('[data-testid="browse-rows"] article').count()).toBe(50);
    await expect
      .poll(() => page.locator('.pager .range').first().textContent())
      .toBe(`rows 1–50 of ${conversations.rows.toLocaleString('en-US')}`);
    await page.getByTestId('browse-next').first().click();
    await expect
      .poll(() => page.locator('.pager .range').first().textContent())
      .toBe(`rows 51–100 of ${conversations.rows.toLocaleString('en-US')}`);
    // The pager moves at once; the rows follow when their query returns.
    await expect.poll(() => page.locator('[data-testid="browse-rows"] article').first().getAttribute('data-row-id')).toBe('50');
    // The winner is marked on its side.
    const first = page.locator('[data-testid="browse-rows"] article[data-outcome="a"]').first();
    expect(await first.locator('section[data-side="a"] .badge').textContent()).toContain('winner');
  });

  test("lmsys' tstamp (unix seconds) is tagged as its date and time, the number kept in the tag's title", async () => {
    const { page } = session;
    await page.getByTestId('browse-prev').first().click();
    await expect.poll(() => page.locator('[data-testid="browse-rows"] article').first().getAttribute('data-row-id')).toBe('0');
    const want = await firstTimes('static-data/arena-conversations.parquet', 'make_timestamp(CAST(floor(tstamp * 1e6) AS BIGINT))', ' UTC');
    expect((await tagTexts(page, 'tstamp')).slice(0, 3)).toEqual(want);
    expect(
      Number(await page.locator('[data-testid="browse-rows"] article .tag[data-column="tstamp"]').first().getAttribute('title')),
    ).toBeGreaterThan(1e9);
  });

  const HOSTILE: [string, string][] = [
    ['script', '<script>alert(1)</script>'],
    ['img', '<img src=x onerror=alert(1)>'],
    ['jsLink', '<a href="javascript:alert(document.cookie)">click me</a>'],
    ['html', '<style>body{display:none}</style><b>bold</b>'],
    ['closing', '</td></tr></table></div><script>fetch("//evil.invalid")</script>'],
    ['iframe', '<iframe src="https://example.invalid/"></iframe><svg onload=alert(1)></svg>'],
    ['bidi', 'Please rename the file \u202Etxt.exe to something safe'],
  ];
  test.each(HOSTILE)('the hostile %s text is shown as the characters it is made of', async (kind, text) => {
    const { page } = session;
    await search(text);
    const row = conversations.planted.hostile_rows.find((h: { kind: string }) => h.kind === kind);
    const card = page.locator('[data-testid="browse-rows"] article', { hasText: text }).first();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain(text);
    expect(await card.locator('.tag', { hasText: row.question_id }).count()).toBe(1);
    const panel = page.locator('#lens-panel');
    for (const selector of ['img', 'iframe', 'script', 'style', 'svg[onload]', 'a', 'h1', '[onerror]', '[onload]']) {
      expect(await panel.locator(selector).count(), selector).toBe(0);
    }
    expect(await page.locator('img[src="x"], iframe, a[href^="javascript"]').count()).toBe(0);
    expect(await page.locator('body').isVisible()).toBe(true);
  });

  test('a bidi override is isolated and labelled, and the layout does not overflow', async () => {
    const { page } = session;
    await search('\u202E');
    const mark = page.locator('[data-testid="browse-rows"] [data-bidi="RLO"]').first();
    expect(await mark.textContent()).toBe('\u202E');
    expect(await mark.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a markdown javascript: link is inert text', async () => {
    const { page } = session;
    await search('[click](javascript:alert(1))');
    const link = page.locator('[data-testid="browse-rows"] .link').first();
    expect(await link.textContent()).toContain('javascript:alert(1');
    await link.click();
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
  });

  test('a 50 KB text is folded, shows in full on request, and keeps the layout', async () => {
    const { page } = session;
    await search(' ms (');
    const articles = page.locator('[data-testid="browse-rows"] article');
    expect(await articles.count()).toBe(conversations.planted.rows_with_text_over_40k);
    const folded = articles.first().locator('[data-folded="true"]').first();
    expect((await folded.textContent())!.length).toBeLessThan(2000);
    await folded.getByRole('button', { name: /show all/ }).click();
    expect((await articles.first().locator('.folded').first().textContent())!.length).toBeGreaterThan(40_000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('no dialog opened and nothing from the data ran', async () => {
    expect(dialogs).toEqual([]);
    expect(session.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });

  async function runSql(sql: string, how: 'button' | 'keys' = 'button') {
    const { page } = session;
    const box = page.getByTestId('sql-input');
    await box.fill(sql);
    const before = await page.getByTestId('sql-result').evaluate((el) => el.innerHTML);
    if (how === 'keys') await box.press('Control+Enter');
    else await page.getByTestId('sql-run').click();
    await page
      .waitForFunction((b) => {
        const el = document.querySelector('[data-testid="sql-result"]');
        return !!el && el.innerHTML !== b && !document.querySelector('[data-testid="sql-run"]:disabled');
      }, before)
      .catch(() => undefined); // the same result twice leaves the HTML as it was
    const result = page.getByTestId('sql-result');
    return { state: await result.getAttribute('data-state'), text: (await result.textContent()) ?? '' };
  }
  const count = async () => {
    const r = await runSql('SELECT count(*) AS n FROM battles');
    expect(r.state).toBe('rows');
    return num((await tableRows(session.page, `arena-conversations-query`))[0].n);
  };

  test('the SQL console runs a query with Ctrl+Enter and shows a table', async () => {
    const { page } = session;
    await page.getByTestId('lens-sql').click();
    expect(await count()).toBe(conversations.rows);
    const r = await runSql('SELECT model_a, count(*) AS n FROM battles GROUP BY model_a ORDER BY model_a', 'keys');
    expect(r.state).toBe('rows');
    expect(await page.locator('[data-testid="sql-result"] tbody tr').count()).toBe(conversations.models);
    expect(await page.locator('[data-testid="sql-result"] [data-download="csv"]').count()).toBe(1);
  });

  test('times in a result read as DuckDB writes them, on screen and in the CSV', async () => {
    const { page } = session;
    const r = await runSql(
      `SELECT TIMESTAMP '2025-04-01 00:45:12.180' AS t, TIMESTAMP '2025-04-01 00:45:12' AS whole, DATE '2024-02-29' AS d,
        TIMESTAMPTZ '2025-04-01 02:45:12+02' AS z, make_timestamp(CAST(floor(min(tstamp) * 1e6) AS BIGINT)) AS first,
        strftime(make_timestamp(CAST(floor(min(tstamp) * 1e6) AS BIGINT)), '%Y-%m-%d %H:%M:%S.%g') AS first_text FROM battles`,
    );
    expect(r.state).toBe('rows');
    const [row] = await tableRows(page, 'arena-conversations-query');
    expect(row).toMatchObject({
      t: '2025-04-01 00:45:12.180',
      whole: '2025-04-01 00:45:12',
      d: '2024-02-29',
      z: '2025-04-01 00:45:12 UTC',
    });
    expect(row.first).toBe(row.first_text);
    const text = await downloadText(page, () => page.locator('[data-testid="sql-result"] [data-download="csv"]').click());
    expect(text).toContain('2025-04-01 00:45:12.180,2025-04-01 00:45:12,2024-02-29,2025-04-01 00:45:12 UTC');
  });

  test.each([
    'DROP TABLE battles',
    'SELECT 1; DROP TABLE battles',
    'DELETE FROM battles',
    "COPY battles TO 'x'",
    "ATTACH 'x'",
    '/* */ DELETE FROM battles',
    "SELECT read_text('/etc/passwd')",
    "SELECT * FROM read_parquet('https://example.invalid/x.parquet')",
    'SELECT 1 /* ; */; DROP TABLE battles',
    'SELECT $$x$$; DROP TABLE battles',
    'UPDATE battles SET weight = 0',
    'CREATE TABLE x AS SELECT 1',
    'INSTALL httpfs',
    'SET threads = 1',
  ])('the SQL console refuses %s and the data survives', async (sql) => {
    const r = await runSql(sql);
    expect(r.state).toBe('refused');
    expect(r.text).toMatch(/Not run/);
    expect(await count()).toBe(conversations.rows);
  });

  test('keywords inside strings are allowed, and a trailing comment does not break the wrapped query', async () => {
    const { page } = session;
    let r = await runSql("SELECT 'drop table' AS x");
    expect(r.state).toBe('rows');
    expect(await page.locator('[data-testid="sql-result"] tbody td').first().textContent()).toBe('drop table');
    r = await runSql('select * from battles; -- x');
    expect(r.state).toBe('rows');
    expect(r.text).toContain('first 10,000 kept');
    r = await runSql('SELECT nosuchcolumn FROM battles');
    expect(r.state).toBe('error');
    expect(r.text).toMatch(/nosuchcolumn/);
    expect(await count()).toBe(conversations.rows);
  });

  test('the Tools lens rates the tools per mediating LLM with the planted vote counts', async () => {
    const { page } = session;
    const planted = expected.samples['comparag-votes.parquet'].planted;
    await dropFile(page, resolve('static-data/comparag-votes.parquet'));
    await page.getByTestId('lens-tools').click();
    await page.waitForSelector('[data-testid="tools-boards"] [data-llm]');
    for (const [llm, tools] of Object.entries(planted.tool_counts_per_llm as Record<string, Record<string, number>>)) {
      const board = page.locator(`[data-llm="${llm}"]`);
      const votes = await board
        .locator('tbody tr')
        .evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.getAttribute('data-model'), Number(tr.getAttribute('data-votes'))])));
      expect(votes, llm).toEqual(tools);
    }
    expect(await page.locator('[data-llm="gallia-24b"] tbody tr').first().getAttribute('data-model')).toBe('helix-docs');
    await page.waitForSelector('[data-table="comparag-votes-tasks"] tbody tr');
    const tasks = await tableRows(page, 'comparag-votes-tasks');
    expect(tasks).toHaveLength(planted.tasks);
    const goals = await tableRows(page, 'comparag-votes-goals');
    expect(Object.fromEntries(goals.map((g) => [g.goal, num(g.votes)]))).toEqual(planted.goals);
    await page.locator('[data-table="comparag-votes-tasks"] tbody tr').first().click();
    await page.waitForSelector('[data-table="comparag-votes-task-votes"] tbody tr');
    expect((await tableRows(page, 'comparag-votes-task-votes')).length).toBe(num(tasks[0].votes));
  });

  test('the Verdicts lens gives results by benchmark and turn, and answers side by side', async () => {
    const { page } = session;
    const planted = expected.samples['verdicts.parquet'].planted;
    await dropFile(page, resolve('static-data/verdicts.parquet'));
    await page.getByTestId('lens-verdicts').click();
    await page.waitForSelector('[data-table="verdicts-by-benchmark"] tbody tr');
    const rows = await tableRows(page, 'verdicts-by-benchmark');
    const totals = rows.filter((r) => r.turn === 'all turns');
    expect(Object.fromEntries(totals.map((r) => [r.benchmark, num(r.votes)]))).toEqual(planted.per_dataset);
    expect(Object.fromEntries(totals.map((r) => [r.benchmark, num(r.ties)]))).toEqual(planted.ties_per_dataset);
    expect(Object.fromEntries(totals.map((r) => [r.benchmark, num(r['with reference'])]))).toEqual(planted.with_ref_answer);
    expect(num(rows.find((r) => r.benchmark === 'mtbmr' && r.turn === '2')!.votes)).toBe(planted.per_dataset_turn.mtbmr['2']);
    const item = page.locator('[data-testid="verdict-items"] article').first();
    await item.waitFor();
    expect(await item.locator('section[data-side]').count()).toBe(3);
    await page.locator('[data-testid="verdict-items"] select').first().selectOption('bffbench');
    await expect
      .poll(() => page.locator('[data-testid="verdict-items"] .range').textContent())
      .toBe(`rows 1–10 of ${planted.per_dataset.bffbench}`);
    expect(await page.locator('[data-testid="verdict-items"] article section[data-side="ref"] .none').count()).toBe(0);
  });

  test("a TIMESTAMP column (CompaRAG's timestamp) is tagged as its date and time, not as epoch milliseconds", async () => {
    const { page } = session;
    await dropFile(page, resolve('static-data/comparag-votes.parquet'));
    await page.getByTestId('lens-browse').click();
    await page.waitForSelector('[data-testid="browse-rows"] article .tag[data-column="timestamp"]');
    const want = await firstTimes('static-data/comparag-votes.parquet', '"timestamp"');
    expect((await tagTexts(page, 'timestamp')).slice(0, 3)).toEqual(want);
  });
});
