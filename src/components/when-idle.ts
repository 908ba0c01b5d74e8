/** Runs `then` when the page's thread is idle, or after `atMostMs` however busy; returns a cancel. */
export function whenIdle(then: () => void, atMostMs: number): () => void {
  if ('requestIdleCallback' in globalThis) {
    const handle = requestIdleCallback(then, { timeout: atMostMs });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no idle callback: a timer still lets the tasks already queued go first.
  const timer = setTimeout(then, Math.min(atMostMs, 50));
  return () => clearTimeout(timer);
}
