/**
 * What a user waits for after the first board, measured by an observer outside the page's own marks
 * (issue 28): from the click (or the changed field) to the paint after the board's ratings changed,
 * by a MutationObserver on the leaderboard table and the next frame's paint (a task queued from
 * requestAnimationFrame runs after it). On the 1.67M real battles with language, turn, anonymous and
 * date columns, once everything has loaded: each quick toggle the file has, a language value, a
 * numeric range, a date range, the scale switch; each on and off six times, alternating, every click
 * on a settled page. Also the cold first visit and a file dropped during it against a warm page.
 */
import type { Page } from 'playwright-core';
import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { isEntry } from '../../src/cli/lib/run.ts';
import { startStaticServer } from '../e2e/static-server.ts';
import { dropTiming, fmt, median, OUT, table, withPage } from './bench-page.ts';
import { BATTLES, buildBattlesFile } from './rank.bench.ts';

/** Each action is done this many times on and as many off, alternating. */
const TIMES = 6;

/**
 * How an action changes the page: a click, or a field given a value and its change event. `pointOnly`:
 * done once the point board is painted (a board whose intervals wait for DuckDB's load to end).
 */
type Act = { selector: string; value?: string; pointOnly?: boolean };

interface Timing {
  /** Click → the new point board painted. */
  point: number;
  /** Click → the final intervals painted (no "…", not provisional, nothing running). */
  intervals: number;
}

/**
 * Runs `act` in the page and times, from just before it, the paint after the board's ratings (or
 * models) first changed, and the paint after the intervals were final again. The board signature
 * is each row's model, rating and votes text (a slice of equal models changes the votes alone), so
 * a rows' restyle or the intervals' "…" is not a new board.
 */
