import { chromium as playwright, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
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
 * A real Chromium page in a fresh context of its own (no cookies, storage or cache from any other
 * session), logging every request the page makes. The contexts live in the one browser the run
 * shares: starting a browser per session cost seconds each. `extra.args` adds Chromium flags (the
 * fake Hub's host mapping, whose certificate `ignoreHTTPSErrors` accepts); such a session, and one
 * that lets the page's service worker run (`serviceWorkers: 'allow'`: installing it precaches 45 MB,
 * which the tests of the offline page (hosted.test.ts) and of the Hub do, and others need not),
 * gets a Chromium of its own with a fresh profile.
 * Downloads: read them with `downloadedText` (the shared browser is a remote one to Playwright).
 */
export async function openSession(
  viewport = { width: 1440, height: 900 },
  extra: { args?: string[]; ignoreHTTPSErrors?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  const options = {
    viewport,
    acceptDownloads: true,
    ignoreHTTPSErrors: extra.ignoreHTTPSErrors ?? false,
    serviceWorkers: extra.serviceWorkers ?? 'block',
  } as const;
  let context: BrowserContext;
  let cleanup = () => {};
  if (extra.args?.length || options.serviceWorkers === 'allow') {
    const profile = mkdtempSync(join(tmpdir(), 'arena-lens-e2e-'));
    context = await playwright.launchPersistentContext(profile, {
      ...options,
      executablePath: inject('chromium'),
      args: [...CHROMIUM_FLAGS, ...(extra.args ?? [])],
    });
    cleanup = () => rmSync(profile, { recursive: true, force: true });
  } else {
    context = await (await sharedBrowser()).newContext(options);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const origin = new URL(inject('baseUrl')).origin;
  return {
    page,
    context,
    requests,
    errors,
    outside: () => requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:')),
    async close() {
      await context.close();
      cleanup();
    },
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
