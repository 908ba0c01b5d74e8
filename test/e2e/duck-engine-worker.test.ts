import { afterAll, describe, expect, test } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked } from './page-helpers.ts';

/**
 * public/duck-engine-worker.js in Chromium: it runs the worker script it is given, and hands that
 * script the engine's bytes a slice at a time (so a start stopped for the user's file stops its
 * compile at once), leaving every other request alone. The script here stands in for DuckDB's
 * worker and fetches as it does, a Request for the engine's address.
 */
describe('DuckDB’s worker wrapper', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('hands the engine’s bytes over whole, in 1 MiB slices at least 8 ms apart, and other requests as they come', async () => {
    session = await openSession();
    const { page } = session;
    await page.goto(appUrl());
    const seen = await page.evaluate(async () => {
      const engineBytes = new Uint8Array(3.5 * 2 ** 20).map((_, k) => (k * 7 + (k >> 12)) % 251);
      const otherBytes = new Uint8Array(300_000).map((_, k) => k % 13);
      const engine = URL.createObjectURL(new Blob([engineBytes]));
      const other = URL.createObjectURL(new Blob([otherBytes]));
      const standIn = `
        const params = new URL(self.location.href).searchParams;
        const read = async (response) => {
          const reader = response.body.getReader(), sizes = [], at = [], parts = [];
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            sizes.push(value.byteLength); at.push(performance.now()); parts.push(value);
          }
          return { sizes, at, bytes: await new Blob(parts).arrayBuffer() };
        };
        (async () => {
          const engine = await read(await fetch(new Request(params.get('engine'))));
          const other = await read(await fetch(params.get('other')));
          postMessage({ engine, other });
        })();`;
      const script = URL.createObjectURL(new Blob([standIn], { type: 'text/javascript' }));
      const url = new URL('duck-engine-worker.js', document.baseURI);
      url.searchParams.set('worker', script);
      url.searchParams.set('engine', engine);
      url.searchParams.set('other', other);
      const worker = new Worker(url);
      type Read = { sizes: number[]; at: number[]; bytes: ArrayBuffer };
      const got = await new Promise<{ engine: Read; other: Read }>((resolve, reject) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => reject(new Error(e.message));
      });
      worker.terminate();
      const same = (a: ArrayBuffer, b: Uint8Array) => a.byteLength === b.length && new Uint8Array(a).every((v, k) => v === b[k]);
      return {
        engineSizes: got.engine.sizes,
        engineGaps: got.engine.at.slice(1).map((t, k) => t - got.engine.at[k]),
        engineWhole: same(got.engine.bytes, engineBytes),
        otherWhole: same(got.other.bytes, otherBytes),
      };
    });
    const MiB = 2 ** 20;
    expect(seen.engineWhole, 'the engine’s bytes, in order').toBe(true);
    expect(seen.engineSizes).toEqual([MiB, MiB, MiB, MiB / 2]);
    // setTimeout never fires early; the clock a worker reads is coarsened to 0.1 ms.
    for (const gap of seen.engineGaps) expect(gap).toBeGreaterThanOrEqual(7.8);
    expect(seen.otherWhole, 'another request’s bytes').toBe(true);
  });
});
