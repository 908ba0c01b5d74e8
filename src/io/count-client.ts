/**
 * The page's handle on the counting worker (count.worker.ts): one source counted at a time; a new
 * count or a cancel silences the one before.
 */
import type { ColumnMapping } from '../core/schema/mapping.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { CountRequest, CountResponse } from '../workers/count-protocol.ts';

export interface CountUpdate {
  counts: PairCounts;
  rowsRead: number;
  totalRows: number;
  final: boolean;
  /** With the final counts: the low-cardinality filters' cube, or why there is none. */
  filters?: Extract<CountResponse, { type: 'counts' }>['filters'];
}

export class VoteCounter {
  private worker: Worker | null = null;
  private id = 0;
  private handler: ((message: CountResponse) => void) | null = null;
  private settle: (() => void) | null = null;

  /**
   * Counts `parts` (a parquet source); `onCounts` gets provisional counts, then the final ones. The
   * promise settles (never rejects) when the final counts are in, or the source cannot be counted,
   * or the count is cancelled or superseded.
   */
  count(parts: (Blob | string)[], mapping: ColumnMapping | undefined, onCounts: (update: CountUpdate) => void): Promise<void> {
    this.cancel();
    const id = ++this.id;
    return new Promise<void>((resolve) => {
      this.settle = resolve;
      this.handler = (message) => {
        if (message.id !== id) return;
        if (message.type === 'counts')
          onCounts({
            counts: message.counts,
            rowsRead: message.rowsRead,
            totalRows: message.totalRows,
            final: message.final,
            ...(message.filters ? { filters: message.filters } : {}),
          });
        if (message.type === 'skipped' || message.final) this.done();
      };
      this.ensureWorker().postMessage({ type: 'count', id, parts, ...(mapping ? { mapping } : {}) } satisfies CountRequest);
    });
  }

  cancel(): void {
    if (!this.handler) return;
    this.worker?.postMessage({ type: 'cancel', id: ++this.id } satisfies CountRequest);
    this.done();
  }

  private done(): void {
    this.handler = null;
    this.settle?.();
    this.settle = null;
  }

  /** Starts the worker ahead of the first count: its script and parquet engine load while the source is fetched. */
  warm(): void {
    this.ensureWorker();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('../workers/count.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CountResponse>) => this.handler?.(event.data);
    // A crash only loses the early board: DuckDB's path still brings the leaderboard.
    worker.onerror = (event) => {
      event.preventDefault();
      this.worker?.terminate();
      this.worker = null;
      this.done();
    };
    this.worker = worker;
    return worker;
  }
}
