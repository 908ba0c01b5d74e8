/**
 * DuckDB-WASM's own worker, with its engine's bytes handed to the compile a slice at a time.
 * Loaded as `duck-engine-worker.js?worker=<DuckDB's worker script>&engine=<the engine's address>`
 * by src/io/duckdb.ts, on a first visit (the engine downloaded ahead, a blob: address).
 *
 * Why: given all 34 MB at once, V8 queues the compile of every function on the spare cores, and
 * that queue runs to its end even once the worker is terminated. A file dropped meanwhile had its
 * board at 1.4× a warm page's. Fed SLICE_BYTES every GAP_MS, about as fast as two cores compile
 * it, the queue never holds more than a slice or two: terminating the worker stops the compile
 * within a few milliseconds. The compile alone takes up to ~0.25 s longer; on a cold visit DuckDB
 * was ready at 1.95 s against 1.89 s before (README, Measured).
 *
 * A plain script from the page's own origin, not a blob: worker, so the page's CSP does not bind
 * it: DuckDB reads the remote addresses the user types from here.
 */
// In a function: the worker script imported below declares its own names at the top level.
(() => {
  const SLICE_BYTES = 1 << 20;
  const GAP_MS = 8;

  const params = new URL(self.location.href).searchParams;
  const engine = new URL(params.get('engine'), self.location.href).href;
  const pageFetch = self.fetch.bind(self);

  self.fetch = (input, init) => {
    const address = typeof input === 'string' ? new URL(input, self.location.href).href : input.url;
    const response = pageFetch(input, init);
    return address === engine ? response.then(sliced) : response;
  };

  /** The same response, its body re-cut into SLICE_BYTES pieces handed out GAP_MS apart. */
  function sliced(response) {
    if (!response.ok || !response.body) return response;
    const reader = response.body.getReader();
    const held = [];
    let heldBytes = 0;
    let first = true;
    const body = new ReadableStream(
      {
        async pull(controller) {
          if (!first) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
          first = false;
          while (heldBytes < SLICE_BYTES) {
            const { done, value } = await reader.read();
            if (done) break;
            held.push(value);
            heldBytes += value.byteLength;
          }
          if (heldBytes === 0) return controller.close();
          const slice = new Uint8Array(Math.min(heldBytes, SLICE_BYTES));
          let at = 0;
          while (at < slice.length) {
            const part = held[0];
            const take = Math.min(part.byteLength, slice.length - at);
            slice.set(part.subarray(0, take), at);
            at += take;
            if (take === part.byteLength) held.shift();
            else held[0] = part.subarray(take);
          }
          heldBytes -= slice.length;
          controller.enqueue(slice);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  importScripts(params.get('worker'));
})();
