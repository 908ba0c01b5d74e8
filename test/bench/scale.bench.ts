/**
 * Scale, in Chromium: 20M synthetic battles dropped on the page — time to rows loaded, to battles
 * built and to the first leaderboard row — and DuckDB's memory afterwards, read through the SQL lens
 * like a user would. Three files: low-cardinality columns only (40 and 150 models), and one with
 * 500,000 distinct judges and millisecond timestamps. On the 150 models' file (language, turn,
 * anonymous), an observer outside the page's marks also times the drop → the language filter's
 * values painted, and six clicks on one, on and off (issue 28: the median) → its board painted. One
 * run each: they take a while.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startStaticServer } from '../e2e/static-server.ts';
import { duckMemory, syntheticBattles } from './browser.bench.ts';
import { OUT, dropTiming, fmt, table, withPage } from './bench-page.ts';
import { observe, pageSource, range } from './interaction.bench.ts';
import { loadavg, cpus } from 'node:os';
import type { Page } from 'playwright-core';

/** Filters of the low-cardinality columns, measured outside the page's marks (issue 28). */
interface EarlyFilter {
  /** Drop (the file input's change event) → the language values painted in the filter panel. */
  usable: number;
  /**
   * Clicks on a language value, on and off alternately (CLICKS in all, a short look between), each
   * → the new board painted: the measure is their median; the first is the coldest.
   */
  answers: number[];
  /** Whether DuckDB already held the rows by the last click. */
  duckReady: boolean;
}

/** Early clicks timed: three on, three off, like the 1.67M file's toggles (interaction.bench.ts), all before DuckDB holds 20M rows. */
const CLICKS = 6;

/** Runs in the page before its scripts: when a file was given, and when the language filter's values were first painted. */
function languageRecorder(): void {
  const log = { drop: null as number | null, usable: null as number | null };
  (window as unknown as { __early: typeof log }).__early = log;
  document.addEventListener(
    'change',
    (e) => {
      if ((e.target as HTMLElement | null)?.getAttribute?.('data-testid') !== 'file-input') return;
      log.drop = performance.now();
      log.usable = null;
    },
    true,
  );
  const check = () => {
    if (log.drop === null || log.usable !== null || !document.querySelector('aside [data-dimension="language"] li input')) return;
    log.usable = -1;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (log.usable = performance.now());
      channel.port2.postMessage(null);
    });
  };
  const start = () =>
    new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** Once the language filter is painted after the drop: when, and how long a click on one of its values takes to paint its board. */
async function earlyFilter(page: Page): Promise<EarlyFilter> {
  await page.waitForFunction(() => ((window as unknown as { __early: { usable: number | null } }).__early.usable ?? -1) > 0, null, {
    timeout: 300_000,
    polling: 20,
  });
  const answers: number[] = [];
  for (let k = 0; k < CLICKS; k++) {
    // A look at the board, as a user's next click comes after one.
    if (k > 0) await page.waitForTimeout(300);
    // The point board alone: its intervals wait for the end of DuckDB's load (minutes on a busy machine).
    const { point } = await observe(page, { selector: 'aside [data-dimension="language"] li[data-value="French"] input', pointOnly: true });
    answers.push(point);
  }
  const duckReady = await page.evaluate(() => {
    const open = performance.getEntriesByName('arena-lens:open').at(-1)!.startTime;
    return performance.getEntriesByName('arena-lens:dataset-ready').some((e) => e.startTime >= open);
  });
  const { drop, usable } = await page.evaluate(() => (window as unknown as { __early: { drop: number; usable: number } }).__early);
  return { usable: usable - drop, answers, duckReady };
}

const KINDS = ['models150', 'plain', 'judges'] as const;

/** `kinds`: the files to load (`npx tsx test/bench/scale.bench.ts models150` loads the file alone). */
export async function runScaleBench(
  log: (line: string) => void = console.log,
  rows = 20_000_000,
  kinds: readonly (typeof KINDS)[number][] = KINDS,
) {
  // BENCH_DIST: another build of the page (a helper's own, or an older commit's to compare with).
  const server = await startStaticServer(process.env.BENCH_DIST ?? join(OUT, 'dist'), OUT);
  const lines: string[][] = [];
  try {
    for (const kind of kinds) {
      const file = await syntheticBattles(rows, kind);
      let early: EarlyFilter | null = null;
      const result = await withPage(
        `${server.url}/index.html`,
        async (page) => {
          const t = await dropTiming(page, file, ['leaderboard', 'leaderboard-whole', 'raw-loaded', 'dataset-ready'], async () => {
            if (kind === 'models150') early = await earlyFilter(page);
          });
          return {
            loaded: t['raw-loaded'],
            built: t['dataset-ready'],
            board: t.leaderboard,
            whole: t['leaderboard-whole'],
            memory: await duckMemory(page),
          };
        },
        { init: pageSource(languageRecorder) },
      );
      const size = `${(statSync(file).size / 1e6).toFixed(0)} MB`;
      const label = `${(rows / 1e6).toFixed(0)}M battles${kind === 'judges' ? ' + 500k judges' : kind === 'models150' ? ', 150 models' : ', 40 models'}`;
      lines.push(
        [`${label}: drop → rows in DuckDB`, fmt([result.loaded]), size],
        [`${label}: drop → battles built, summary and counts read`, fmt([result.built]), size],
        [`${label}: drop → first (provisional) leaderboard row`, fmt([result.board]), size],
        [`${label}: drop → leaderboard of the whole file`, fmt([result.whole]), size],
        [`${label}: DuckDB memory after loading (${result.memory.storage} database)`, `${result.memory.mib} MiB`, size],
      );
      const e = early as EarlyFilter | null;
      if (e)
        lines.push([
          `${label}: language filter usable after ${(e.usable / 1000).toFixed(2)} s; a click on French, ${CLICKS / 2}× on and ${CLICKS / 2}× off: ` +
            `${range(e.answers)}, the first ${e.answers[0].toFixed(0)} ms` +
            ` (observer: drop → values painted; click → board painted; ${e.duckReady ? 'DuckDB held the rows by the last click' : 'all before DuckDB held the rows'})`,
          fmt([e.usable]),
          size,
        ]);
    }
    const load = loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    log(table([`scale (Chromium, one run each; ${cpus().length} cores, load ${load} at the end)`, 'time', 'file'], lines));
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = KINDS.filter((k) => process.argv.slice(2).includes(k));
  await runScaleBench(console.log, 20_000_000, only.length ? only : KINDS);
}
