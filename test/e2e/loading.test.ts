import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { dropFile, loadsSoFar, summaryFigures, waitForDataset, waitForRatings, openOnSample, closeChecked } from './page-helpers.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { cachedParquet } from './fixtures/hostile-files.ts';

const work = mkdtempSync(join(tmpdir(), 'arena-lens-loading-'));
const file = (name: string, content: string) => {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
};

describe('loading files of every kind', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(() => closeChecked(session));

  test('a JSON array of objects with side synonyms is recognised and rated', async () => {
    const rows = [];
    for (let i = 0; i < 60; i++) rows.push({ left: 'alpha', right: 'beta', winner: i % 3 === 0 ? 'right' : 'left' });
    for (let i = 0; i < 40; i++) rows.push({ left: 'beta', right: 'gamma', winner: i % 4 === 0 ? 'draw' : 'left' });
    for (let i = 0; i < 20; i++) rows.push({ left: 'gamma', right: 'alpha', winner: i % 2 ? 'left' : 'right' });
    await dropFile(session.page, file('synonyms.json', JSON.stringify(rows)));
    const figures = await summaryFigures(session.page);
    expect(figures).toMatchObject({ rows: 120, votes: 120, models: 3, outcomes: { a: 40 + 30 + 10, b: 20 + 10, tie: 10 } });
    await waitForRatings(session.page);
    expect(await session.page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(3);
  });

  test('a CSV with malformed lines loads what is sound and counts what was set aside', async () => {
    const lines = ['model_a,model_b,winner'];
    for (let i = 0; i < 30; i++) lines.push(`m${i % 3},m${(i + 1) % 3},${i % 2 ? 'model_a' : 'model_b'}`);
    lines.push('m0,m1,model_a,extra,fields');
    lines.push('m1,m1,model_a'); // a model against itself
    lines.push('m2,,model_b'); // null model
    lines.push('m0,m2,left_win'); // unknown winner label
    await dropFile(session.page, file('broken.csv', lines.join('\n') + '\n'));
    const figures = await summaryFigures(session.page);
    expect(figures.votes).toBe(30);
    expect(figures.rejected).toEqual({ 'model against itself': 1, 'null model': 1, 'unknown winner label "left_win"': 1 });
    const malformed = Number(await session.page.getByTestId('rejected-summary').getAttribute('data-malformed'));
    expect(malformed).toBeGreaterThanOrEqual(1);
    await session.page.getByTestId('show-rejected').click();
    await expect.poll(() => session.page.getByTestId('rejected-rows').textContent()).toContain('left_win');
  });

  test('a file the page does not recognise opens the mapping form, and the mapping re-reads it', async () => {
    const lines = ['contender,opponent,verdict,n'];
    lines.push('x,y,WIN,30', 'x,y,LOSS,10', 'y,z,WIN,25', 'y,z,EVEN,5', 'z,x,LOSS,20', 'z,x,WIN,8');
    const before = await loadsSoFar(session.page);
    await session.page.getByTestId('file-input').setInputFiles(file('odd.csv', lines.join('\n')));
    const form = session.page.getByTestId('mapping-form');
    await form.waitFor();
    await expect.poll(() => session.page.getByTestId('error').textContent()).toContain('odd.csv');
    // Guessed from names that say it: the verdict and the votes per row; the sides are not named as such.
    expect(await session.page.getByTestId('map-winner').inputValue()).toBe('verdict');
    expect(await session.page.getByTestId('map-weight').inputValue()).toBe('n');
    expect(await session.page.getByTestId('map-model-a').inputValue()).toBe('');
    await session.page.getByTestId('map-model-a').selectOption('contender');
    await session.page.getByTestId('map-model-b').selectOption('opponent');
    await session.page.getByTestId('map-winner').selectOption('verdict');
    await session.page.getByTestId('map-weight').selectOption('n');
    await form.getByLabel('Meaning of WIN').selectOption('a');
    await form.getByLabel('Meaning of LOSS').selectOption('b');
    await form.getByLabel('Meaning of EVEN').selectOption('tie');
    await session.page.getByTestId('map-apply').click();
    await waitForDataset(session.page, 'odd.csv', before);
    const figures = await summaryFigures(session.page);
    expect(figures).toMatchObject({
      rows: 6,
      votes: 98,
      models: 3,
      preset: 'user-mapping',
      outcomes: { a: 30 + 25 + 8, b: 10 + 20, tie: 5 },
    });
  });

  test('a file that is not parquet at all gets a clear error and the next file loads normally', async () => {
    const { page } = session;
    await page.getByTestId('file-input').setInputFiles(file('random.parquet', 'PAR1 this is not really parquet at all'));
    await expect.poll(() => page.getByTestId('error').textContent(), { timeout: 30_000 }).toMatch(/random\.parquet: .*parquet/i);
    await dropFile(page, resolve('static-data/comparag-votes.parquet'));
    expect((await summaryFigures(page)).votes).toBe(3000);
  });

  test('an empty file is refused with its name', async () => {
    const { page } = session;
    await page.getByTestId('file-input').setInputFiles(file('empty.csv', ''));
    await expect.poll(() => page.getByTestId('error').textContent()).toContain('empty.csv: the file is empty');
  });

  test('a remote parquet address loads by range requests, leaving long text columns unread', async () => {
    const { page } = session;
    const name = 'remote-battles.parquet';
    const path = join(inject('remoteDir'), name);
    // Long random text in row groups of several MB, so skipping it shows in the bytes read.
    const db = await createNodeConnector();
    await db.exec(
      `COPY (SELECT 'model-' || (i % 7) AS model_a, 'model-' || ((i + 1 + i // 7) % 7) AS model_b, ` +
        `CASE i % 3 WHEN 0 THEN 'model_b' ELSE 'model_a' END AS winner, 'judge_' || (i % 50) AS judge, ` +
        `1700000000 + i AS tstamp, 1 AS turn, ` +
        `md5(i::VARCHAR) || md5((i + 1)::VARCHAR) || md5((i + 2)::VARCHAR) || md5((i + 3)::VARCHAR) AS prompt ` +
        `FROM range(60000) t(i)) TO '${path}' (FORMAT parquet, ROW_GROUP_SIZE 20000)`,
    );
    db.close();
    await fetch(`${inject('baseUrl')}/__log/clear`);
    const before = await loadsSoFar(page);
    await page.getByTestId('hub-menu').selectOption({ label: 'Remote URL…' });
    await page.getByTestId('remote-url').fill(`${inject('baseUrl')}/remote/${name}`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await waitForDataset(page, name, before);
    expect((await summaryFigures(page)).rows).toBe(60000);
    const log: { path: string; range: string | null; bytes: number }[] = await (await fetch(`${inject('baseUrl')}/__log`)).json();
    const reads = log.filter((r) => r.path === `/remote/${name}`);
    const read = reads.reduce((sum, r) => sum + r.bytes, 0);
    const size = statSync(path).size;
    console.log(`remote parquet: ${reads.length} requests, ${read} of ${size} bytes (${((100 * read) / size).toFixed(1)}%)`);
    expect(reads.every((r) => r.range !== null)).toBe(true);
    expect(read).toBeLessThan(size * 0.5);
  });

  test.each([
    ['missing.parquet', /HTTP 404/],
    ['remote-battles.parquet?norange', /does not support HTTP range requests/],
  ])('a remote address that cannot be read in parts (%s) gets a message that says why', async (path, message) => {
    const { page } = session;
    await page.getByTestId('remote-url').fill(`${inject('baseUrl')}/remote/${path}`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => page.getByTestId('error').textContent(), { timeout: 30_000 }).toMatch(message);
  });

  test('a file far too big for a tab is refused before it is read, pointing to the aggregation path', async () => {
    const { page } = session;
    // Refused from the footer alone (rows × column types): empty text columns are as big and write 3× as fast.
    const extra = Array.from({ length: 200 }, (_, i) => `NULL::VARCHAR AS c${i}`).join(', ');
    const path = await cachedParquet(
      'too-wide.parquet',
      `SELECT 'm' || (i % 5) AS model_a, 'm' || ((i + 1) % 5) AS model_b, 'model_a' AS winner, ${extra} FROM range(2000000) t(i)`,
    );
    await page.getByTestId('file-input').setInputFiles(path);
    const error = page.getByTestId('error');
    await expect.poll(() => error.textContent(), { timeout: 30_000 }).toContain('too-wide.parquet: 2,000,000 rows would need about');
    expect(await error.textContent()).toContain('even compressed');
    expect(await error.textContent()).toContain('npm run aggregate');
    await dropFile(page, resolve('static-data/comparag-votes.parquet'));
  });

  test('a file past the packing threshold is stored compressed; the next small file goes back to the plain database', async () => {
    const { page } = session;
    // 200,000 rows × 123 columns: estimated past PACK_ABOVE_BYTES, well under the refusal budget.
    const extra = Array.from({ length: 120 }, (_, i) => `'v' || (i % 3) AS c${i}`).join(', ');
    const path = await cachedParquet(
      'wide-enough-to-pack.parquet',
      `SELECT 'm' || (i % 5) AS model_a, 'm' || ((i + 1 + i % 3) % 5) AS model_b, ` +
        `CASE WHEN i % 7 = 0 THEN 'tie' ELSE 'model_a' END AS winner, ${extra} FROM range(200000) t(i)`,
    );
    await dropFile(page, path);
    expect(await summaryFigures(page)).toMatchObject({ rows: 200_000, votes: 200_000, models: 5 });
    await waitForRatings(page);
    expect(await page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(5);
    const tables = async (cubes = false) => {
      await page.getByTestId('lens-sql').click();
      await page
        .getByTestId('sql-input')
        .fill(
          "SELECT string_agg(database_name || '.' || table_name, ' ' ORDER BY database_name, table_name) AS tables FROM duckdb_tables() " +
            `WHERE NOT temporary AND (table_name LIKE 'slice_cube%') = ${cubes}`,
        );
      await page.getByTestId('sql-run').click();
      const cell = page.locator('[data-testid="sql-result"][data-state="rows"] tbody td').first();
      await cell.waitFor({ timeout: 30_000 });
      const text = (await cell.textContent())!;
      await page.getByTestId('lens-leaderboard').click();
      return text;
    };
    expect(await tables()).toBe('packed.battles packed.raw packed.rejected_rows');
    expect(await page.getByTestId('stored-compressed').count(), 'the summary says the tables are compressed').toBe(1);
    // Filters and lenses read the packed tables like any others; a filter on c0 counts from the slice cube built behind the page.
    await expect.poll(() => tables(true), { timeout: 30_000 }).toMatch(/^packed\.slice_cube_\d+$/);
    await page.locator('[data-dimension="c0"] [data-value="v1"] input').click();
    await expect.poll(() => page.getByTestId('slice-figures').getAttribute('data-votes'), { timeout: 30_000 }).toBe('66667');
    // The other widgets count in that slice (c1 repeats c0: all its votes are v1), from the cube too.
    await expect
      .poll(() => page.locator('[data-dimension="c1"] li').allTextContents(), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/v1\s*66,667/)]);

    const before = await loadsSoFar(page);
    await page.getByTestId('file-input').setInputFiles(resolve('static-data/comparag-votes.parquet'));
    await waitForDataset(page, 'comparag-votes.parquet', before);
    expect(await summaryFigures(page)).toMatchObject({ votes: 3000, models: 8 });
    expect(await tables()).toBe('memory.battles memory.raw memory.rejected_rows');
    expect(await page.getByTestId('stored-compressed').count()).toBe(0);
  });
});

describe('a file dropped while the built-in sample is still loading', () => {
  test('waits for the sample’s load, then becomes the dataset with its own figures', async () => {
    const session = await openSession();
    try {
      const { page } = session;
      await page.goto(appUrl());
      await page.getByTestId('file-input').setInputFiles(resolve('static-data/comparag-votes.parquet'));
      await waitForDataset(page, 'comparag-votes.parquet');
      expect(await summaryFigures(page)).toMatchObject({ votes: 3000, models: 8, preset: 'comparag' });
      await waitForRatings(page);
      expect(await page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(8);
    } finally {
      await session.close();
    }
  });
});
