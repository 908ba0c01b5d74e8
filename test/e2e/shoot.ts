/**
 * Screenshots of the built page for people to look at (and for the README):
 * `npx tsx test/e2e/shoot.ts [query] [outDir]` after `npm run build`.
 * `--lenses` shoots every lens at 800 and 1440 px instead; `--drop <file>` opens that file first;
 * `--full` takes whole-page shots. `--samples` shoots every lens of every sample that, together, offer
 * all lenses (whole page, 800 and 1440 px, named `<sample>-<lens>-<width>.png`), each once it has
 * drawn: a set to compare before and after a change with test/e2e/shot-diff.ts. `--sample ID` and
 * `--lens ID` shoot only that sample or lens (again, after a shot that failed).
 */
import { chromium, type Page } from 'playwright-core';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from './chromium.ts';
import { startStaticServer } from './static-server.ts';
import { LENS_SAMPLES, lensTabs, openLens } from './settle.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [query = '', out = 'test/.cache/shots'] = args.filter(
  (a, i) => !a.startsWith('--') && !['--drop', '--sample', '--lens'].includes(args[i - 1]),
);
const drop = option('--drop');
mkdirSync(out, { recursive: true });
const server = await startStaticServer(resolve(process.env.E2E_DIST ?? 'dist'), resolve('test/.cache/remote'));
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'shoot-')), {
  executablePath: ensureChromium(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

async function open(page: Page) {
  await page.goto(`${server.url}/index.html${query}`);
  await page.waitForSelector('[data-testid="dataset-summary"]', { timeout: 60_000 });
  if (drop) {
    await page.getByTestId('file-input').setInputFiles(drop);
    const name = drop.split('/').pop();
    await page.waitForFunction((n) => document.querySelector('[data-testid="dataset-summary"]')?.getAttribute('data-source') === n, name, {
      timeout: 90_000,
    });
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 90_000 }).catch(() => {});
}

/** Every lens of every sample, whole page, once drawn (reduced motion, so no transition is caught half-way). */
async function shootSamples() {
  for (const sample of LENS_SAMPLES.filter((s) => !option('--sample') || s.id === option('--sample'))) {
    for (const width of [1440, 800]) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
      await page.goto(`${server.url}/index.html?sample=${sample.id}`);
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="dataset-summary"]')?.getAttribute('data-source') === n,
        sample.file,
        {
          timeout: 90_000,
        },
      );
      for (const lens of (await lensTabs(page)).filter((l) => !option('--lens') || l === option('--lens'))) {
        await openLens(page, lens, true);
        const file = join(out, `${sample.id}-${lens}-${width}.png`);
        // A loaded machine can take long over a tall page: a shot that fails is said and skipped.
        await page
          .screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide', timeout: 120_000 })
          .then(() => console.log(file))
          .catch((e: Error) => console.log(`${file}: not taken (${e.message.split('\n')[0]})`));
      }
      await page.close();
    }
  }
}

const sizes = flag('--samples')
  ? []
  : flag('--lenses')
    ? ([
        ['800', { width: 800, height: 900 }, 'light'],
        ['1440', { width: 1440, height: 900 }, 'light'],
      ] as const)
    : ([
        ['desktop', { width: 1440, height: 900 }, 'light'],
        ['desktop-dark', { width: 1440, height: 900 }, 'dark'],
        ['phone', { width: 390, height: 844 }, 'light'],
      ] as const);
for (const [name, viewport, scheme] of sizes) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await open(page);
  const lenses = flag('--lenses')
    ? await page.locator('[role="tab"][data-lens]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lens')!))
    : [null];
  for (const lens of lenses) {
    if (lens) {
      await page.getByTestId(`lens-${lens}`).click();
      await page.waitForTimeout(3000);
    }
    const file = join(out, lens ? `${lens}-${name}.png` : `${name}.png`);
    await page.screenshot({ path: file, fullPage: flag('--full') });
    console.log(file);
  }
  await page.close();
}
if (flag('--samples')) await shootSamples();
await context.close();
await server.close();
