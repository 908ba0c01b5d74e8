/**
 * The loaded dataset: opening a source, progress while it loads, the result, and what went wrong.
 * A newer open supersedes an older one still running.
 */
import { abortDuckStart, DuckStartAborted, getDuck, prefetchDuck, type Duck } from '../io/duckdb.ts';
import { afterPaint, mark } from '../io/marks.ts';
import { readableDuckError } from '../io/duck-errors.ts';
import { LoadError, sourceName, type LoadProgress, type Source } from '../io/source.ts';
import { VoteCounter } from '../io/count-client.ts';
import { dropWarmParquetReader, warmParquetReader } from '../io/load-parquet.ts';
import { analyse, openDataset, RAW_TABLE, UnrecognisedShape, type OpenedDataset } from '../io/open-dataset.ts';
import { winnerValuesSql } from '../core/sql/winner-values.ts';
import type { RunQuery } from '../core/sql/connector.ts';

export type { DatasetSummary, OpenedDataset } from '../io/open-dataset.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import { hubLabel, type HubRef } from '../core/hub/hub-ref.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { LoadedSource } from '../io/source.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import { earlyFilters, type EarlyFilters } from '../core/view/early-filters.ts';

export type Phase = 'idle' | 'loading' | 'ready' | 'error';

/** The longest DuckDB's load waits for the counted board to be on screen. */
const BOARD_WAIT_MS = 1000;

/** How long DuckDB's start waits for a file on its way (fileComing) before it begins anyway. */
const FILE_WAIT_MS = 2000;

export class DatasetStore {
  phase = $state<Phase>('idle');
  step = $state('');
  progress = $state<LoadProgress | null>(null);
  error = $state<string | null>(null);
  dataset = $state.raw<OpenedDataset | null>(null);
  /** Counts finished loads, so a reader can tell a fresh result from the one before. */
  loads = $state(0);
  /** Counts loads begun: a new one means the previous dataset's results are stale. */
  opens = $state(0);
  /**
   * The whole file's pair counts, known before the battles table is built: counted while the file is
   * read (count.worker.ts), or from DuckDB's first aggregate when the file cannot be counted so.
   */
  earlyCounts = $state.raw<PairCounts | null>(null);
  /** While earlyCounts hold only part of the file: the share of its rows counted (0..1). */
  provisional = $state<number | null>(null);
  /** earlyCounts hold every row of the file. */
  countedWhole = $state(false);
  /** With the whole file's counts: the low-cardinality filters the tally answers before DuckDB holds the rows (issue 28). */
  earlyFilters = $state.raw<EarlyFilters | null>(null);
  /** The board is counted and the counting worker will tally those filters next: the panel says they are being prepared. */
  earlyFiltersPending = $state(false);
  /** Set when a file loaded but its shape was not recognised: the mapping form edits it. */
  unrecognised = $state.raw<{ source: LoadedSource; columns: ColumnInfo[] } | null>(null);
  sourceLabel = $state('');
  duck = $state.raw<Duck | null>(null);

  private generation = 0;
  /** Settles when DuckDB's start, put off for a file on its way (fileComing), may begin: the file came, or it did not in time. */
  private fileWait: Promise<void> = Promise.resolve();
  private endFileWait = () => {};
  private tail: Promise<unknown> = Promise.resolve();
  private readonly counter = new VoteCounter();
  /** Settles when the current source is counted (or cannot be): DuckDB's load starts after it. */
  private counting: Promise<unknown> = Promise.resolve();
  /**
   * Settles once the page shows the board of the whole file's counts (countedBoardShown), or at once
   * when there is none: DuckDB's load waits for it too (at most BOARD_WAIT_MS), as the fit and the
   * page's drawing of the board want the two cores the load would take (~40 ms of a 230 ms wait).
   */
  private boardShown: Promise<unknown> = Promise.resolve();
  private showBoard: () => void = () => undefined;
  /** Settles when the board is on screen, or after BOARD_WAIT_MS at most (a page that never paints it holds nothing up). */
  private boardOnScreen(): Promise<unknown> {
    return Promise.race([this.boardShown, new Promise((resolve) => setTimeout(resolve, BOARD_WAIT_MS))]);
  }

