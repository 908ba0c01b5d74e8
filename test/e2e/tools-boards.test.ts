import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset } from './page-helpers.ts';

/** Thirty tools rated under two mediating LLMs, in the CompaRAG layout. */
function manyTools(): string {
  const dir = resolve('test/.cache');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'many-tools.csv');
  const lines = ['vote_id,tool_a_id,tool_b_id,chosen,llm_id'];
  for (let i = 0; i < 6000; i++) {
    const a = i % 30,
      b = (a + 1 + ((i * 7) % 29)) % 30;
    const chosen = (i * 13) % 100 < 50 + (b - a) ? 'a' : i % 11 === 0 ? 'tie' : 'b';
    lines.push(`${i},tool-${String(a).padStart(2, '0')},tool-${String(b).padStart(2, '0')},${chosen},${i % 2 ? 'llm-large' : 'llm-small'}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Every board row: its Δ, its interval as +a / −b, and whether Δ is highlighted. */
function boardRows(page: Page) {
  return page.locator('[data-testid="tools-board"] tbody tr').evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((c) => c.textContent!.trim().replace('−', '-'));
      const ci = /([+-][\d.]+) \/ ([+-][\d.]+)/.exec(cells[3]);
      return {
        gap: cells[5] === '—' ? null : Number(cells[5]),
        up: ci ? Number(ci[1]) : null,
        down: ci ? Number(ci[2]) : null,
        stands: r.querySelector('[data-stands]')?.getAttribute('data-stands') ?? '',
      };
    }),
  );
}

function expectConsistent(rows: Awaited<ReturnType<typeof boardRows>>) {
  for (const r of rows) {
    if (r.gap === null || r.up === null || r.down === null) {
      expect(r.stands).toBe('');
      continue;
    }
    // Overall = rating − Δ lies outside [rating + down, rating + up] exactly when Δ > −down or Δ < −up.
    const above = r.gap > -r.down,
      below = r.gap < -r.up;
    if (Math.abs(r.gap + r.down) < 0.15 || Math.abs(r.gap + r.up) < 0.15) continue; // rounding to 0.1 on screen
    expect(r.stands, JSON.stringify(r)).toBe(above ? 'above' : below ? 'below' : '');
  }
}

describe('the Tools lens', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=comparag-votes&lens=tools'));
    await waitForDataset(session.page, 'comparag-votes.parquet');
    await session.page.waitForSelector('[data-testid="tools-board"] tbody tr', { timeout: 60_000 });
  });
  afterAll(() => closeChecked(session));

  test("highlights Δ exactly when the rating on all votes lies outside the LLM board's interval", async () => {
    const rows = await boardRows(session.page);
    expect(rows.length).toBeGreaterThan(0);
    expectConsistent(rows);
  });

  test('with 30 tools each board shows the top 10 with intervals, and the rest on request', async () => {
    const { page } = session;
    await dropFile(page, manyTools());
    await page.getByTestId('lens-tools').click();
    await page.waitForSelector('[data-testid="tools-top"]', { timeout: 60_000 });
    expect(await page.getByTestId('tools-top').inputValue()).toBe('10');
    const boards = page.locator('[data-testid="tools-board"]');
    expect(await boards.count()).toBe(2);
    for (let k = 0; k < 2; k++) expect(await boards.nth(k).locator('tbody tr').count()).toBe(10);
    const rows = await boardRows(page);
    expect(rows.every((r) => r.up !== null && r.down !== null)).toBe(true);
    expectConsistent(rows);
    await page.getByTestId('tools-top').selectOption('0');
    await expect.poll(() => boards.nth(0).locator('tbody tr').count()).toBe(30);
  });
});
