/**
 * DuckDB runs one query at a time, in the order queries arrive. A filter change sets off the
 * slice's pair counts (what the user waits on) and, in the same pass, a query per filter widget
 * and lens. Urgent work goes first: ordinary work waits while any urgent work is pending, and while
 * a hold is on (the slice's board being fitted and drawn: on two cores, a query beside the fit and
 * the page's paint slows both, and its result takes the page's thread just before the board does).
 */
export class QueryLanes {
  private urgentPending = 0;
  private waiting: (() => void)[] = [];
  private held: Promise<void> | null = null;
  /** When the last hold ended (performance.now()): long work may keep clear a while longer (unheld). */
  private lastHoldEnd = -Infinity;

  async urgent<T>(work: () => Promise<T>): Promise<T> {
    this.urgentPending++;
    try {
      return await work();
    } finally {
      if (--this.urgentPending === 0) for (const resume of this.waiting.splice(0)) resume();
    }
  }

  async ordinary<T>(work: () => Promise<T>): Promise<T> {
    // Queries set off by one change are issued in one synchronous pass of effects: yielding once
    // lets an urgent query or a hold from that same pass go ahead of them.
    await Promise.resolve();
    for (;;) {
      if (this.urgentPending > 0) await new Promise<void>((resume) => this.waiting.push(resume));
      else if (this.held) await this.held;
      else return work();
    }
  }

  /**
   * Settles once no hold is on, and none ended within the last `quietMs`: a file's load goes on
   * between its steps once the user has stopped clicking through filters for a moment (each click
   * holds only until its board is painted, and the next one came 300 ms later).
   */
  async unheld(quietMs = 0): Promise<void> {
    for (;;) {
      if (this.held) {
        await this.held;
        continue;
      }
      const wait = this.lastHoldEnd + quietMs - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Ordinary work waits until `until` settles, or `atMostMs` passes (a hold never starves the page's queries). */
  hold(until: Promise<unknown>, atMostMs: number): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const held: Promise<void> = Promise.race([
      until.then(
        () => undefined,
        () => undefined,
      ),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, atMostMs))),
    ]).then(() => {
      clearTimeout(timer);
      this.lastHoldEnd = performance.now();
      if (this.held === held) this.held = null;
    });
    this.held = held;
  }
}