  /**
   * One load's DuckDB work at a time: two loads write the same tables (raw, battles), so a file
   * dropped while the sample is still loading waits for it; a load superseded before its turn
   * is skipped.
   */
  private exclusive(generation: number, work: () => Promise<void>): Promise<void> {
    const run = this.tail.then(() => (generation === this.generation ? work() : undefined));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Starts the counting worker now (its parquet engine compiles while the first source is fetched),
   * and DuckDB's engine downloading (compiled once the first board is on screen).
   */
  warm(): void {
    this.counter.warm();
    prefetchDuck();
  }

  async open(source: Source, mapping?: ColumnMapping): Promise<void> {
    const generation = ++this.generation;
    mark('open');
    this.endFileWait();
    // A start of DuckDB and its reader for the dataset before (still compiling) would slow this
    // one's board: both start again after it.
    if (generation > 1) {
      abortDuckStart();
      dropWarmParquetReader();
    }
    this.opens++;
    this.earlyCounts = null;
    this.earlyFilters = null;
    this.earlyFiltersPending = false;
    this.provisional = null;
    this.countedWhole = false;
    this.countedBoardShown();
    this.counting = this.countWhileReading(generation, source, mapping);
    this.phase = 'loading';
    this.error = null;
    this.unrecognised = null;
    this.sourceLabel = sourceName(source);
    this.step = 'starting DuckDB';
    this.progress = null;
    return this.exclusive(generation, () => this.load(generation, source, mapping));
  }

  private async load(generation: number, source: Source, mapping?: ColumnMapping): Promise<void> {
    try {
      // The first leaderboard comes from counting the file; on two cores, starting DuckDB (compiling
      // its 34 MB engine) or loading the file into it alongside would halve its speed, so both wait
      // for the counted board to be on screen.
      this.step = 'counting votes';
      await this.counting;
      await this.boardOnScreen();
      if (generation !== this.generation) return;
      if (!this.duck) this.step = 'starting DuckDB';
      // The parquet reader that fills DuckDB starts alongside it, not after.
      warmParquetReader();
      const duck = await this.duckFor(generation);
      if (!duck) return;
      if (!this.duck) mark('duck-ready');
      this.duck = duck;
      const opened = await openDataset(duck, source, {
        mapping,
        live: () => generation === this.generation,
        onEarlyCounts: (counts) => {
          if (generation !== this.generation || this.countedWhole) return;
          this.earlyCounts = counts;
          this.provisional = null;
          this.countedWhole = true;
        },
        onProgress: (step, progress) => {
          if (generation !== this.generation) return;
          if (step === 'recognising') mark('raw-loaded');
          this.step = step;
          this.progress = progress ?? null;
        },
      });
      if (generation !== this.generation) return;
      mark('dataset-ready');
      this.provisional = null;
      this.dataset = opened;
      this.loads++;
      this.phase = 'ready';
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    }
  }

  /**
   * The first leaderboard of a parquet source, counted as its row groups are decoded, without
   * waiting for DuckDB (which may still be starting): provisional counts as parts arrive, then the
   * whole file's. Anything the counter cannot read is left to DuckDB's path. Settles when done.
   */
  private async countWhileReading(generation: number, source: Source, mapping?: ColumnMapping): Promise<void> {
    this.counter.cancel();
    const parts =
      source.kind === 'file'
        ? [source.file]
        : source.kind === 'url'
          ? [source.url]
          : source.kind === 'hub' && source.shards
            ? source.shards
            : null;
    // A file's format is the worker's to find (it reads the first bytes off this thread): CSV and JSON are skipped there.
    if (!parts) return;
    const current = () => generation === this.generation && this.phase === 'loading';
    let shown: Promise<void> = Promise.resolve();
    await this.counter.count(parts, mapping, {
      counts: (update) => {
        if (!current() || this.countedWhole) return;
        if (update.final) this.boardShown = new Promise<void>((resolve) => (this.showBoard = resolve));
        this.earlyCounts = update.counts;
        this.provisional = update.final ? null : update.rowsRead / Math.max(1, update.totalRows);
        if (update.final) {
          this.earlyFiltersPending = update.splitting;
          this.countedWhole = true;
          this.progress = null;
          mark('counted');
        }
      },
      // The rows read while no board is due: the status bar's progress.
      read: (rowsRead, totalRows) => {
        if (current() && !this.countedWhole && this.step === 'counting votes') this.progress = { rows: rowsRead, totalRows };
      },
      filters: (filters) => {
        // The board first: coding the cube and drawing the panel's value lists take the page's thread
        // (hundreds of ms for 1.67M battles on a busy machine), which the board's drawing waits on.
        mark('filters-counted');
        shown = this.boardOnScreen().then(() => {
          if (!current()) return;
          if ('cube' in filters) {
            const early = (this.earlyFilters = earlyFilters(filters));
            // Once the panel is drawn: the first click then sums with compiled code.
            afterPaint(() => setTimeout(() => current() && early.cube.warm(), 50));
          }
          this.earlyFiltersPending = false;
        });
      },
    });
    if (!this.earlyFiltersPending || generation !== this.generation) return;
    // The low-cardinality filters are tallied once the board is on screen (its fit and drawing want
    // both cores), and before DuckDB's load, which waits for this.
    await this.boardOnScreen();
    if (generation !== this.generation) return;
    mark('filters-asked');
    await this.counter.prepareFilters();
    await shown;
    // None may come (the worker failed): the panel then says what it said before.
    if (generation === this.generation) this.earlyFiltersPending = false;
  }

  /** The page shows the board of the counted file (or will not): DuckDB's load may start. */
  countedBoardShown(): void {
    this.showBoard();
    this.boardShown = Promise.resolve();
  }

  /**
   * A file is on its way (dragged over the page, or the file picker opened): DuckDB's start waits for
   * it, and is stopped if its engine is already compiling. A compile under way cannot be cut short,
   * and on two cores what it had left took the cores from the file's first board (1.34× a warm
   * page's, dropped 200 ms into the start); stopped while the file is dragged, that is over before
   * the drop. If no file comes, the start begins again FILE_WAIT_MS later.
   */
  fileComing(): void {
    if (this.duck) return;
    abortDuckStart();
    this.endFileWait();
    this.fileWait = new Promise((resolve) => {
      const timer = setTimeout(resolve, FILE_WAIT_MS);
      this.endFileWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** DuckDB for load `generation`, once no file is on its way, started again if a file on its way stopped it; null once a newer load supersedes this one. */
  private async duckFor(generation: number): Promise<Duck | null> {
    for (;;) {
      await this.fileWait;
      if (generation !== this.generation) return null;
      try {
        const duck = await getDuck();
        return generation === this.generation ? duck : null;
      } catch (error) {
        if (!(error instanceof DuckStartAborted) || generation !== this.generation) throw error;
      }
    }
  }

  /** Opens a dataset on the Hugging Face Hub: its parquet listing, then every shard of the split. */
  openHub(ref: HubRef, mapping?: ColumnMapping): Promise<void> {
    return this.open({ kind: 'hub', ref, name: hubLabel(ref) }, mapping);
  }

  /** Re-reads the loaded file with a mapping the user made. */
  async remap(mapping: ColumnMapping): Promise<void> {
    const source = this.unrecognised?.source ?? this.dataset?.source;
    if (!source) return;
    const generation = ++this.generation;
    this.phase = 'loading';
    this.error = null;
    return this.exclusive(generation, async () => {
      try {
        const opened = await analyse(await getDuck(), source, {
          mapping,
          live: () => generation === this.generation,
          onProgress: (step) => (this.step = step),
        });
        if (generation !== this.generation) return;
        this.dataset = opened;
        this.loads++;
        this.unrecognised = null;
        this.phase = 'ready';
      } catch (error) {
        if (generation === this.generation) this.fail(error);
      }
    });
  }

  /** Rows of one statement on the page's DuckDB (ordinary lane): what views such as the filters read. */
  readonly query: RunQuery = async (q) => {
    const duck = this.duck ?? (await getDuck());
    return duck.connector.query(q.sql, [...q.params]);
  };

  /**
   * Distinct values of raw columns with their rows, most frequent first, summed over the columns (the
   * mapping form's label table and pair-key preview).
   */
  async columnValues(columns: readonly string[], limit = 50): Promise<{ value: string; rows: number }[]> {
    const duck = await getDuck();
    const counts = new Map<string, number>();
    for (const column of columns) {
      const q = winnerValuesSql(RAW_TABLE, column, { limit });
      for (const r of await duck.connector.query(q.sql, q.params)) {
        if (r.value === null) continue;
        counts.set(String(r.value), (counts.get(String(r.value)) ?? 0) + Number(r.rows));
      }
    }
    return [...counts]
      .map(([value, rows]) => ({ value, rows }))
      .sort((x, y) => y.rows - x.rows)
      .slice(0, limit);
  }

  private fail(error: unknown): void {
    this.counter.cancel();
    this.provisional = null;
    if (error instanceof UnrecognisedShape) {
      this.unrecognised = { source: error.source, columns: error.columns };
      // `raw` now holds the new file: the previous dataset's views would mix the two.
      this.dataset = null;
    }
    const message = readableDuckError(error instanceof Error ? error.message : String(error));
    this.error = error instanceof LoadError || error instanceof UnrecognisedShape ? message : `${this.sourceLabel}: ${message}`;
    this.phase = 'error';
  }
}
