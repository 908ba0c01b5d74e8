/**
 * The page's handle on the counting worker (count.worker.ts): one source counted at a time; a new
 * count or a cancel silences the one before. After the final counts, the low-cardinality filters
 * are tallied when the page asks (prepareFilters), so the first board has the cores to itself.
 */
import type { ColumnMapping } from '../core/schema/mapping.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { CountRequest, CountResponse } from '../workers/count-protocol.ts';

export interface CountUpdate {
  counts: PairCounts;
  rowsRead: number;
  totalRows: number;
  final: boolean;
  /** With the final counts: the low-cardinality filters come once prepareFilters asks for them. */
  splitting: boolean;
}

/** The low-cardinality filters' cube, or why there is none. */
export type CountedFilters = Extract<CountResponse, { type: 'filters' }>['filters'];

export interface CountHandlers {
  counts: (update: CountUpdate) => void;
  /** Rows read so far (an estimate when a helper reads a share), between boards. */
  read?: (rowsRead: number, totalRows: number) => void;
  filters?: (filters: CountedFilters) => void;
}

export class VoteCounter {
  private worker: Worker | null = null;
  private id = 0;
  private handler: ((message: CountResponse) => void) | null = null;
  private settle: (() => void) | null = null;
  /** The count whose filters the worker holds back until asked, and who waits for them. */
  private splitting: { id: number; asked: Promise<void>; arrived: () => void; wasAsked: boolean } | null = null;

  /**
   * Counts `parts` (a parquet source); `on.counts` gets provisional counts, then the final ones,
   * `on.read` the rows read between them, `on.filters` the filter cube once prepareFilters asks. The
   * promise settles (never rejects) when the final counts are in, or the source cannot be counted,
   * or the count is cancelled or superseded.
   */
  count(parts: (Blob | string)[], mapping: ColumnMapping | undefined, on: CountHandlers): Promise<void> {
    // A worker still busy with the count before (its rows, or splitting them by the filter columns)
    // would finish its current row group first: up to a few hundred ms of the new board's time.
    // A fresh worker starts cold (script and parquet engine from the cache, nothing compiled yet)
    // and was still the sooner: a drop on a first visit, 326 against 348 ms (medians of four).
    if (this.busy()) this.replaceWorker();
    else this.cancel();
    const id = ++this.id;
    return new Promise<void>((resolve) => {
      this.settle = resolve;
      this.handler = (message) => {
        if (message.id !== id) return;
        if (message.type === 'filters') {
          on.filters?.(message.filters);
          return this.done();
        }
        if (message.type === 'skipped') return this.done();
        if (message.type === 'progress') return on.read?.(message.rowsRead, message.totalRows);
        const splitting = message.final && !!message.splitting;
        on.counts({ counts: message.counts, rowsRead: message.rowsRead, totalRows: message.totalRows, final: message.final, splitting });
        if (!message.final) return;
        if (!splitting) return this.done();
        // The counts are in (the promise settles); the handler stays for the filters.
        let arrived = () => {};
        this.splitting = { id, asked: new Promise<void>((resolve) => (arrived = resolve)), arrived, wasAsked: false };
        this.settle?.();
        this.settle = null;
      };
      this.ensureWorker().postMessage({ type: 'count', id, parts, ...(mapping ? { mapping } : {}) } satisfies CountRequest);
    });
  }

  /**
   * Asks the worker for the filters of the last count, whose final counts said they would come;
   * settles when they are in (onFilters has had them), or the count is cancelled or superseded.
   */
  prepareFilters(): Promise<void> {
    if (!this.splitting) return Promise.resolve();
    this.splitting.wasAsked = true;
    this.worker?.postMessage({ type: 'split', id: this.splitting.id } satisfies CountRequest);
    return this.splitting.asked;
  }

  /** Whether the worker is reading for a count (not idle, nor waiting to be asked for its filters). */
  private busy(): boolean {
    return !!this.handler && !(this.splitting && !this.splitting.wasAsked);
  }

  private replaceWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.done();
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
    this.splitting?.arrived();
    this.splitting = null;
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
