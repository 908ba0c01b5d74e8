/**
 * Named performance marks ("arena-lens:<name>") at the milestones users wait for, so benchmarks
 * and the browser's own profiler can read how long each step took. Costs nothing when unread.
 */
export type Milestone =
  /** DuckDB asked to start (its engine compiled, then instantiated): after the first counted board. */
  | 'duck-start'
  | 'duck-ready'
  | 'open'
  | 'raw-loaded'
  | 'dataset-ready'
  | 'leaderboard'
  /** The whole file counted while read (before DuckDB has it). */
  | 'counted'
  /** A leaderboard of every vote of the file on screen (not a provisional one). Both marked once painted. */
  | 'leaderboard-whole'
  /** The counting worker asked to tally the low-cardinality filter columns (the board is on screen), and their cube in. */
  | 'filters-asked'
  | 'filters-counted'
  /** A filtered slice's pair counts read from DuckDB or the page's copy of the slice cube (the fit comes next). */
  | 'slice-counted'
  /** The dataset's slice cube is ready (or not built): filters count at full speed from now on. */
  | 'slice-cube'
  /** Every bootstrap round of the board's intervals done. */
  | 'intervals-done'
  /** The service worker registered (its install, the precache, follows): after the first load. */
  | 'service-worker'
  /** The installing service worker holds its precache (the page is busy), or goes on: its acknowledgement. */
  | 'precache-paused'
  | 'precache-resumed';

export function mark(name: Milestone): void {
  performance.mark(`arena-lens:${name}`);
}

/**
 * Runs `then` once what the page just changed is painted: a frame's callbacks run before its paint,
 * and a task queued from one runs after it.
 */
export function afterPaint(then: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(null);
  });
}

/** Marks once painted: what users wait on is the numbers they see, not the DOM. */
export function markPainted(...names: Milestone[]): void {
  afterPaint(() => names.forEach(mark));
}