export function observe(page: Page, act: Act): Promise<Timing> {
  return inPage(
    page,
    ({ selector, value, pointOnly }: Act) =>
      new Promise<Timing>((resolve, reject) => {
        const table = document.querySelector('[data-testid="leaderboard"]');
        const target = document.querySelector(selector) as HTMLInputElement | null;
        if (!table || !target) return reject(new Error(`missing ${table ? selector : 'leaderboard'}`));
        const board = () =>
          [...table.querySelectorAll('tbody tr')]
            .map(
              (r) =>
                `${r.getAttribute('data-model')}=${r.querySelector('[data-field="rating"]')?.textContent ?? ''}/${r.querySelector('[data-field="votes"]')?.textContent ?? ''}`,
            )
            .join('|');
        const final = () =>
          table.getAttribute('data-provisional') !== 'true' &&
          !document.querySelector('[data-testid="status"]') &&
          ![...table.querySelectorAll('[data-field="interval"]')].some((c) => c.textContent?.includes('…'));
        const painted = (then: (t: number) => void) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => then(performance.now());
            channel.port2.postMessage(null);
          });
        const before = board();
        let point: number | null = null;
        let waiting = false;
        const timer = setTimeout(() => {
          observer.disconnect();
          // Which step never came: the new board, or (while a file still loads, say) its final intervals.
          const what = point === null ? 'no new board' : `a new board after ${point.toFixed(0)} ms, but no final intervals`;
          reject(new Error(`${what} within 120 s of ${selector}`));
        }, 120_000);
        const check = () => {
          if (waiting) return;
          if (point === null && board() !== before) {
            waiting = true;
            painted((t) => {
              point = t - start;
              waiting = false;
              if (!pointOnly) return check();
              observer.disconnect();
              clearTimeout(timer);
              resolve({ point, intervals: NaN });
            });
          } else if (point !== null && final()) {
            waiting = true;
            observer.disconnect();
            clearTimeout(timer);
            painted((t) => resolve({ point: point!, intervals: t - start }));
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const start = performance.now();
        if (value === undefined) target.click();
        else {
          target.value = value;
          target.dispatchEvent(new Event('input', { bubbles: true }));
          target.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }),
    act,
  ) as Promise<Timing>;
}

/**
 * Source text of a function run in the page: tsx names inner functions through a `__name` helper
 * that exists only in Node, so the page gets a stand-in.
 */
export const pageSource = (fn: (...args: never[]) => unknown, arg?: unknown) =>
  `(() => { const __name = (f) => f; return (${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)}); })()`;

const inPage = (page: Page, fn: (...args: never[]) => unknown, arg?: unknown) => page.evaluate(pageSource(fn, arg));

/** Nothing running and every interval final: the state a click is measured from. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const table = document.querySelector('[data-testid="leaderboard"]');
      return (
        !!table &&
        table.getAttribute('data-provisional') !== 'true' &&
        !document.querySelector('[data-testid="status"]') &&
        ![...table.querySelectorAll('[data-field="interval"]')].some((c) => c.textContent?.includes('…'))
      );
    },
    null,
    { timeout: 180_000, polling: 50 },
  );
  // A quiet moment, as a user's next click comes after a look at the board.
  await page.waitForTimeout(300);
}

/** Alternates `on` and `off` TIMES each on a settled page; the board must change both ways. */
async function alternate(page: Page, on: Act, off: Act): Promise<Timing[]> {
  const out: Timing[] = [];
  for (let i = 0; i < TIMES; i++) {
    for (const act of [on, off]) {
      await settled(page);
      out.push(await observe(page, act));
    }
  }
  return out;
}

/** The bounds of a range or date field: its `min`/`max` attributes (the data's ends). */
async function bounds(page: Page, selector: string): Promise<[string, string]> {
  return page.locator(selector).evaluate((el) => [(el as HTMLInputElement).min, (el as HTMLInputElement).max] as [string, string]);
}

/**
 * On a page where the 1.67M battles are loaded: waits for the slice cube, then times every action the
 * file offers. Rows: label, median and range of clicks → point board, median of → intervals.
 */
export async function interactionRows(page: Page, label: string): Promise<string[][]> {
  await page.waitForFunction(
    () => {
      const opened = performance.getEntriesByName('arena-lens:open').at(-1)?.startTime ?? 0;
      return performance.getEntriesByName('arena-lens:slice-cube').some((m) => m.startTime > opened);
    },
    null,
    { timeout: 180_000 },
  );
  const actions: [string, Act, Act][] = [];
  for (const [id, what] of [
    ['quick-exclude-ties', 'exclude ties'],
    ['quick-exclude-both-bad', 'exclude both-bad'],
    ['quick-exclude-flagged', 'exclude flagged'],
    ['quick-anonymous-only', 'anonymous only'],
    ['quick-dedup-only', 'de-duplicated only'],
  ]) {
    const selector = `[data-testid="${id}"]`;
    if ((await page.locator(selector).count()) > 0) actions.push([what, { selector }, { selector }]);
  }
  const language = '[data-dimension="language"] [data-value="French"] input';
  if ((await page.locator(language).count()) > 0)
    actions.push(['a language value (French)', { selector: language }, { selector: language }]);
  const number = '[data-kind="number"] input[data-bound="min"]';
  if ((await page.locator(number).count()) > 0) {
    const dimension = await page.locator('[data-kind="number"]').first().getAttribute('data-dimension');
    const selector = `[data-dimension="${dimension}"] input[data-bound="min"]`;
    const [low, high] = await bounds(page, selector);
    const from = String(Math.round((Number(low || 0) + Number(high || 0)) / 2));
    actions.push([`a numeric range (${dimension} ≥ ${from})`, { selector, value: from }, { selector, value: '' }]);
  }
  const date = '[data-kind="date"] input[data-bound="from"]';
  if ((await page.locator(date).count()) > 0) {
    const dimension = await page.locator('[data-kind="date"]').first().getAttribute('data-dimension');
    const selector = `[data-dimension="${dimension}"] input[data-bound="from"]`;
    const [first, last] = await bounds(page, selector);
    const middle = new Date((Date.parse(first) + Date.parse(last)) / 2).toISOString().slice(0, 10);
    actions.push([`a date range (${dimension} from ${middle})`, { selector, value: middle }, { selector, value: '' }]);
  }
  actions.push([
    'the scale (mean 1000 ↔ LMArena anchor)',
    { selector: '[data-testid="scale-lmarena"]' },
    { selector: '[data-testid="scale-mean"]' },
  ]);
  const rows: string[][] = [];
  for (const [what, on, off] of actions) {
    const times = await alternate(page, on, off);
    const point = times.map((t) => t.point);
    const intervals = times.map((t) => t.intervals);
    // Only the first "on" is a new fit: the rating worker keeps the board before the last, so every
    // later toggle comes back to a board it holds (intervals and all).
    rows.push([
      `${label}: ${what} → point board painted (observer)`,
      `${range(point)}; intervals ${range(intervals)}; the first (a new fit) ${point[0].toFixed(0)} / ${intervals[0].toFixed(0)} ms`,
      `${TIMES}× on, ${TIMES}× off`,
    ]);
  }
  return rows;
}

/** "187 ms (137–307)": the median and the extremes, for a figure measured under noise. */
export function range(xs: number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  const m = fmt(xs).split('  ')[0];
  const unit = (x: number) => (x < 1000 ? `${x.toFixed(0)}` : `${(x / 1000).toFixed(2)}`);
  return `${m} (${unit(sorted[0])}–${unit(sorted.at(-1)!)})`;
}

/**
 * Installed before the page's scripts: records after-paint times of each new board (model and
 * rating text), the first moment the filter panel has inputs (filters usable), and each drop.
 */
function recorder(): void {
  const log = { boards: [] as number[], usable: null as number | null, drops: [] as number[] };
  (window as unknown as { __observed: typeof log }).__observed = log;
  let last = '';
  let usable = false;
  const painted = (then: (t: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => then(performance.now());
      channel.port2.postMessage(null);
    });
  const check = () => {
    const table = document.querySelector('[data-testid="leaderboard"]');
    if (table) {
      const rows = [...table.querySelectorAll('tbody tr[data-model]')];
      const board = rows
        .map((r) => `${r.getAttribute('data-model')}=${r.querySelector('[data-field="rating"]')?.textContent ?? ''}`)
        .join('|');
      if (rows.length && board !== last) {
        last = board;
        painted((t) => log.boards.push(t));
      }
    }
    if (
      !usable &&
      !document.querySelector('[data-testid="filters-pending"]') &&
      document.querySelector('aside fieldset.filter-dim input')
    ) {
      usable = true;
      painted((t) => (log.usable = t));
    }
  };
  document.addEventListener(
    'change',
    (e) => {
      if ((e.target as HTMLElement | null)?.getAttribute?.('data-testid') === 'file-input') log.drops.push(performance.now());
    },
    true,
  );
  const start = () =>
    new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

type Observed = { boards: number[]; usable: number | null; drops: number[] };
const observed = (page: Page) => page.evaluate(() => (window as unknown as { __observed: Observed }).__observed);

/** Cold first visit of the default page: navigation → the sample's board painted, → filters usable. */
export async function coldVisit(url: string, runs = 3): Promise<{ board: number[]; usable: number[] }> {
  const board: number[] = [];
  const usable: number[] = [];
  for (let i = 0; i < runs; i++) {
    await withPage(
      url,
      async (page) => {
        // Both: the filters may answer (from the counting worker's tally) before the board is painted.
        await page.waitForFunction(
          () => {
            const log = (window as unknown as { __observed?: Observed }).__observed;
            return !!log && log.usable !== null && log.boards.length > 0;
          },
          null,
          {
            timeout: 120_000,
            polling: 50,
          },
        );
        const log = await observed(page);
        board.push(log.boards[0]);
        usable.push(log.usable!);
      },
      { init: pageSource(recorder), serviceWorkers: true },
    );
  }
  return { board, usable };
}

/** A moment of a first visit at which the bench drops a file: waits on the page until then. */
interface DropMoment {
  label: string;
  reached: (page: Page) => Promise<void>;
  /** Milliseconds the file is dragged over the page before it is dropped (none: it lands unannounced, as from setInputFiles). */
  dragMs?: number;
}

const markReached =
  (name: string, thenMs = 0) =>
  async (page: Page) => {
    await page.waitForFunction((n) => performance.getEntriesByName(`arena-lens:${n}`).length > 0, name, { timeout: 180_000, polling: 20 });
    if (thenMs) await page.waitForTimeout(thenMs);
  };

/**
 * The moments of a first visit a file is dropped at, in the order they come, then the warm page
 * (service worker active, page idle) they are all compared with.
 */
const samplePainted = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { __observed: Observed }).__observed?.boards.length > 0, null, {
    timeout: 120_000,
    polling: 20,
  });
};

