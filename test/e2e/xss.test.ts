import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';
import { dropFile, waitForDataset, waitForRatings, closeChecked, recordDialogs } from './page-helpers.ts';
import { openLens } from './settle.ts';
import { csv, HOSTILE, HOSTILE_COLUMNS, hostileRows, jsonl, parquetFrom, workDir } from './fixtures/hostile-files.ts';

const work = workDir('xss');
const rows = hostileRows();
const columns = Object.keys(rows[0]);
// The file name is hostile too: it is shown in the summary, the status line and download names.
const stem = `<svg onload=alert(9)>`;

const files = {
  jsonl: () => work.write(`${stem}.jsonl`, jsonl(rows)),
  csv: () => work.write(`${stem}.csv`, csv([columns, ...rows.map((r) => columns.map((c) => r[c]))])),
  // Conversations shape: hostile chat turns, moderation with a hostile category (safety, browse lenses).
  parquet: async () => {
    const source = work.write('corpus-source.jsonl', jsonl(rows));
    return parquetFrom(
      work.path(`${stem}.parquet`),
      `SELECT * EXCLUDE (prompt),
              [{'content': prompt, 'role': 'user'}, {'content': model_a || ' answers ' || prompt, 'role': 'assistant'}] AS conversation_a,
              [{'content': prompt, 'role': 'user'}, {'content': model_b || ' answers ' || prompt, 'role': 'assistant'}] AS conversation_b,
              {'flagged': tstamp % 5 = 0, 'categories': {'hate': tstamp % 2 = 0, '<img src=x onerror=alert(4)>': tstamp % 3 = 0}} AS openai_moderation,
              1 AS turn, true AS anony
       FROM read_json($1)`,
      [source],
    );
  },
};

/** Elements that could only come from data interpreted as markup, and the scripts not the page's own. */
async function injected(page: Page, ownScripts: string[]): Promise<string[]> {
  return page.evaluate((own) => {
    const found: string[] = [];
    const bad =
      'img[src="x"], img[onerror], svg[onload], [onerror], [onload], [onclick], [onmouseover], iframe, object, embed, a[href^="javascript:" i], [href^="javascript:" i], [src^="javascript:" i]';
    for (const el of document.querySelectorAll(bad)) found.push(el.outerHTML.slice(0, 120));
    for (const s of document.querySelectorAll('script')) {
      const id = s.src || s.textContent?.slice(0, 60) || '';
      if (!own.includes(id)) found.push(`script: ${id}`);
    }
    return found;
  }, ownScripts);
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null);

/** Every CSV field that a spreadsheet would run as a formula. */
function formulaFields(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let start = true;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && start) {
      quoted = true;
      start = false;
    } else if (ch === ',' || ch === '\n' || ch === '\r' || ch === undefined) {
      if (/^[=+@\t\r]/.test(field) || (/^-/.test(field) && !/^-?[\d.]/.test(field))) fields.push(field);
      field = '';
      start = true;
    } else {
      field += ch;
      start = false;
    }
  }
  return fields;
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: download.suggestedFilename(), text: await downloadedText(download) };
}

