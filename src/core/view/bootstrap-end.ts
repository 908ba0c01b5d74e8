/**
 * How the board's bootstrap ended, for every line that waited for it: null while it runs (or
 * before any board); 'done' with every round; 'failed' (the worker gave an error, twice) after
 * `roundsDone` of `rounds`, whose intervals, if any, stay on the board. A run is cancelled only by
 * a newer one (another slice or option), whose board replaces the old, so no line waits for it.
 */
export interface BootstrapEnd {
  how: 'done' | 'failed';
  roundsDone: number;
  rounds: number;
  reason: string | null;
}

/** The end in words, for the lines that waited: "1000 bootstrap rounds done", "the bootstrap failed after 240 of 1000 rounds (…)…". */
export function bootstrapEndText(end: BootstrapEnd): string {
  if (end.how === 'done') return end.rounds > 0 ? `${end.roundsDone} bootstrap rounds done` : 'no bootstrap rounds asked for';
  return `the bootstrap failed after ${end.roundsDone} of ${end.rounds} rounds${end.reason ? ` (${end.reason})` : ''}${
    end.roundsDone > 0 ? `: intervals are from the ${end.roundsDone} rounds done` : ': no intervals'
  }`;
}

/**
 * What the "how much of the order is signal" line says instead of its count: null while the
 * bootstrap runs (it waits) or when the count is there; else why there is none.
 */
export function signalNotCounted(end: BootstrapEnd | null, counted: boolean, adjacentPairs: number): string | null {
  if (counted || !end) return null;
  if (end.how === 'done' && adjacentPairs === 0) return 'not counted: fewer than two models of a group have intervals.';
  return `not counted: ${bootstrapEndText(end)}.`;
}
