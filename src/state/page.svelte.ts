/**
 * The page's flow, owned by state: the address holds the view (ViewStore); the source store chooses
 * and opens what is shown (sources.svelte.ts); applying a mapping and writing the address happen
 * here; the dataset store loads, the slice store turns filters into pair counts and the
 * ratings store fits them in the worker. Components only lay this out. Built once, in App's setup, so
 * its effects live as long as the page.
 */
import { untrack } from 'svelte';
import { DatasetStore } from './dataset.svelte.ts';
import { RatingsStore } from './ratings.svelte.ts';
import { SliceStore } from './slice.svelte.ts';
import { SecondSourceStore } from './second-source.svelte.ts';
import { ViewStore } from './view.svelte.ts';
import { UpdateStore } from './update.svelte.ts';
import { ThemeStore } from './theme.svelte.ts';
import { SourceStore } from './sources.svelte.ts';
import { DetailsStore, detailsActions } from './details.svelte.ts';
import { makeLensContext, type BoardContext, type LensContext, type LensContextParts } from './lens-context.svelte.ts';
import { onlineEloSource, type OnlineEloSource } from './online-elo.ts';
import { SAMPLES, type Sample } from '../io/samples.ts';
import { afterPaint, markPainted } from '../io/marks.ts';
import { absentLenses, AUTO_LENS, LENS_IDS, offeredLenses, shownLens, type LensData } from '../core/view/lenses.ts';
import { MATRIX_MODES } from '../core/charts/matrix.ts';
import { leaderboardOptions, otherScaleOptions } from '../core/view/rating-options.ts';
import { DEFAULT_VIEW } from '../core/view/view-state.ts';
import { quickFilterWords } from '../core/view/quick-filters.ts';
import { filterText } from '../core/view/filter-edit.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import type { Filter } from '../core/sql/filters.ts';
import type { QuickToggles, ViewState } from '../core/view/view-state.ts';
import { countsTotals, type PairCounts } from '../core/stats/pair-counts.ts';
import type { Provenance } from '../core/export/provenance.ts';

export type { Sample };
export { SAMPLES };

/**
 * How long the widgets' and lenses' queries may wait for a new slice's board to be painted: past
 * it (a fit of many models, a hidden tab that never paints) they go ahead anyway.
 */
const BOARD_FIRST_MS = 250;

export class PageState {
  readonly view = new ViewStore({
    lenses: LENS_IDS,
    samples: SAMPLES.map((s) => s.id),
    matrixModes: MATRIX_MODES.map((m) => m.id),
  });
  readonly data = new DatasetStore();
  readonly slice = new SliceStore();
  readonly ratings = new RatingsStore();
  readonly update = new UpdateStore();
  readonly theme = new ThemeStore();
  /** The Two sources lens's second file. */
  readonly second = new SecondSourceStore(this.view, (id) => this.sources.pickSample(id));
  readonly details = new DetailsStore(
    () => this.ratings.counts?.models ?? [],
    () => this.view.state.details,
  );
  editingMapping = $state(false);
  /** Which source is shown: choosing one, opening it, and a link's source read back from the address. */
  readonly sources = new SourceStore({
    view: this.view,
    data: this.data,
    details: this.details,
    update: this.update,
    busy: () => this.busy,
    shippedBoard: {
      wanted: () => !this.ratings.leaderboard && !this.filteredView(),
      show: (counts) => void this.rate(counts),
    },
    opening: () => (this.editingMapping = false),
  });

