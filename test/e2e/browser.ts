import { chromium as playwright, type Browser, type BrowserContext, type Download, type Page, type Request } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium.ts';

export interface Session {
  page: Page;
  context: BrowserContext;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Requests to anything but the test server. */
  outside(): string[];
  /** Page errors and console errors, so a test can prove nothing blew up. */
  errors: string[];
  close(): Promise<void>;
}

/** The one Chromium of the whole e2e run (launched by global-setup.ts), connected once per test file. */
let shared: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const browser = await (shared ??= playwright.connect(inject('browserEndpoint')));
  if (browser.isConnected()) return browser;
  shared = undefined;
  return sharedBrowser();
}

/**
 * The sessions' reused context: one Chromium per vitest worker with a profile on disk, whose
 * sessions are pages of its one context, one session at a time. Its reason: an incognito context
 * keeps no compiled code, so each fresh one downloaded and compiled the 34 MB DuckDB wasm again
 * (~0.8 s of CPU a session); a profile on disk keeps V8's code cache of it (the test server lets
 * the hashed wasm files be cached). What a session could leave to the next is cleared when it
 * closes (`clearSession`). The profile lives in the run's folder (global-setup.ts removes it); the
 * Chromium ends with its worker (it exits when the pipe to Playwright closes).
 */
let reused: Promise<BrowserContext> | undefined;
let reusedBusy = false;
function reusedContext(): Promise<BrowserContext> {
  reused ??= (async () => {
    const profile = mkdtempSync(join(inject('profilesDir'), 'worker-'));
    const context = await playwright.launchPersistentContext(profile, {
      executablePath: inject('chromium'),
      args: CHROMIUM_FLAGS,
      acceptDownloads: true,
      serviceWorkers: 'block',
    });
    context.on('close', () => (reused = undefined));
    return context;
  })();
  return reused;
}

/** What a session may change in its context: a reused session must ask for a context of its own instead. */
const CONTEXT_CHANGES = new Set<string | symbol>([
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'setOffline',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'grantPermissions',
  'setHTTPCredentials',
  'addCookies',
]);
function guarded(context: BrowserContext): BrowserContext {
  return new Proxy(context, {
    get(target, prop) {
      if (CONTEXT_CHANGES.has(prop)) {
        return () => {
          throw new Error(`session.context.${String(prop)}: this session shares its context; open it with { ownContext: true }`);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Leaves the reused context as a fresh one would be, but for its HTTP and code caches: closes the
 * session's pages and removes cookies, permissions and every kind of storage (local, IndexedDB,
 * OPFS, Cache Storage, service workers) of each origin the session asked anything of.
 */
async function clearSession(context: BrowserContext, requests: string[]): Promise<void> {
  const origins = new Set(requests.filter((u) => /^https?:/.test(u)).map((u) => new URL(u).origin));
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  for (const origin of origins) {
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,shared_storage,storage_buckets',
    });
  }
  await cdp.detach();
  await context.clearCookies();
  await context.clearPermissions();
  for (const open of context.pages()) await open.close();
}

/**
 * A real Chromium page, logging every request the page makes, with no cookies, storage or
 * permissions from any other session. Most sessions are a page of their worker's reused context
 * (above); a session that changes its context (`ownContext`: routes, init scripts, offline), one
 * opened while the reused context is taken, or one with extra needs gets a fresh context: in the
 * one browser the run shares, or — with `extra.args` (Chromium flags: the fake Hub's host mapping,
 * whose certificate `ignoreHTTPSErrors` accepts) or a service worker allowed to run
 * (`serviceWorkers: 'allow'`: installing it precaches 45 MB, which the tests of the offline page
 * (hosted.test.ts) and of the Hub do, and others need not) — in a Chromium of its own with a fresh
 * profile.
 * Downloads: read them with `downloadedText` (the shared browser is a remote one to Playwright).
 */
export async function openSession(
  viewport = { width: 1440, height: 900 },
  extra: { args?: string[]; ignoreHTTPSErrors?: boolean; serviceWorkers?: 'allow' | 'block'; ownContext?: boolean } = {},
): Promise<Session> {
  const options = {
    viewport,
    acceptDownloads: true,
    ignoreHTTPSErrors: extra.ignoreHTTPSErrors ?? false,
    serviceWorkers: extra.serviceWorkers ?? 'block',
  } as const;
  const requests: string[] = [];
  const logRequest = (r: Request) => requests.push(r.url());
  let context: BrowserContext;
  let page: Page;
  let cleanup = async () => {};
  if (extra.args?.length || options.serviceWorkers === 'allow') {
    const profile = mkdtempSync(join(tmpdir(), 'arena-lens-e2e-'));
    context = await playwright.launchPersistentContext(profile, {
      ...options,
      executablePath: inject('chromium'),
      args: [...CHROMIUM_FLAGS, ...(extra.args ?? [])],
    });
    page = context.pages()[0] ?? (await context.newPage());
    cleanup = async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    };
  } else if (!extra.ownContext && !options.ignoreHTTPSErrors && !reusedBusy) {
    reusedBusy = true;
    const shared = await reusedContext();
    for (const open of shared.pages()) await open.close();
    page = await shared.newPage();
    await page.setViewportSize(viewport);
    context = guarded(shared);
    cleanup = async () => {
      shared.off('request', logRequest);
      try {
        await clearSession(shared, requests);
      } finally {
        reusedBusy = false;
      }
    };
  } else {
    context = await (await sharedBrowser()).newContext(options);
    page = await context.newPage();
    cleanup = () => context.close();
  }
  const errors: string[] = [];
  context.on('request', logRequest);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const origin = new URL(inject('baseUrl')).origin;
  let closed: Promise<void> | undefined;
  return {
    page,
    context,
    requests,
    errors,
    outside: () => requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:')),
    // Once only: a second close must not clear the next session of the reused context.
    close: () => (closed ??= cleanup()),
  };
}

/** The text of a file the page downloaded (read through Playwright: the browser may be another process's). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function appUrl(query = ''): string {
  return `${inject('baseUrl')}/index.html${query}`;
}
