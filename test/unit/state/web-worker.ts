import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker as Thread } from 'node:worker_threads';

/**
 * A browser Worker over a Node thread, for state tests that ask the real rating worker
 * (src/workers/rating.worker.ts, run from its TypeScript through tsx). Inside the thread the
 * worker's globals are what a DedicatedWorkerGlobalScope offers it: `self`, `postMessage`,
 * `onmessage` and `navigator.hardwareConcurrency` (one core: no helper thread is started).
 */
export class ThreadWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  private readonly thread: Thread;

  constructor(url: URL | string) {
    // Vite writes the page's worker address from the server root (/src/workers/…): here, the repository.
    const path = new URL(String(url)).pathname;
    const entry = pathToFileURL(path.startsWith(process.cwd()) ? path : join(process.cwd(), path)).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `
      const { parentPort } = await import('node:worker_threads');
      globalThis.self = globalThis;
      globalThis.navigator = { hardwareConcurrency: 1 };
      globalThis.postMessage = (m) => parentPort.postMessage(m);
      // Messages sent while the worker module loads wait for its handler, as a browser's do.
      const early = [];
      parentPort.on('message', (data) => (globalThis.onmessage ? globalThis.onmessage({ data }) : early.push(data)));
      (await import(${JSON.stringify(tsx)})).register();
      await import(${JSON.stringify(entry)});
      for (const data of early.splice(0)) globalThis.onmessage({ data });`;
    this.thread = new Thread(boot, { eval: true, type: 'module' } as never);
    this.thread.on('message', (data) => this.onmessage?.({ data }));
    this.thread.on('error', (e) => this.onerror?.({ message: e.message, preventDefault: () => {} }));
  }

  postMessage(message: unknown): void {
    this.thread.postMessage(message);
  }

  terminate(): void {
    void this.thread.terminate();
  }
}

/**
 * The page's globals a state test with the real rating worker needs: Worker (this class), `self`,
 * a `location` the worker's address resolves against, and a frame that comes a task later (no screen
 * here, so a board counts as painted then).
 */
export function installWorkerGlobals(): void {
  Object.assign(globalThis, {
    Worker: ThreadWorker,
    self: globalThis,
    location: new URL(`file://${process.cwd()}/`),
    requestAnimationFrame: (paint: () => void) => setTimeout(paint, 0),
  });
}
