/**
 * Screenshots of the built page for people to look at (and for the README):
 * `npx tsx test/e2e/shoot.ts [query] [outDir]` after `npm run build`.
 */
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from './chromium';
import { startStaticServer } from './static-server';

const [query = '', out = 'test/.cache/shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const server = await startStaticServer(resolve(process.env.E2E_DIST ?? 'dist'), resolve('test/.cache/remote'));
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'shoot-')), {
  executablePath: ensureChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [name, viewport, scheme] of [
  ['desktop', { width: 1440, height: 900 }, 'light'],
  ['desktop-dark', { width: 1440, height: 900 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
] as const) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto(`${server.url}/index.html${query}`);
  await page.waitForSelector('[data-testid="dataset-summary"]', { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout: 60_000 }).catch(() => {});
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: false });
  console.log(join(out, `${name}.png`));
  await page.close();
}
await context.close();
await server.close();