describe.each(['jsonl', 'csv', 'parquet'] as const)('hostile model names, column names and text in a %s file', (format) => {
  let session: Session;
  let ownScripts: string[];
  let title: string;
  let dialogs: string[] = [];

  beforeAll(async () => {
    session = await openSession();
    dialogs = recordDialogs(session.page);
    await session.page.addInitScript(() => {
      // A payload that ran would set this; a getter-free property so nothing on the page trips it.
      Object.defineProperty(window, '__pwned', { value: undefined, writable: true, configurable: true });
    });
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    title = await session.page.title();
    ownScripts = await session.page.evaluate(() =>
      [...document.querySelectorAll('script')].map((s) => s.src || s.textContent?.slice(0, 60) || ''),
    );
    await dropFile(session.page, await files[format](), `${stem}.${format}`);
    await waitForRatings(session.page);
  });
  afterAll(() => closeChecked(session));

  test('the leaderboard shows every hostile name as literal text, and nothing runs', async () => {
    const { page } = session;
    const text = (await page.getByTestId('leaderboard').textContent()) ?? '';
    for (const name of Object.values(HOSTILE)) expect(text, name).toContain(name);
    const summary = (await page.getByTestId('dataset-summary').textContent()) ?? '';
    for (const c of HOSTILE_COLUMNS) expect(summary, c).toContain(c);
    expect(summary).toContain(stem);
    expect(await injected(page, ownScripts)).toEqual([]);
    expect(await pwned(page)).toBeNull();
    expect(dialogs).toEqual([]);
  });

  test('every lens tab, hovered chart marks and the filter values show the data as text only', { timeout: 300_000 }, async () => {
    const { page } = session;
    // Open every filter group and pick one hostile value, so the slice label carries it too.
    await page.locator('aside details:not([open]) > summary').evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click()));
    const panel = page.getByTestId('filter-panel');
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain(HOSTILE.img);
    const firstValue = panel.locator('[data-dimension] [data-value] input').first();
    if (await firstValue.count()) {
      await firstValue.check();
      await waitForRatings(page);
    }
    expect(await injected(page, ownScripts)).toEqual([]);

    const tabs = await page
      .locator('[role="tab"][data-testid^="lens-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
    console.log(`${format}: tabs ${tabs.join(', ')}`);
    expect(tabs.length).toBeGreaterThanOrEqual(5);
    const visited: Record<string, { marks: number; downloads: string[] }> = {};
    for (const tab of tabs) {
      // Let the lens query and draw.
      await openLens(page, tab.slice('lens-'.length));
      await expect.poll(() => page.locator('#lens-panel [aria-busy="true"], [data-testid="status"]').count(), { timeout: 60_000 }).toBe(0);
      const marks = page.locator('#lens-panel svg [aria-label] > :is(circle, rect, path, line)');
      const count = await marks.count();
      // The first, middle and last marks (none on a lens without a chart: no 2 s wait for a mark that is not there).
      for (const i of [0, Math.floor(count / 2), count - 1].filter((x, k, all) => x >= 0 && x < count && all.indexOf(x) === k)) {
        await marks
          .nth(i)
          .hover({ timeout: 2_000, force: true })
          .catch(() => undefined);
      }
      // Browse: unfold the rows so the hostile prompts and answers render.
      for (const more of await page.locator('#lens-panel button', { hasText: /show (more|all)|expand/i }).all())
        await more.click().catch(() => undefined);
      const downloads: string[] = [];
      for (const button of await page.locator('#lens-panel button', { hasText: /^(CSV|SVG)$/ }).all()) {
        if (!(await button.isVisible())) continue;
        const { name, text } = await downloadText(page, () => button.click());
        downloads.push(name);
        if (name.endsWith('.csv')) expect(formulaFields(text), `${tab} ${name}`).toEqual([]);
        if (name.endsWith('.svg')) {
          expect(text, `${tab} ${name}`).not.toMatch(/<(img|script|iframe)\b/i);
          expect(text, `${tab} ${name}`).not.toMatch(/<svg\b[^>]*\bonload=/i);
        }
      }
      visited[tab] = { marks: count, downloads };
      expect(await injected(page, ownScripts), tab).toEqual([]);
      expect(await pwned(page), tab).toBeNull();
      expect(dialogs, tab).toEqual([]);
      expect(await page.title(), tab).toBe(title);
    }
    console.log(`${format}: ${JSON.stringify(visited)}`);
    expect(await page.locator('#lens-panel').textContent()).not.toBe('');
  });

  test('the leaderboard CSV holds the names literally, formulas behind an apostrophe', async () => {
    const { page } = session;
    await page.getByTestId('lens-leaderboard').click();
    const { name, text } = await downloadText(page, () => page.getByTestId('download-leaderboard-csv').click());
    console.log(`${format}: leaderboard download named ${JSON.stringify(name)}`);
    for (const model of [HOSTILE.img, HOSTILE.svg, HOSTILE.script, HOSTILE.bidi, HOSTILE.title]) {
      expect(text, model).toContain(model.includes('"') || model.includes(',') ? model.replaceAll('"', '""') : model);
    }
    expect(text).toContain(`"'=HYPERLINK(""http://evil.invalid/?x"",""click"")"`);
    expect(text).toContain(`'+cmd|' /C calc'!A0`);
    expect(formulaFields(text)).toEqual([]);
    expect(await page.title()).toBe(title);
    expect(await injected(page, ownScripts)).toEqual([]);
    expect(await pwned(page)).toBeNull();
  });
});