export const DROP_MOMENTS: DropMoment[] = [
  { label: 'on a first visit once the sample is painted', reached: samplePainted },
  // The way a drop comes: dragged over the page first (a short drag), which puts DuckDB's start off.
  { label: 'on a first visit once the sample is painted, dragged over the page for 400 ms first', reached: samplePainted, dragMs: 400 },
  // DuckDB's engine compiles and starts (duck-start → duck-ready, about 0.8 s here): the start is stopped for the new file.
  { label: "on a first visit while DuckDB's engine starts (200 ms after it began)", reached: markReached('duck-start', 200) },
  {
    label: "on a first visit while DuckDB's engine starts, dragged over the page for 400 ms first",
    reached: markReached('duck-start', 200),
    dragMs: 400,
  },
  // The sample read into DuckDB, its columns recognised next: its statements stop for the new file.
  { label: 'on a first visit while the sample loads into DuckDB', reached: markReached('raw-loaded') },
  { label: 'on a first visit once the service worker registers (precache under way)', reached: markReached('service-worker') },
  {
    label: 'on a warm page (service worker active, idle)',
    reached: async (page) => {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await settled(page);
      await page.waitForTimeout(1000);
    },
  },
];

/** Drop → the new board painted, for the file dropped at each of DROP_MOMENTS, `runs` times each (a fresh profile every time). */
export async function dropAtMoments(url: string, file: string, runs = 3): Promise<number[][]> {
  const times = DROP_MOMENTS.map((): number[] => []);
  const dropAndTime = async (page: Page, dragMs?: number) => {
    const before = (await observed(page)).boards.length;
    if (dragMs !== undefined) {
      const files = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([''], 'battles.parquet'));
        return transfer;
      });
      await page.dispatchEvent('body', 'dragover', { dataTransfer: files });
      await page.waitForTimeout(dragMs);
    }
    await page.getByTestId('file-input').setInputFiles(file);
    await page.waitForFunction((n) => (window as unknown as { __observed: Observed }).__observed.boards.length > n, before, {
      timeout: 180_000,
      polling: 20,
    });
    const log = await observed(page);
    const drop = log.drops.at(-1)!;
    return log.boards.find((t) => t > drop)! - drop;
  };
  // Round-robin over the moments, so a change of load over the run touches them all alike.
  for (let i = 0; i < runs; i++)
    for (const [k, moment] of DROP_MOMENTS.entries()) {
      await withPage(
        url,
        async (page) => {
          await moment.reached(page);
          times[k].push(await dropAndTime(page, moment.dragMs));
        },
        { init: pageSource(recorder), serviceWorkers: true },
      );
    }
  return times;
}

