import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { closeChecked, dropFile, loadsSoFar, openOnSample, summaryFigures, waitForDataset } from './page-helpers.ts';
import type { Session } from './browser.ts';
import { csv, parquetFrom, workDir } from './fixtures/hostile-files.ts';
import { main as rank } from '../../src/cli/rank.ts';

/**
 * The published shapes as users drop them: a file with one needed column missing is named for what
 * it lacks; the mapping form reads the other common layouts (PandaLM's pair key and annotators, a
 * one-hot winner); LMArena's 100k file gets its categories and de-duplication.
 */
const work = workDir('shapes');
const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const STATIC = resolve('static-data');

async function sql(page: Page, query: string): Promise<string> {
  await page.getByTestId('lens-sql').click();
  await page.getByTestId('sql-input').fill(query);
  await page.getByTestId('sql-run').click();
  const result = page.getByTestId('sql-result');
  await expect.poll(() => result.getAttribute('data-state'), { timeout: 60_000 }).not.toBe('empty');
  await expect.poll(() => page.getByTestId('sql-run').isDisabled()).toBe(false);
  return ((await result.textContent()) ?? '').replace(/(\d),(?=\d{3})/g, '$1');
}

/** Gives the page a file it cannot read as any shape and returns the one message it shows. */
async function refusal(page: Page, path: string): Promise<string> {
  await page.getByTestId('file-input').setInputFiles(path);
  const name = path.split('/').pop()!;
  await expect
    .poll(
      () =>
        page
          .getByTestId('error')
          .first()
          .textContent()
          .catch(() => ''),
      { timeout: 60_000 },
    )
    .toContain(name);
  await page.getByTestId('mapping-form').waitFor({ timeout: 60_000 });
  await expect.poll(() => page.locator('[data-testid="status"]').count()).toBe(0);
  // One message, beside the mapping form: no second banner, no prompt for "the file this link was made from".
  expect(await page.getByTestId('error').count()).toBe(1);
  expect(await page.getByTestId('local-file-prompt').count()).toBe(0);
  expect(await page.getByTestId('view-notes').count()).toBe(0);
  return (await page.getByTestId('error').textContent()) ?? '';
}

describe('a published shape with a needed column missing', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(() => closeChecked(session));

  test.each([
    ['genrm-judges.parquet', 'majority_vote', 'GenRM multi-judge'],
    ['french-maxx.parquet', 'rejected', 'Compar:IA French-Maxx'],
    ['lmarena-100k.parquet', 'winner', 'LMArena human preference (100k / 140k)'],
    ['lmarena-140k.parquet', 'model_b', 'LMArena human preference (100k / 140k)'],
    ['comparag-votes.parquet', 'chosen', 'CompaRAG tool votes'],
    ['verdicts.parquet', 'winner', 'VERDICTS pairwise'],
    ['arena-conversations.parquet', 'winner', 'Chatbot Arena conversations'],
  ])('%s without "%s" is named for the column it lacks, with the mapping form', async (file, column, shape) => {
    const name = file.replace('.parquet', `-without-${column}.parquet`);
    const path = await parquetFrom(work.path(name), `SELECT * EXCLUDE ("${column}") FROM read_parquet('${resolve(STATIC, file)}')`);
    const message = await refusal(session.page, path);
    expect(message).toContain(`${name}: this looks like ${shape}, but column "${column}" is missing`);
  });

  test('the 55k CSV without winner_tie is named for it', async () => {
    const lines = readFileSync(resolve(STATIC, 'lmarena-55k.csv'), 'utf8').split('\n');
    const header = lines[0].split(',');
    expect(header.at(-1)).toBe('winner_tie');
    // The last column is a plain 0/1: dropping the last field of every line drops it.
    const without = lines.map((l) => (l ? l.slice(0, l.lastIndexOf(',')) : l)).join('\n');
    const message = await refusal(session.page, work.write('55k-without-tie.csv', without));
    expect(message).toContain(
      '55k-without-tie.csv: this looks like LMArena human preference 55k (Kaggle), but column "winner_tie" is missing',
    );
  });

  test('a plain text file is said not to be a table of votes, not listed as a column', async () => {
    const message = await refusal(session.page, work.write('notes.txt', 'hello world\nsecond line\n'));
    expect(message).toContain('notes.txt: this is not a table of votes: it reads as one column ("hello world")');
  });
});