  readonly dataset = $derived(this.data.dataset);
  readonly credit = $derived.by(() => {
    const source = this.view.state.source;
    return source.kind === 'sample' ? SAMPLES.find((s) => s.id === source.id)?.credit : undefined;
  });
  readonly sampleLabel = $derived.by(() => {
    const source = this.view.state.source;
    return source.kind === 'sample' ? (SAMPLES.find((s) => s.id === source.id)?.label ?? source.id) : null;
  });
  readonly fileStem = $derived((this.dataset?.source.name ?? 'arena').replace(/\.[^.]+$/, '').replace(/[\s/\\·]+/g, '_'));
  readonly filtered = $derived(this.view.state.filters.length > 0 || this.slice.where.sql !== '' || this.slice.minVotes > 0);
  readonly sliceLabel = $derived.by(() => {
    const v = this.view.state;
    if (!this.filtered) return 'all votes';
    return (
      [...v.filters.map((f) => filterText(f)), ...(this.slice.minVotes ? [`models with ≥ ${this.slice.minVotes} votes`] : [])].join(
        ' · ',
      ) || 'quick filters'
    );
  });
  /** What every caption and download says about how its numbers were made. */
  readonly provenance = $derived.by<Provenance | null>(() => {
    const dataset = this.dataset;
    const v = this.view.state;
    if (!dataset) return null;
    const rating = v.rating;
    const board = this.ratings.leaderboard;
    const anchor = rating.anchor && dataset.counts.models.includes(rating.anchor.model) ? { ...rating.anchor } : null;
    return {
      file: dataset.source.name,
      fingerprint: v.source.kind === 'local' ? v.source.file.fingerprint : this.sources.sampleFingerprint,
      slice: v.filters.length ? v.filters.map((f) => filterText(f)).join(' · ') : 'all votes',
      quickFilters: quickFilterWords(v.quick, this.slice.minVotes),
      anchor,
      ties: rating.ties,
      // Reweighted boards have the weighted sandwich and no bootstrap (stats/leaderboard.ts).
      intervals: rating.reweight ? 'sandwich' : rating.intervals,
      rounds: rating.reweight ? 0 : rating.rounds,
      // What the board holds now: a download while a run is going (its rounds, or a new run's first
      // board still to come) says its figures will change, and how many rounds they are from.
      roundsDone: board ? board.roundsDone : null,
      provisional: !!board && this.ratings.computing,
      seed: rating.seed,
      reweighted: rating.reweight,
    };
  });
  /** What the lenses' availability is decided on (null: no dataset read yet). */
  private readonly lensData = $derived.by<LensData | null>(() => {
    const dataset = this.dataset;
    return (
      dataset && {
        shapeLenses: dataset.detection.preset.lenses,
        loadedColumns: dataset.loadedColumns,
        textColumns: dataset.detection.textColumns,
        columns: this.slice.columns,
      }
    );
  });
  /** The lenses the dataset offers (core/view/lenses.ts decides, from its shape and columns). */
  readonly tabs = $derived(offeredLenses(this.lensData));
  /** The lenses it does not offer that say what they need, shown beside the tabs. */
  readonly absentTabs = $derived(absentLenses(this.lensData));
  /** The lens on screen: the chosen one, else the one the dataset's shape leads with. */
  readonly lens = $derived(shownLens(this.view.state.lens, this.tabs, this.dataset?.detection.preset.landing));
  private lastContext: LensContext | null = null;
  /** What a lens gets; the same object while its parts are the same, so lenses re-run only on a real change. */
  readonly context = $derived.by<LensContext | null>(() => {
    const { dataset, data } = this;
    if (!dataset || !data.duck) return (this.lastContext = null);
    const duck = data.duck;
    const next: LensContextParts = {
      dataset,
      where: this.slice.where,
      sliceLabel: this.sliceLabel,
      ratings: this.ratings,
      fileStem: this.fileStem,
      view: this.view,
      second: this.second,
    };
    const last = this.lastContext;
    const same = last && duck === this.lastDuck && (Object.keys(next) as (keyof LensContextParts)[]).every((k) => next[k] === last[k]);
    this.lastDuck = duck;
    return same ? last : (this.lastContext = makeLensContext(duck, next));
  });
  private lastDuck: unknown = null;
  /** The user's work is under way: a file being read, or a board or its intervals being computed. */
  private readonly busy = $derived(this.data.phase === 'loading' || this.ratings.computing);
  private readonly hasBoard = $derived(this.ratings.leaderboard !== null);
  /**
   * The file being read once its votes are counted (its board on screen): its name and the
   * tally's figures, which stand for it until DuckDB holds its rows and gives its summary.
   */
  readonly loadingFile = $derived.by<{ name: string; votes: number; models: number } | null>(() => {
    const { phase, earlyCounts, countedWhole, sourceLabel } = this.data;
    if (phase !== 'loading' || !earlyCounts || !countedWhole) return null;
    return { name: sourceLabel, ...countsTotals(earlyCounts) };
  });
  /** The header's figures: the slice's, named after the file they were counted from. */
  readonly figures = $derived.by(() => {
    const { dataset, loadingFile, slice } = this;
    // A slice the tally counted is the loading file's, not the dataset's still on screen.
    const own = loadingFile && slice.countedBy === 'tally' ? { totalVotes: loadingFile.votes, name: loadingFile.name } : null;
    const of = own ?? (dataset ? { totalVotes: dataset.summary.votes, name: dataset.source.name } : null);
    return of ? { votes: slice.votes, models: slice.models, filtered: this.filtered, ...of } : null;
  });
  /** What the leaderboard gets: set once a board is fitted (from the shipped counts, before DuckDB has read the file). */
  readonly boardContext = $derived.by<BoardContext | null>(() =>
    this.hasBoard
      ? {
          ratings: this.ratings,
          view: this.view,
          sliceLabel: this.sliceLabel,
          fileStem: this.fileStem,
          dropped: this.slice.dropped,
          minVotes: this.slice.minVotes,
          sliced: this.slice.sliced,
          onlineElo: this.onlineElo,
          details: this.details,
          detailsActions: this.detailsActions,
        }
      : null,
  );
  readonly detailsActions = detailsActions(this.view, this.details);
  /** Online Elo beside the leaderboard: only for votes one by one (not pre-aggregated counts). */
  readonly onlineElo = $derived.by<OnlineEloSource | null>(() => {
    const { dataset, data, slice } = this;
    if (!data.duck || !dataset || dataset.mapping.weight || slice.columnsOf !== dataset) return null;
    return onlineEloSource(data.duck, this.ratings, slice.where, slice.columns, dataset.counts.models);
  });

