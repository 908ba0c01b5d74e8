import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, downloadText, dropFile, waitForDataset } from './page-helpers.ts';
import { openLens } from './lens-helpers.ts';
import { BASELINE, judgmentCsv, judgmentRows, type JudgmentRow } from '../fixtures/judge-board.ts';

const rows = judgmentRows();

/** arena-hard's label_to_score (show_result.py), written out: the model's mean score against the baseline. */
function arenaHardRate(model: string, weight: number): number {
  const forA: Record<string, number[]> = {
    'A>B': [1],
    'A>>B': Array(weight).fill(1),
    'A=B': [0.5],
    'B>A': [0],
    'B>>A': Array(weight).fill(0),
  };
  const scores = rows
    .filter((r: JudgmentRow) => r.model_a === model || r.model_b === model)
    .flatMap((r) => forA[r.winner.replace(/[[\]]/g, '')].map((s) => (r.model_a === model ? s : 1 - s)));
  return scores.reduce((s, x) => s + x, 0) / scores.length;
}

interface BoardJson {
  baseline: string;
  strong_weight: number;
  models: { model: string; direct_win_rate: number; predicted_win_rate: number; lc_win_rate: number | null; lc_raw_win_rate: number }[];
  self_preference: { judge: string; family: string; gap: number; lower: number } | null;
}

describe('the Judge board lens on an arena-hard-style judgment file', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('baseline view with strong verdicts ×3 and ×1, the LC win rate, and a judge’s self-preference, all in the address', async () => {
    const dir = resolve('test/.cache');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, 'judge-board.csv');
    writeFileSync(file, judgmentCsv(rows));
    session = await openSession({ width: 1280, height: 800 });
    const { page } = session;
    await page.goto(appUrl('?sample=pair-counts'));
    await waitForDataset(page, 'pair-counts.csv');
    await dropFile(page, file);
    await waitForDataset(page, 'judge-board.csv');
    await openLens(page, 'judgeboard');
    const view = page.getByTestId('judgeboard-baseline-view');
    // The default baseline is the model in every battle; strong verdicts count three times (arena-hard's default).
    await page.waitForSelector(`[data-testid="judgeboard-baseline-view"][data-baseline="${BASELINE}"][data-strong-weight="3"]`);
    await page.waitForFunction(() => /LC win/.test(document.querySelector('[data-testid="judgeboard-baseline-view"]')?.textContent ?? ''));
    const json = async (): Promise<BoardJson> =>
      JSON.parse(await downloadText(page, () => page.locator('[data-lens-body="judgeboard"] [data-download="json"]').click()));
    // Every percentage on screen keeps its one decimal (56.0, not 56), alone or in an interval.
    const percentCells = await view.locator('table').evaluate((table) => {
      const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
      return [...table.querySelectorAll('tbody tr')].flatMap((tr) =>
        [...tr.children].filter((_, k) => /%/.test(heads[k])).map((td) => td.textContent!.trim()),
      );
    });
    expect(percentCells.length).toBeGreaterThan(10);
    for (const text of percentCells) expect(text).toMatch(/^\d+\.\d( – \d+\.\d)?$/);
    let board = await json();
    expect(board.baseline).toBe(BASELINE);
    expect(board.strong_weight).toBe(3);
    for (const m of board.models) expect(m.direct_win_rate, m.model).toBeCloseTo(arenaHardRate(m.model, 3), 4);
    // Planted length bias: the verbose model's LC win rate falls below its raw one, the terse one's rises.
    const by = Object.fromEntries(board.models.map((m) => [m.model, m]));
    expect(by['mistral-7b-verbose'].lc_win_rate!).toBeLessThan(by['mistral-7b-verbose'].lc_raw_win_rate);
    expect(by['llama-2-70b-chat'].lc_win_rate!).toBeGreaterThan(by['llama-2-70b-chat'].lc_raw_win_rate);

    await page.getByTestId('judgeboard-strong').uncheck();
    await view.and(page.locator('[data-strong-weight="1"]')).waitFor();
    expect(page.url()).toContain('jb_strong=1x');
    board = await json();
    for (const m of board.models) expect(m.direct_win_rate, m.model).toBeCloseTo(arenaHardRate(m.model, 1), 4);

    await page.getByTestId('judgeboard-judge').selectOption('gpt-4-judge');
    await expect.poll(() => page.getByTestId('judgeboard-family').inputValue()).toBe('gpt-4');
    const result = page.getByTestId('judgeboard-self-result');
    await result.waitFor();
    expect(Number(await result.getAttribute('data-lower'))).toBeGreaterThan(0);
    expect(await result.textContent()).toContain('gpt-4-0613');
    board = await json();
    expect(board.self_preference).toMatchObject({ judge: 'gpt-4-judge', family: 'gpt-4' });
    expect(page.url()).toContain('jb_judge=gpt-4-judge');
  });
});