describe('the mapping form reads the other common layouts', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(() => closeChecked(session));

  test("PandaLM's cmp_key split at '_' and three annotators decided by majority", async () => {
    const { page } = session;
    // 0 = tie, 1 = response1, 2 = response2, as PandaLM's test set; model names with '-' and one with '_'.
    const rows: (string | number)[][] = [['cmp_key', 'instruction', 'annotator1', 'annotator2', 'annotator3']];
    const keys = ['llama-7b_bloom-7b', 'llama-7b_opt-7b', 'bloom-7b_opt-7b'];
    const verdicts = [
      [1, 1, 2],
      [2, 2, 0],
      [0, 0, 1],
      [1, 2, 0],
      [2, 2, 2],
    ];
    for (let i = 0; i < 30; i++) rows.push([keys[i % 3], `task ${i}`, ...verdicts[i % 5]]);
    const path = work.write('pandalm.csv', csv(rows));
    const before = await loadsSoFar(page);
    await page.getByTestId('file-input').setInputFiles(path);
    const form = page.getByTestId('mapping-form');
    await form.waitFor();
    await page.getByTestId('map-sides-key').check();
    await page.getByTestId('map-key').selectOption('cmp_key');
    await page.getByTestId('map-separator').fill('_');
    await expect.poll(() => page.getByTestId('map-key-preview').locator('tbody tr').first().textContent()).toContain('bloom-7b');
    await page.getByTestId('map-winner-votes').check();
    for (const a of ['annotator1', 'annotator2', 'annotator3'])
      await expect.poll(() => page.getByTestId('map-votes').getByLabel(a).isChecked()).toBe(true);
    await form.getByLabel('Meaning of 1').selectOption('a');
    await form.getByLabel('Meaning of 2').selectOption('b');
    await form.getByLabel('Meaning of 0').selectOption('tie');
    await page.getByTestId('map-apply').click();
    await waitForDataset(page, 'pandalm.csv', before);
    const f = await summaryFigures(page);
    // Majorities: [1,1,2] → a, [2,2,0] → b, [0,0,1] → tie, [1,2,0] → tie, [2,2,2] → b; six of each.
    expect(f).toMatchObject({ rows: 30, votes: 30, models: 3, preset: 'user-mapping', outcomes: { a: 6, b: 12, tie: 12 } });
    expect(await sql(page, `SELECT DISTINCT CAST(model_a AS VARCHAR) AS m FROM battles ORDER BY m`)).toContain('llama-7b');
  });

  test('columns of other names: the form starts from its guesses, the summary says what was read', async () => {
    const { page } = session;
    const rows: string[][] = [['left_model', 'right_model', 'pref', 'lang']];
    const prefs = ['left', 'right', 'same', 'left', 'left', 'right', 'same'];
    for (let i = 0; i < 14; i++) rows.push([['p', 'q', 'r'][i % 3], ['q', 'r', 'p'][i % 3], prefs[i % 7], i % 2 ? 'en' : 'fr']);
    const before = await loadsSoFar(page);
    await page.getByTestId('file-input').setInputFiles(work.write('other-names.csv', csv(rows)));
    const form = page.getByTestId('mapping-form');
    await form.waitFor();
    await expect.poll(() => page.getByTestId('summary-unmapped').textContent()).toMatch(/other-names\.csv\s*14 rows · 4 columns · CSV/);
    expect(await page.getByTestId('filters-pending').textContent()).toContain("the file's columns once they are mapped");
    expect(await page.getByTestId('map-model-a').inputValue()).toBe('left_model');
    expect(await page.getByTestId('map-model-b').inputValue()).toBe('right_model');
    expect(await page.getByTestId('map-winner').inputValue()).toBe('pref');
    // "left" and "right" mean A and B by the shared rules; "same" is left for the user to say.
    await expect.poll(() => form.getByLabel('Meaning of left').inputValue()).toBe('a');
    expect(await form.getByLabel('Meaning of right').inputValue()).toBe('b');
    expect(await form.getByLabel('Meaning of same').inputValue()).toBe('');
    await form.getByLabel('Meaning of same').selectOption('tie');
    await page.getByTestId('map-apply').click();
    await waitForDataset(page, 'other-names.csv', before);
    expect(await page.getByTestId('summary-unmapped').count()).toBe(0);
    // Each 7 rows: left ×3, right ×2, same ×2.
    expect(await summaryFigures(page)).toMatchObject({ rows: 14, votes: 14, models: 3, outcomes: { a: 6, b: 4, tie: 4 } });
    // The same mapping on the command line: the summary's command, run on the same file, counts the same votes.
    await page.locator('[data-testid="dataset-summary"] details.columns > summary').click();
    const command = (await page.getByTestId('rank-command').textContent()) ?? '';
    const map = /^npm run rank -- other-names\.csv --map '(.*)'$/.exec(command)?.[1];
    expect(map, command).toBeDefined();
    let out = '';
    const code = await rank([work.path('other-names.csv'), '--map', map!, '--json', '--bootstrap', '0'], {
      stdout: (t) => void (out += t),
      stderr: () => undefined,
    });
    expect(code).toBe(0);
    const models = JSON.parse(out).models as { model: string; wins: number; losses: number; ties: number }[];
    expect(models.map((m) => m.model).sort()).toEqual(['p', 'q', 'r']);
    expect(models.reduce((n, m) => n + m.wins + m.losses + m.ties, 0) / 2).toBe(14);
    expect(models.reduce((n, m) => n + m.ties, 0) / 2).toBe(4);
  });

  test('a one-hot winner in columns of other names', async () => {
    const { page } = session;
    const rows: (string | number)[][] = [['left', 'right', 'a_wins', 'b_wins', 'draw']];
    for (let i = 0; i < 12; i++) rows.push(['x', 'y', i % 3 === 0 ? 1 : 0, i % 3 === 1 ? 1 : 0, i % 3 === 2 ? 1 : 0]);
    rows.push(['x', 'y', 1, 1, 0]);
    const before = await loadsSoFar(page);
    await page.getByTestId('file-input').setInputFiles(work.write('onehot.csv', csv(rows)));
    await page.getByTestId('mapping-form').waitFor();
    await page.getByTestId('map-model-a').selectOption('left');
    await page.getByTestId('map-model-b').selectOption('right');
    await page.getByTestId('map-winner-one-hot').check();
    await page.getByTestId('map-one-hot-a').selectOption('a_wins');
    await page.getByTestId('map-one-hot-b').selectOption('b_wins');
    await page.getByTestId('map-one-hot-tie').selectOption('draw');
    await page.getByTestId('map-apply').click();
    await waitForDataset(page, 'onehot.csv', before);
    const f = await summaryFigures(page);
    expect(f).toMatchObject({ votes: 12, outcomes: { a: 4, b: 4, tie: 4 }, rejected: { 'not exactly one winner column set': 1 } });
  });
});