  constructor() {
    // Read before the first render, so the first paint already shows the linked view (no jump).
    this.view.readAddress();
    // The slice follows the dataset, the filters and the quick toggles; ratings follow the slice.
    $effect(() => {
      const ds = this.dataset;
      const duck = this.data.duck;
      const filters = $state.snapshot(this.view.state.filters);
      const quick = $state.snapshot(this.view.state.quick);
      // Not while a new file loads: the dataset on screen is about to be replaced.
      if (!ds || !duck || this.data.phase === 'loading') return;
      // What the update reads of the slice's own state (its columns, its cube) is not a reason to run it again.
      untrack(() => this.slice.update(duck, ds, filters, quick)).then((applied) => {
        if (applied.length !== filters.length) untrack(() => (this.view.state.filters = applied));
      });
    });
    // A new dataset starts from an empty board (the sample's instant board is the one exception),
    // then shows the fit of the whole file's counts while the battles table is built.
    $effect(() => {
      if (this.data.opens > 1)
        untrack(() => {
          this.slice.reset();
          this.ratings.reset();
        });
    });
    $effect(() => {
      const counts = this.data.earlyCounts;
      if (!counts) return;
      // A filtered view waits for DuckDB: no counted board to wait for.
      if (untrack(() => this.filteredView())) {
        untrack(() => this.data.countedBoardShown());
        return;
      }
      const rating = $state.snapshot(untrack(() => this.view.state.rating));
      // A provisional board (part of the file counted) gets point ratings only: the counting needs the CPU.
      const whole = untrack(() => this.data.provisional) === null;
      const shown = whole
        ? this.rate(counts, rating)
        : this.ratings.run(counts, { ...leaderboardOptions(rating, counts.models), bootstrapRounds: 0 });
      // Painted, not just set: DuckDB's start and the early filters wait for it, and would delay the paint.
      if (whole) void shown.then(() => afterPaint(() => this.data.countedBoardShown()));
    });
    // Before DuckDB holds the rows, the tally's filter cube answers the filters it covers (issue 28).
    $effect(() => {
      const { earlyFilters: early, earlyCounts: whole } = this.data;
      const filters = $state.snapshot(this.view.state.filters);
      const quick = $state.snapshot(this.view.state.quick);
      if (!early || !whole || this.data.phase !== 'loading') return;
      untrack(() => {
        // Its fit set off now, not after the rest of the page's effects: the worker fits while they run.
        if (this.slice.fromTally(early, whole, filters, quick)) this.rateSlice(this.slice.counts!, $state.snapshot(this.view.state.rating));
      });
    });
    $effect(() => {
      const counts = this.slice.counts;
      const rating = $state.snapshot(this.view.state.rating);
      if (counts) this.rateSlice(counts, rating);
    });
    // A filtered board shows each model's rank change against the whole file's board, fitted alike.
    $effect(() => {
      const ds = this.dataset;
      const rating = $state.snapshot(this.view.state.rating);
      const wanted = !!ds && this.filtered && this.data.phase === 'ready';
      this.ratings.wholeBoard(wanted ? ds!.counts : null, ds ? leaderboardOptions(rating, ds.counts.models) : {});
    });
    $effect(() => {
      if (!this.ratings.leaderboard || this.ratings.leaderboard.rows.length === 0) return;
      const whole = untrack(() => this.data.phase === 'ready' || (this.data.countedWhole && this.ratings.counts === this.data.earlyCounts));
      markPainted('leaderboard', ...(whole ? (['leaderboard-whole'] as const) : []));
    });
    // The service worker's install yields while the user's file is read or a board and its intervals computed.
    $effect(() => this.update.hold(this.busy));
    // A link naming a remote, Hub or built-in second source reads it once the first dataset is read (a local one is asked for in the lens).
    $effect(() => {
      const named = this.view.state.slots.sources.with;
      if (!this.dataset || !named || named.kind === 'local') return;
      untrack(() => {
        if (JSON.stringify(this.second.ref) === JSON.stringify(named)) return;
        if (named.kind === 'remote') void this.second.chooseUrl(named.url);
        else if (named.kind === 'hub') void this.second.chooseHub({ dataset: named.dataset, config: named.config, split: named.split });
        else void this.second.chooseSample(named.id);
      });
    });
    // GenRM opens on Judges, French-Maxx on Defects, when the lens in use is not one of theirs.
    $effect(() => {
      const preset = this.dataset?.detection.preset;
      if (!preset || !untrack(() => this.sources.landOnLoad)) return;
      this.sources.landOnLoad = false;
      untrack(() => {
        if (preset.landing && !(preset.lenses as readonly string[]).includes(this.view.state.lens)) this.view.state.lens = AUTO_LENS;
      });
    });
    // The address follows the view. Last: effects run in order, and a click's fit is posted before
    // this one copies the whole view (a few ms of a click on 20M battles, issue 28).
    $effect(() => this.view.writeAddress());
  }

