/**
 * GenRM as published: five judge slots in the columns, num_judges = 3, judge_4_* and judge_5_* empty,
 * invalid_votes = 0. The Judges lens must say 3 judges and 0 invalid votes (empty slots are no
 * judges), give Krippendorff's α beside Fleiss' κ for all judges and each subset, and show its judges
 * table whole at 1440 and 1280 px (at 390 px the table scrolls inside its own box, not the page).
 * Screenshots of the table at each width go to test/.cache/shots/judges/.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset } from './page-helpers.ts';

const SHOTS = resolve('test/.cache/shots/judges');
const FILE = 'genrm-as-published.parquet';

type Verdict = 'A' | 'B' | 'tie';
const slots = (suffix: string) => [1, 2, 3, 4, 5].map((k) => [`judge_${k}_${suffix}`, 'VARCHAR'] as const);
/** The published columns of GenRM multi-judge, in order, with their types. */
const COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['question', 'VARCHAR'],
  ['response_1', 'VARCHAR'],
  ['response_2', 'VARCHAR'],
  ['source', 'VARCHAR'],
  ['id', 'VARCHAR'],
  ['original_index', 'BIGINT'],
  ['judge_output_raw', 'VARCHAR[]'],
  ...slots('response'),
  ...slots('reasoning'),
  ...slots('raw'),
  ['judge_responses', 'VARCHAR[]'],
  ['majority_vote', 'VARCHAR'],
  ['agreement_score', 'DOUBLE'],
  ['a_votes', 'BIGINT'],
  ['b_votes', 'BIGINT'],
  ['invalid_votes', 'BIGINT'],
  ['response_1_judge_score', 'DOUBLE'],
  ['response_2_judge_score', 'DOUBLE'],
  ['winner', 'VARCHAR'],
  ['judge_job_id', 'VARCHAR'],
  ['judge_model', 'VARCHAR'],
  ['judge_temperature', 'DOUBLE'],
  ['num_judges', 'BIGINT'],
  ['original_metadata', 'VARCHAR'],
  ['response_order', 'VARCHAR'],
  ['swap_id', 'VARCHAR'],
];

/**
 * 100 response pairs, each in both orders: judge 1 is right but for a tie now and then, judge 2 errs
 * on one pair in seven, judge 3 answers A on one pair in four whatever the content. Every verdict is
 * readable: invalid_votes is 0 in every row.
 */
function itemVerdicts(pair: number, swapped: boolean): Verdict[] {
  const better: Verdict = (pair % 3 === 0) !== swapped ? 'B' : 'A';
  const other: Verdict = better === 'A' ? 'B' : 'A';
  return [pair % 10 === 1 ? 'tie' : better, pair % 7 === 2 ? other : better, pair % 4 === 0 ? 'A' : better];
}

const items: Verdict[][] = [];
function rows(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let pair = 0; pair < 100; pair++) {
    for (const swapped of [false, true]) {
      const v = itemVerdicts(pair, swapped);
      items.push(v);
      const a = v.filter((x) => x === 'A').length;
      const b = v.filter((x) => x === 'B').length;
      const t = v.length - a - b;
      const maj = a > b && a >= t ? 'A' : b > a && b >= t ? 'B' : 'tie';
      const raw = v.map((x) => `<think>\nreasons\n</think>\n\nFinal verdict: ${x}`);
      out.push({
        question: `Question ${pair}?`,
        response_1: `Answer ${swapped ? 'two' : 'one'} to ${pair}.`,
        response_2: `Answer ${swapped ? 'one' : 'two'} to ${pair}.`,
        source: ['sharegpt', 'ultrachat'][pair % 2],
        id: `swap-${pair}-${swapped ? 's' : 'o'}`,
        original_index: pair,
        judge_output_raw: raw,
        ...Object.fromEntries(
          v.flatMap((x, k) => [
            [`judge_${k + 1}_response`, x],
            [`judge_${k + 1}_reasoning`, 'reasons'],
            [`judge_${k + 1}_raw`, raw[k]],
          ]),
        ),
        judge_responses: v,
        majority_vote: maj,
        agreement_score: (maj === 'A' ? a : maj === 'B' ? b : t) / 3,
        a_votes: a,
        b_votes: b,
        invalid_votes: 0,
        response_1_judge_score: a >= b ? 7 : 5,
        response_2_judge_score: a >= b ? 5 : 7,
        winner: maj === 'A' ? 'response_1' : maj === 'B' ? 'response_2' : 'tie',
        judge_job_id: 'judge-job-1',
        judge_model: 'qwen-3-4b-angel-judge',
        judge_temperature: 0.7,
        num_judges: 3,
        original_metadata: '{}',
        response_order: swapped ? 'swapped' : 'original',
        swap_id: `swap-${pair}`,
      });
    }
  }
  return out;
}