describe("LMArena's 100k release", () => {
  let session: Session;
  const planted = expected.samples['lmarena-100k.parquet'].planted;
  beforeAll(async () => {
    session = await openOnSample();
    await dropFile(session.page, resolve(STATIC, 'lmarena-100k.parquet'));
  });
  afterAll(() => closeChecked(session));

  test('reads its JSON strings as fields and its categories as slices', async () => {
    const { page } = session;
    const counts = await sql(
      page,
      `SELECT count(*) FILTER (WHERE hard_prompts) AS hard, count(*) FILTER (WHERE math) AS math, count(*) FILTER (WHERE instruction_following) AS if_,
       count(*) FILTER (WHERE creative_writing) AS cw, count(*) FILTER (WHERE is_code) AS code, count(*) FILTER (WHERE (conv_metadata).sum_assistant_a_tokens > 0) AS meta FROM battles`,
    );
    const c = planted.categories;
    expect(counts).toContain(`${c.hard_prompts}${c.math}${c.instruction_following}${c.creative_writing}${c.coding}`);
    expect(await page.getByTestId('dataset-notes').count()).toBe(0);
  });

  test('a quick toggle keeps the de-duplicated votes, as LMArena does', async () => {
    const { page } = session;
    await page.getByTestId('lens-leaderboard').click();
    await page.getByTestId('quick-dedup-only').check();
    await expect
      .poll(() => page.getByTestId('slice-figures').getAttribute('data-votes'), { timeout: 60_000 })
      .toBe(String(planted.dedup.sampled_votes));
    expect(page.url()).toContain('q_dedup=1');
    await page.getByTestId('quick-dedup-only').uncheck();
  });

  test("the category pivot ranks every model in each of LMArena's categories", async () => {
    const { page } = session;
    await page.getByTestId('lens-compare').click();
    await page.getByTestId('compare-mode-pivot').check();
    await page.getByTestId('pivot-dimension').selectOption({ label: 'LMArena categories' });
    const head = page.locator('[data-testid="category-pivot"] thead');
    await expect.poll(() => head.textContent(), { timeout: 60_000 }).toContain('hard prompts');
    for (const label of ['coding', 'math', 'instruction following', 'creative writing']) expect(await head.textContent()).toContain(label);
  });
});
