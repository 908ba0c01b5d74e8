/**
 * Imported by the service worker (Workbox's importScripts) before its precache: the install's
 * downloads (~45 MB, DuckDB's engine among them) yield to the page. While a page says it is busy (a
 * file being read, a board or its intervals being computed) no precache download starts and the one
 * under way stops reading its body, so the user's file gets the cores; they go on when the page says
 * it is free. Only the install is held: once installed, a fetch the page waits on never waits here.
 */
/** A busy page that says nothing more (closed mid-work) holds the install at most this long. */
const HOLD_MS = 30_000;
/** Each busy page (client id) and when its hold lapses. */
const holds = new Map();
let waiters = [];
let installing = false;

const held = () => {
  const now = Date.now();
  for (const [id, until] of holds) if (until <= now) holds.delete(id);
  return installing && holds.size > 0;
};

const release = () => {
  if (held()) return;
  const waiting = waiters;
  waiters = [];
  waiting.forEach((go) => go());
};

/** Settles when no page holds the install (at once when none does). */
const free = () =>
  held()
    ? new Promise((go) => {
        waiters.push(go);
        setTimeout(release, HOLD_MS);
      })
    : Promise.resolve();

self.addEventListener('install', () => (installing = true));
self.addEventListener('activate', () => {
  installing = false;
  release();
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type !== 'precache-pause' && type !== 'precache-resume') return;
  const id = (event.source && event.source.id) || '';
  if (type === 'precache-pause') holds.set(id, Date.now() + HOLD_MS);
  else holds.delete(id);
  release();
  // The page marks when its word took effect (tests and profiles read the marks).
  if (event.source) event.source.postMessage({ type: type === 'precache-pause' ? 'precache-paused' : 'precache-resumed' });
});

const networkFetch = self.fetch.bind(self);

/** Workbox's precache fetches through the global fetch: during the install, each waits for the pages, its body too. */
self.fetch = async (input, init) => {
  if (!installing) return networkFetch(input, init);
  await free();
  const response = await networkFetch(input, init);
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      await free();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
