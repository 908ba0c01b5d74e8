import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { loadsSoFar, summaryFigures, waitForDataset } from './page-helpers.ts';
import { startStaticServer } from './static-server.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';

describe('the built page’s Content-Security-Policy', () => {
  let session: Session;
  let other: Awaited<ReturnType<typeof startStaticServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-other-origin-'));

  beforeAll(async () => {
    const db = await createNodeConnector();
    await db.query(`COPY (SELECT * FROM read_csv($1)) TO $2 (FORMAT parquet)`, [
      resolve('static-data/pair-counts.csv'),
      join(dir, 'counts.parquet'),
    ]);
    db.close();
    other = await startStaticServer(dir, dir);
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
  });
  afterAll(async () => {
    await session.close();
    await other.close();
  });

  test('is present, without unsafe-eval or inline scripts', async () => {
    const csp = await session.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(eval|inline)'/);
    expect(csp).toContain("connect-src 'self'");
  });

  test('DuckDB’s engine is downloaded once, by the page ahead of its start, and compiled from that download, a slice at a time', async () => {
    const engine = /\/duckdb-eh-[\w-]+\.wasm$/;
    // The page's own fetch (its resource timings hold no worker's request)…
    const byPage = await session.page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(byPage.filter((u) => engine.test(u))).toHaveLength(1);
    // …is the only one: DuckDB's worker read the bytes the page holds (the dataset above is in DuckDB).
    expect(session.requests.filter((u) => engine.test(u))).toHaveLength(1);
    // …through the wrapper that hands it to the compile a slice at a time (duck-engine-worker.test.ts).
    const wrapper = session.requests.find((u) => /\/duck-engine-worker\.js\?/.test(u));
    expect(wrapper, 'DuckDB’s worker behind duck-engine-worker.js').toBeTruthy();
    expect(new URL(wrapper!).searchParams.get('engine')).toMatch(/^blob:/);
  });

  test('blocks an injected inline script and a request from the page to another host', async () => {
    const result = await session.page.evaluate(async (otherUrl) => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      let fetched = true;
      try {
        await fetch(`${otherUrl}/counts.parquet`);
      } catch {
        fetched = false;
      }
      await new Promise((r) => setTimeout(r, 100));
      return { ran: (window as unknown as { __injected?: boolean }).__injected === true, fetched, violations };
    }, other.url);
    expect(result.ran).toBe(false);
    expect(result.fetched).toBe(false);
    expect(result.violations.join(' ')).toMatch(/script-src/);
  });

  test('still lets the user read a parquet file from the address they typed on another host', async () => {
    const { page } = session;
    const before = await loadsSoFar(page);
    await page.getByTestId('hub-menu').selectOption({ label: 'Remote URL…' });
    await page.getByTestId('remote-url').fill(`${other.url}/remote/counts.parquet`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await waitForDataset(page, 'counts.parquet', before);
    expect((await summaryFigures(page)).votes).toBe(60728);
  });
});
