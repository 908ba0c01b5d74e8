import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

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

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A real Chromium with a fresh profile, logging every request the page makes. `extra.args` adds
 * Chromium flags (the fake Hub's host mapping, whose certificate `ignoreHTTPSErrors` accepts).
 * The page's service worker is blocked unless `serviceWorkers: 'allow'`: installing it precaches
 * 45 MB, which the tests of the offline page (hosted.test.ts) and of the Hub do, and others need not.
 */
export async function openSession(
  viewport = { width: 1440, height: 900 },
  extra: { args?: string[]; ignoreHTTPSErrors?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'arena-lens-e2e-'));
  const context = await playwright.launchPersistentContext(profile, {
    executablePath: inject('chromium'),
    args: [...FLAGS, ...(extra.args ?? [])],
    viewport,
    acceptDownloads: true,
    ignoreHTTPSErrors: extra.ignoreHTTPSErrors ?? false,
    serviceWorkers: extra.serviceWorkers ?? 'block',
  });
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
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function appUrl(query = ''): string {
  return `${inject('baseUrl')}/index.html${query}`;
}
