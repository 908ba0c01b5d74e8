import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Request } from 'playwright-core';
import { openSession, type Session } from './browser.ts';
import { DEFAULT_SAMPLE_FILE, waitForDataset, waitForRatings } from './page-helpers.ts';
import { startStaticServer, type LoggedRequest } from './static-server.ts';

// What .github/workflows/pages.yml does, read from the file itself.
const workflow = readFileSync(resolve('.github/workflows/pages.yml'), 'utf8');
/** One job's lines: from `  name:` to the next job. */
const job = (name: string) => new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(workflow)?.[1] ?? '';
const runsOf = (name: string) => [...job(name).matchAll(/^\s*run:\s*(.+)$/gm)].map((m) => m[1].trim());
const runs = runsOf('build');
const artifact = /upload-pages-artifact@[^\n]*\n\s*with:\s*\n\s*path:\s*(\S+)/.exec(workflow)?.[1];
const SUB_PATH = '/arena-lens/';

/** Navigation start → the page's marks (ms): figures this test prints (never asserted), and the order of two. */
const marks = (page: Session['page']) =>
  page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('arena-lens:'))
        .map((m) => [m.name.slice(11), Math.round(m.startTime)]),
    ),
  );

describe('the page as GitHub Pages hosts it: built by the workflow, served from a sub-path', () => {
  const root = mkdtempSync(join(tmpdir(), 'arena-lens-pages-'));
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  let base: string;
  let session: Session;
  let first: Record<string, number> = {};
  const serverLog = async (): Promise<LoggedRequest[]> => (await fetch(`${server.url}/__log`)).json();

  beforeAll(async () => {
    const build = runs.find((r) => r.includes('build'))!;
    // The suite's setup built dist/ with this very command (or E2E_SKIP_BUILD says dist/ is built);
    // otherwise build exactly as the workflow does. As on the workflow's runner: no NODE_ENV (the
    // test runner's "test" is not the build's business).
    if (!process.env.E2E_SKIP_BUILD && inject('pageBuild') !== build) {
      const env = { ...process.env };
      delete env.NODE_ENV;
      execSync(build, { stdio: 'pipe', env });
    }
    cpSync(resolve(artifact!), join(root, SUB_PATH), { recursive: true });
    server = await startStaticServer(root, root);
    base = `${server.url}${SUB_PATH}`;
    session = await openSession(undefined, { serviceWorkers: 'allow' });
  }, 240_000);
  afterAll(async () => {
    await session?.close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('the workflow tests, then installs, builds and deploys dist/ to Pages on every push to main', () => {
    expect(workflow).toMatch(/on:\s*\n\s*push:\s*\n\s*branches:\s*\[main\]/);
    // Only what passed the whole suite is deployed: Debian's Chromium, npm ci, npm test (.ci/run), then build, then deploy.
    expect(job('test')).toMatch(/^ {4}container: node:\d+-bookworm$/m);
    expect(runsOf('test')).toEqual(['.ci/run']);
    const ci = readFileSync(resolve('.ci/run'), 'utf8');
    for (const step of ['apt-get install -y -qq chromium', 'npm ci --no-audit --no-fund', '\nnpm test\n']) expect(ci).toContain(step);
    expect(job('build')).toMatch(/^ {4}needs: test$/m);
    expect(job('deploy')).toMatch(/^ {4}needs: build$/m);
    expect(runs).toEqual(['npm ci', 'npm run build']);
    expect(artifact).toBe('dist');
    for (const action of ['actions/configure-pages@', 'actions/upload-pages-artifact@', 'actions/deploy-pages@'])
      expect(workflow).toContain(action);
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.build).toBe('vite build');
  });

  test('from the sub-path, the first visit loads the real sample and its leaderboard, asking only for files under it', async () => {
    const { page } = session;
    await page.goto(base);
    await waitForDataset(page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(page);
    expect(await page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(129);
    first = await marks(page);
    // Its precache (~45 MB) would compete with the first load for the cores: it starts after.
    await page.waitForFunction(() => performance.getEntriesByName('arena-lens:service-worker').length > 0);
    expect((await marks(page))['service-worker']).toBeGreaterThan(first['dataset-ready']);
    expect(session.requests.filter((u) => !u.startsWith(base) && !/^(blob|data):/.test(u))).toEqual([]);
    const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
    const installable = await page.evaluate(async (href) => (await fetch(href!)).json(), manifest);
    expect(installable).toMatchObject({ name: 'Arena Lens', display: 'standalone', start_url: './', scope: './' });
    expect(installable.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  test('a file dropped while the service worker installs holds its precache while its board is computed, then the install completes', async () => {
    const { page, context } = session;
    const fromWorker: string[] = [];
    const onRequest = (request: Request) => void (request.serviceWorker() && fromWorker.push(request.url()));
    context.on('request', onRequest);
    const seen = (name: string) => page.evaluate((n) => performance.getEntriesByName(`arena-lens:${n}`).length, name);
    try {
      // The first visit above registers the worker once the sample is read: its install (45 MB) is under way.
      const worker = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.installing ? 'installing' : registration?.waiting || registration?.active ? 'installed' : 'none';
        });
      await expect.poll(worker, { interval: 20, timeout: 30_000 }).not.toBe('none');
      expect(await worker()).toBe('installing');
      const boards = await seen('leaderboard');
      await page.getByTestId('file-input').setInputFiles(resolve('static-data/arena-conversations.parquet'));
      await page.waitForFunction(() => performance.getEntriesByName('arena-lens:precache-paused').length > 0, null, { polling: 20 });
      const atPause = fromWorker.length;
      // The dropped file's board painted, its intervals still running: the page still holds the install.
      await page.waitForFunction((n) => performance.getEntriesByName('arena-lens:leaderboard').length > n, boards, { polling: 20 });
      const atBoard = fromWorker.length;
      expect(await seen('precache-resumed'), 'the page still busy with the intervals').toBe(0);
      // No download started meanwhile (one may have been under way when the page's word came).
      expect(atBoard - atPause).toBeLessThanOrEqual(1);
      // Once the board and its intervals are done, the install goes on and completes.
      await waitForDataset(page, 'arena-conversations.parquet', 0);
      await waitForRatings(page);
      await page.waitForFunction(() => performance.getEntriesByName('arena-lens:precache-resumed').length > 0, null, { timeout: 60_000 });
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      expect(fromWorker.length).toBeGreaterThan(atBoard + 1);
    } finally {
      context.off('request', onRequest);
    }
  });

  test('a second visit starts from the cache, and with the network off the page, its samples and a dropped file all work', async () => {
    const { page, context } = session;
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(base);
    await fetch(`${server.url}/__log/clear`);
    // The address names the file dropped above: the second visit opens the page as the first did.
    await page.goto(base);
    await waitForDataset(page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(page);
    const again = await marks(page);
    console.log(
      `first visit (network) → second visit (service worker cache), ms after navigation: DuckDB ready ${first['duck-ready']} → ${again['duck-ready']}, first leaderboard ${first.leaderboard} → ${again.leaderboard}`,
    );
    const fetched = (await serverLog()).filter((r) => r.path.startsWith(SUB_PATH));
    // Only the service worker's own update check (sw.js and the scripts it imports) may reach the
    // host; the page, its engines and the sample come from the cache.
    expect(fetched.map((r) => r.path).filter((p) => !/\/(sw|sw-yield|workbox-[\w-]+)\.js$/.test(p))).toEqual([]);
    console.log(
      `second visit: ${fetched.length} requests reached the host (${fetched.map((r) => r.path).join(', ')}), ${fetched.reduce((s, r) => s + r.bytes, 0)} bytes`,
    );

    // The network off, and the host gone too: Chromium's offline mode does not reach the service
    // worker's own update check, so only a host that is down shows nothing is fetched from it.
    const port = Number(new URL(server.url).port);
    await server.close();
    await context.setOffline(true);
    try {
      await page.reload();
      await waitForDataset(page, DEFAULT_SAMPLE_FILE);
      await waitForRatings(page);
      await page.getByTestId('sample-select').selectOption('arena-conversations');
      await waitForDataset(page, 'arena-conversations.parquet', 1);
      await waitForRatings(page);
      const loads = Number(await page.getByTestId('dataset-summary').getAttribute('data-loads'));
      await page.getByTestId('file-input').setInputFiles(resolve('static-data/comparag-votes.parquet'));
      await waitForDataset(page, 'comparag-votes.parquet', loads);
      await waitForRatings(page);
      expect(await page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(8);
    } finally {
      await context.setOffline(false);
      server = await startStaticServer(root, root, {}, port);
    }
  });

  test('a new deployment shows a "new version — reload" prompt, keeps the page whole until then, and reloading shows it', async () => {
    const { page } = session;
    const dir = join(root, SUB_PATH);
    // A new deployment: a changed index.html, and the service worker listing its new revision.
    writeFileSync(
      join(dir, 'index.html'),
      readFileSync(join(dir, 'index.html'), 'utf8').replace('<title>', '<meta name="arena-lens-build" content="2" />\n    <title>'),
    );
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    const entry = /url:\s*"index\.html",\s*revision:\s*"[^"]+"/;
    expect(sw).toMatch(entry);
    writeFileSync(join(dir, 'sw.js'), sw.replace(entry, 'url:"index.html",revision:"second-deployment"'));

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await page.getByTestId('update-prompt').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('update-prompt').textContent()).toContain('A new version of Arena Lens is ready');
    expect(await page.locator('meta[name="arena-lens-build"]').count(), 'the page on screen is still the old one, whole').toBe(0);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect.poll(() => page.locator('meta[name="arena-lens-build"]').count(), { timeout: 30_000 }).toBe(1);
  });
});