/** Krippendorff's α by its definition, pair by pair: disagreeing pairs within items against all pairs of the verdicts. */
function alphaByPairs(units: Verdict[][]): number {
  const all = units.flat();
  const n = all.length;
  let within = 0;
  for (const u of units)
    for (let i = 0; i < u.length; i++) for (let j = 0; j < u.length; j++) if (i !== j && u[i] !== u[j]) within += 1 / (u.length - 1);
  let across = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && all[i] !== all[j]) across++;
  return 1 - ((n - 1) * within) / across;
}

/** Fleiss' κ (1971) of complete data: mean per-item agreement against the squared overall shares. */
function fleiss(units: Verdict[][]): number {
  const m = units[0].length;
  const p = units.map(
    (u) =>
      (['A', 'B', 'tie'] as const).reduce((s, c) => s + u.filter((x) => x === c).length * (u.filter((x) => x === c).length - 1), 0) /
      (m * (m - 1)),
  );
  const pBar = p.reduce((s, x) => s + x, 0) / units.length;
  const pe = (['A', 'B', 'tie'] as const).reduce((s, c) => s + (units.flat().filter((x) => x === c).length / (units.length * m)) ** 2, 0);
  return (pBar - pe) / (1 - pe);
}

async function figures(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-figure]')].map((el) => [el.getAttribute('data-figure'), Number(el.getAttribute('data-value'))]),
    ),
  );
}

/** Every table of the lens: its right edge, its scroll box's right edge and sideways overflow, and the page's. */
async function tableEdges(page: Page) {
  return page.evaluate(() => ({
    viewport: innerWidth,
    pageScrollsSideways: document.documentElement.scrollWidth > innerWidth + 1,
    tables: [...document.querySelectorAll('[data-lens-body="judges"] [data-table]')].map((el) => {
      const table = el.querySelector('table')!;
      const box = el.querySelector<HTMLElement>('.scroll')!;
      return {
        name: el.getAttribute('data-table'),
        right: Math.round(table.getBoundingClientRect().right),
        boxRight: Math.round(box.getBoundingClientRect().right),
        hidden: box.scrollWidth - box.clientWidth,
        scrolls: getComputedStyle(box).overflowX,
      };
    }),
  }));
}

