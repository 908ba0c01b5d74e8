/**
 * DuckDB runs one query at a time, in the order queries arrive. A filter change sets off the
 * slice's pair counts (what the user waits on) and, in the same pass, a query per filter widget
 * and lens. Urgent work goes first: ordinary work waits while any urgent work is pending.
 */
export class QueryLanes {
  private urgentPending = 0;
  private waiting: (() => void)[] = [];

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
    // lets an urgent query from that same pass go ahead of them.
    await Promise.resolve();
    while (this.urgentPending > 0) await new Promise<void>((resume) => this.waiting.push(resume));
    return work();
  }
}