  /**
   * Starts the workers the first board waits on (counting, rating) and DuckDB's download: called as
   * the page is built, so their scripts load while it renders and fetches what the address names.
   */
  warm(): void {
    this.data.warm();
    this.ratings.warm();
  }

  /** Opens what the address names and follows Back/Forward; returns the cleanup. */
  start(): () => void {
    let firstOpened = false;
    const stop = this.sources.start(() => (firstOpened = true));
    // The service worker installs once what the address named (and any file dropped meanwhile) is loaded.
    this.update.start(() => !firstOpened || this.data.phase === 'loading');
    return stop;
  }

  /** The mapping form's answer: the file read again with it, from an unfiltered view. */
  applyMapping(mapping: ColumnMapping): void {
    this.editingMapping = false;
    this.view.state.mapping = mapping;
    this.view.state.filters = [];
    void this.data.remap(mapping);
  }

  cancelMapping(): void {
    this.editingMapping = false;
    this.data.unrecognised = null;
  }

  /** Includes (or leaves out) the pairs the shape offers (French-Maxx's rejected_2). */
  includePairs(include: boolean): void {
    const dataset = this.dataset;
    if (!dataset) return;
    const pairs = dataset.detection.optionalPairs.map(({ modelA, modelB }) => ({ modelA, modelB }));
    const mapping = { ...$state.snapshot(dataset.mapping), extraPairs: include ? pairs : undefined };
    this.view.state.mapping = mapping;
    void this.data.remap(mapping);
  }

  setFilters(filters: Filter[], quick: QuickToggles): void {
    this.slice.problem = null;
    this.view.state.filters = filters;
    this.view.state.quick = quick;
  }

  removeFilter(index: number): void {
    this.view.state.filters = this.view.state.filters.filter((_, k) => k !== index);
  }

  dismissNotes(): void {
    this.view.notes = [];
    this.slice.problem = null;
  }

  /** A board of `counts` on the view's rating options, and its other scale ready for the switch; settles once painted. */
  private rate(counts: PairCounts, rating: ViewState['rating'] = $state.snapshot(this.view.state.rating)): Promise<void> {
    return this.ratings.run(counts, leaderboardOptions(rating, counts.models), otherScaleOptions(rating, counts.models));
  }

  /** The slice's board; the widgets' and lenses' queries set off by the same change wait for it, the board the user is waiting on. */
  private rateSlice(counts: PairCounts, rating: ViewState['rating']): void {
    // The effect on the slice follows the early filters' call with the same request: a repeat, which
    // holds the same board (ratings.run gives a repeat the painting under way).
    const shown = this.rate(counts, rating);
    untrack(() => this.data.duck)?.hold(shown, BOARD_FIRST_MS);
  }

  private filteredView(): boolean {
    const v = this.view.state;
    return v.filters.length > 0 || JSON.stringify(v.quick) !== JSON.stringify(DEFAULT_VIEW.quick);
  }
}