/** Every figure above, as rows of the bench's table: `url` the bench server's page, `file` the 1.67M battles. */
export async function interactionBench(pageUrl: string, file: string, only?: string): Promise<string[][]> {
  const rows: string[][] = [];
  const load = () => `load ${loadavg()[0].toFixed(1)}`;
  const label = '1.67M real battles';
  if (!only || only === 'clicks') {
    rows.push(
      ...(await withPage(`${pageUrl}?sample=arena-conversations`, async (page) => {
        await dropTiming(page, file, ['dataset-ready', 'leaderboard']);
        return (await interactionRows(page, label)).map((r) => [r[0], r[1], `${r[2]}, ${load()}`]);
      })),
    );
  }
  if (!only || only === 'cold') {
    const cold = await coldVisit(pageUrl);
    rows.push(['cold first visit, default page: navigation → sample board painted (observer)', fmt(cold.board), load()]);
    rows.push(['cold first visit: navigation → filters usable (panel built, observer)', fmt(cold.usable), load()]);
  }
  if (!only || only === 'drop') {
    const times = await dropAtMoments(`${pageUrl}?sample=arena-conversations`, file);
    const warm = median(times.at(-1)!);
    DROP_MOMENTS.forEach((moment, k) => {
      const against = k < DROP_MOMENTS.length - 1 ? `, ${(median(times[k]) / warm).toFixed(2)}× warm` : '';
      rows.push([`${label} dropped ${moment.label} → board painted (observer)`, fmt(times[k]) + against, load()]);
    });
  }
  return rows;
}

// `npx tsx test/bench/interaction.bench.ts [clicks|cold|drop]`: these figures alone, on a fresh build.
if (isEntry(import.meta.url)) {
  const root = resolve(import.meta.dirname, '../..');
  if (!process.env.BENCH_NO_BUILD)
    execSync('npx vite build --logLevel warn --outDir test/bench/.out/dist --emptyOutDir', { cwd: root, stdio: 'inherit' });
  await buildBattlesFile();
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  const server = await startStaticServer(join(OUT, 'dist'), OUT);
  try {
    const rows = await interactionBench(`${server.url}/index.html`, BATTLES, process.argv[2]);
    console.log(table(['interaction (Chromium, observer: click → paint)', 'median (range)', 'runs'], rows));
  } finally {
    await server.close();
  }
  console.log(
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
}