describe('GenRM as published: 3 judges in 5 slots, no invalid verdict', () => {
  let session: Session;
  let path: string;
  beforeAll(async () => {
    const dir = join(inject('remoteDir'), 'judges-published');
    mkdirSync(dir, { recursive: true });
    mkdirSync(SHOTS, { recursive: true });
    const lines = join(dir, 'rows.jsonl');
    writeFileSync(
      lines,
      rows()
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    path = join(dir, FILE);
    const db = await createNodeConnector();
    try {
      const types = COLUMNS.map(([n, t]) => `'${n}': '${t}'`).join(', ');
      await db.query(
        `COPY (SELECT ${COLUMNS.map(([n]) => `"${n}"`).join(', ')} FROM read_json($1, format = 'newline_delimited', columns = {${types}})) TO $2 (FORMAT parquet)`,
        [lines, path],
      );
      // The file is as published: every column, judge slots 4 and 5 empty, 0 invalid votes.
      const [check] = await db.query(
        `SELECT count(*) AS n, count(judge_4_response) + count(judge_5_response) + count(judge_4_raw) + count(judge_5_reasoning) AS held,
           sum(invalid_votes) AS invalid, min(num_judges) AS lo, max(num_judges) AS hi FROM read_parquet($1)`,
        [path],
      );
      expect([check.n, check.held, check.invalid, check.lo, check.hi].map(Number)).toEqual([200, 0, 0, 3, 3]);
      const described = await db.query(`SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet($1))`, [path]);
      expect(described.map((r) => r.column_name)).toEqual(COLUMNS.map(([n]) => n));
    } finally {
      db.close();
    }
    session = await openSession({ width: 1440, height: 900 });
    await session.page.goto(appUrl('?sample=genrm-judges'));
    await waitForDataset(session.page, 'genrm-judges.parquet');
    await dropFile(session.page, path);
    await session.page.getByTestId('lens-judges').click();
    // The lens stays open across the file change: wait until it counts the new file's items.
    await session.page.waitForSelector('[data-figure="items"][data-value="200"]', { timeout: 90_000 });
    await session.page.waitForSelector('[data-figure="invalid-votes"]', { timeout: 90_000 });
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('says 3 judges and 0 invalid votes, and draws no judge 4 or 5', async () => {
    const { page } = session;
    const f = await figures(page);
    expect(f['items']).toBe(200);
    expect(await page.locator('[data-figure="items"]').textContent()).toContain('3 judges');
    expect(await page.locator('[data-lens-body="judges"] .head').textContent()).toContain('agreement of 3 judges');
    // invalid_votes is 0 in every row, and so is the lens's count.
    expect(f['invalid-votes']).toBe(0);
    expect(f['unanimous']).toBe(items.filter((v) => v[0] === v[1] && v[1] === v[2]).length);
    expect(await page.getByTestId('absent-judges').textContent()).toContain('judge_4_response, judge_5_response');
    const judges = await page.locator('[data-table$="-judges"] tbody tr td:first-child').allTextContents();
    expect(judges).toEqual(['judge 1', 'judge 2', 'judge 3', 'majority']);
    await page.waitForSelector('[data-chart$="-judge-verdicts"] svg');
    const labels = await page.locator('[data-lens-body="judges"] svg text').allTextContents();
    expect(labels.some((t) => /judge [45]|of [45]\b/.test(t))).toBe(false);
    expect(labels.filter((t) => t === 'judge 3').length).toBeGreaterThan(0);
  });

  test("gives Krippendorff's α beside Fleiss' κ, for all judges and each pair, as computed pair by pair", async () => {
    const { page } = session;
    const f = await figures(page);
    expect(f['krippendorff-alpha']).toBeCloseTo(alphaByPairs(items), 10);
    expect(f['fleiss-kappa']).toBeCloseTo(fleiss(items), 10);
    // The explanation is a tooltip on the figure, shown on keyboard focus.
    const tip = page.locator('[data-figure="krippendorff-alpha"] button');
    await tip.focus();
    await expect.poll(() => page.locator('[data-figure="krippendorff-alpha"] [role="tooltip"]').isVisible()).toBe(true);
    expect(await page.locator('[data-figure="krippendorff-alpha"] [role="tooltip"]').textContent()).toMatch(
      /observed \/ expected disagreement/,
    );
    const table = page.getByTestId('judge-reliability');
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    const pick = (subset: number[]) => items.map((v) => subset.map((j) => v[j]));
    const r3 = (x: number) => x.toFixed(3);
    expect(rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      ['all 3', r3(alphaByPairs(items)), r3(fleiss(items))],
      ['judge 2, judge 3', r3(alphaByPairs(pick([1, 2]))), r3(fleiss(pick([1, 2])))],
      ['judge 1, judge 3', r3(alphaByPairs(pick([0, 2]))), r3(fleiss(pick([0, 2])))],
      ['judge 1, judge 2', r3(alphaByPairs(pick([0, 1]))), r3(fleiss(pick([0, 1])))],
    ]);
  });

  test('shows the judges table whole at 1440 and 1280 px; at 390 px it scrolls inside its box', async () => {
    const { page } = session;
    for (const width of [1440, 1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const table = page.locator('[data-table$="-judges"]').first();
      await table.scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: join(SHOTS, `judges-table-${width}.png`) });
      const edges = await tableEdges(page);
      expect(edges.pageScrollsSideways, `page scrolls sideways at ${width} px`).toBe(false);
      for (const t of edges.tables) {
        expect(t.boxRight, `${t.name} box at ${width} px`).toBeLessThanOrEqual(width);
        if (width >= 1280) {
          expect(t.right, `${t.name} right edge at ${width} px`).toBeLessThanOrEqual(width);
          expect(t.hidden, `${t.name} columns hidden to the right at ${width} px`).toBeLessThanOrEqual(1);
        } else expect(t.scrolls, `${t.name} at ${width} px`).toMatch(/auto|scroll/);
      }
      // The explanation of α opens inside the viewport, and the page still does not scroll sideways.
      await page.locator('[data-figure="krippendorff-alpha"] button').focus();
      const tip = await page.locator('[data-figure="krippendorff-alpha"] [role="tooltip"]').boundingBox();
      expect(tip, `α tooltip at ${width} px`).not.toBeNull();
      expect(tip!.x).toBeGreaterThanOrEqual(0);
      expect(tip!.x + tip!.width, `α tooltip right edge at ${width} px`).toBeLessThanOrEqual(width);
      expect((await tableEdges(page)).pageScrollsSideways, `page scrolls sideways with the tooltip at ${width} px`).toBe(false);
      await page.locator('[data-figure="krippendorff-alpha"] button').blur();
      // the judges table, the majority against the record, and the reliability by subset
      expect(edges.tables.map((t) => t.name)).toEqual([
        'genrm-as-published-judges',
        'genrm-as-published-judges-majority-agreement',
        'genrm-as-published-judge-reliability',
      ]);
    }
    console.log(`screenshots: ${SHOTS}/judges-table-{1440,1280,390}.png`);
  });
});
