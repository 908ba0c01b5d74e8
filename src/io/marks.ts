/**
 * Named performance marks ("arena-lens:<name>") at the milestones users wait for, so benchmarks
 * and the browser's own profiler can read how long each step took. Costs nothing when unread.
 */
export type Milestone =
  | 'duck-ready'
  | 'open'
  | 'raw-loaded'
  | 'dataset-ready'
  | 'leaderboard'
  /** The whole file counted while read (before DuckDB has it). */
  | 'counted'
  /** A leaderboard of every vote of the file on screen (not a provisional one). */
  | 'leaderboard-whole';

export function mark(name: Milestone): void {
  performance.mark(`arena-lens:${name}`);
}
