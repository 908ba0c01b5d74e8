import { describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession } from './browser.ts';

/** Everything a page of the test server's origin can keep, written or read back. */
async function leftovers(page: Page, write: boolean) {
  return page.evaluate(async (write) => {
    if (write) {
      localStorage.setItem('left', 'over');
      sessionStorage.setItem('left', 'over');
      document.cookie = 'left=over; max-age=3600';
      await new Promise<void>((done) => {
        const open = indexedDB.open('left-over');
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => (open.result.close(), done());
      });
      const root = await navigator.storage.getDirectory();
      await root.getFileHandle('left-over', { create: true });
      await (await caches.open('left-over')).put('/left-over', new Response('x'));
    }
    const files: string[] = [];
    const root = (await navigator.storage.getDirectory()) as unknown as AsyncIterable<[string, unknown]>;
    for await (const [name] of root) files.push(name);
    return {
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
      indexedDB: (await indexedDB.databases()).map((d) => d.name),
      opfs: files,
      caches: await caches.keys(),
    };
  }, write);
}

describe('sessions', () => {
  test('a session starts with nothing the session before it kept (storage, cookies), though they may share a browser', async () => {
    const page = `${inject('baseUrl')}/favicon.svg`;
    const first = await openSession();
    try {
      await first.page.goto(page);
      expect((await leftovers(first.page, true)).local).toBe(1);
    } finally {
      await first.close();
    }
    const second = await openSession();
    try {
      await second.page.goto(page);
      expect(await leftovers(second.page, false)).toEqual({ local: 0, session: 0, cookie: '', indexedDB: [], opfs: [], caches: [] });
    } finally {
      await second.close();
    }
  });

  test('a session logs the requests of its page’s workers too', async () => {
    const session = await openSession();
    try {
      await session.page.goto(`${inject('baseUrl')}/favicon.svg`);
      await session.page.evaluate(async () => {
        const source = `fetch('${location.origin}/index.html?from-worker').then(() => postMessage('done'))`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        await new Promise((done) => (worker.onmessage = done));
      });
      expect(session.requests.some((u) => u.endsWith('/index.html?from-worker'))).toBe(true);
    } finally {
      await session.close();
    }
  });
});
