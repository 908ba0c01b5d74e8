/**
 * Which source the page shows: the user choosing one (a sample, an address, a Hub dataset, a file
 * dropped or picked), a link's source opened when the page starts or Back/Forward changes the
 * address, and a file a link named checked against the one the user gives. The dataset store
 * loads what is chosen; the page (page.svelte.ts) owns the rest of the flow.
 */
import type { DatasetStore } from './dataset.svelte.ts';
import type { DetailsStore } from './details.svelte.ts';
import type { UpdateStore } from './update.svelte.ts';
import type { ViewStore } from './view.svelte.ts';
import { DEFAULT_SAMPLE, SAMPLES, sampleFile } from '../io/samples.ts';
import { loadCountsJson } from '../io/counts-json.ts';
import { fingerprintFile } from '../core/view/fingerprint.ts';
import { DEFAULT_VIEW, type DataSource } from '../core/view/view-state.ts';
import { addressSource, type HubRef } from '../core/hub/hub-ref.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';

export interface SourceStoreParts {
  view: ViewStore;
  data: DatasetStore;
  details: DetailsStore;
  update: UpdateStore;
  /** Whether the page has work under way (the update's hold follows it again once a file is read). */
  busy: () => boolean;
  /** A sample's shipped counts: whether the page wants their board while DuckDB starts, and showing it. */
  shippedBoard: { wanted: () => boolean; show: (counts: PairCounts) => void };
  /** A source is about to be opened (the mapping form, if open, closes). */
  opening: () => void;
}

export class SourceStore {
  /** A link named a local file that has not been given yet: the page asks for it and checks it. */
  linkWantsFile = $state(false);
  /** The fingerprint of the sample's file, once read (a local file's is in the view's source). */
  sampleFingerprint = $state<string | null>(null);
  /** A dataset the user chose (not one a link reopens) lands on its shape's lens once read. */
  landOnLoad = false;

  constructor(private readonly parts: SourceStoreParts) {}

  /** Opens what the address names and follows Back/Forward; `firstOpened` once that first source is open. Returns the cleanup. */
  start(firstOpened: () => void): () => void {
    const { view, details } = this.parts;
    this.linkWantsFile = view.state.source.kind === 'local';
    void this.openSource(view.snapshot().source, view.snapshot().mapping).finally(firstOpened);
    void details.open(view.snapshot().details.source);
    const onPop = () => this.readAddressAndOpen();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }

  pickSample(id: string): void {
    this.choose({ kind: 'sample', id });
    void this.openSource({ kind: 'sample', id }, null);
  }

  /** A typed address: a remote parquet file, or a Hub dataset's page. */
  pickAddress(url: string): void {
    const source = addressSource(url);
    this.choose(source);
    void this.openSource(source, null);
  }

  pickHub(ref: HubRef): void {
    const source = { kind: 'hub' as const, ...ref };
    this.choose(source);
    void this.openSource(source, null);
  }

  /** A file given by the user (drop, picker, or the prompt of a link that named it). */
  async chooseFile(file: File): Promise<void> {
    const { update, busy } = this.parts;
    // The cores go to the user's file from this moment (before its fingerprint is read).
    update.hold(true);
    try {
      await this.openChosen(file);
    } finally {
      // Whatever became of the file (read, failed, superseded): the hold follows the page's work again.
      update.hold(busy());
    }
  }

  private async openChosen(file: File): Promise<void> {
    const { view, data } = this.parts;
    const v = view.state;
    const wanted = this.linkWantsFile && v.source.kind === 'local' ? v.source.file : null;
    this.linkWantsFile = false;
    if (!wanted) return this.openGiven(file);
    const ref = { name: file.name, size: file.size, fingerprint: await fingerprintFile(file) };
    if (wanted.size !== ref.size || wanted.fingerprint !== ref.fingerprint) {
      view.notes = [...view.notes, `${file.name} is not the file this link was made from (size or content differs); showing it anyway`];
    }
    view.state.source = { kind: 'local', file: ref };
    await data.open({ kind: 'file', file }, $state.snapshot(view.state.mapping) ?? undefined);
  }

  /**
   * A file no link asked for: its count starts at once, and its fingerprint (for links, read from its
   * first and last bytes) is filled in meanwhile. Awaited first, that read let the page's other work
   * run ahead of the count (on a first visit, ~0.1 s of the sample's drawing) while the work for the
   * dataset before (DuckDB's start, the counting worker) went on.
   */
  private async openGiven(file: File): Promise<void> {
    const { view, data } = this.parts;
    const ref = { name: file.name, size: file.size, fingerprint: '' };
    this.choose({ kind: 'local', file: ref });
    const opened = data.open({ kind: 'file', file });
    const fingerprint = await fingerprintFile(file);
    const source = view.state.source;
    // Still this file's view (no other source chosen meanwhile).
    if (source.kind === 'local' && source.file.fingerprint === '' && source.file.name === ref.name && source.file.size === ref.size) {
      source.file.fingerprint = fingerprint;
    }
    await opened;
  }

  /** Opens what the view's source names; keeps filters only when they came with the link. */
  private async openSource(source: DataSource, mapping: ColumnMapping | null): Promise<void> {
    const { data, shippedBoard } = this.parts;
    this.parts.opening();
    if (source.kind === 'sample') {
      const sample = SAMPLES.find((s) => s.id === source.id) ?? DEFAULT_SAMPLE;
      // The default view fits the sample's shipped counts while DuckDB starts.
      if (sample.countsUrl && shippedBoard.wanted()) {
        loadCountsJson(sample.countsUrl)
          .then((counts) => {
            if (!data.dataset) shippedBoard.show(counts);
          })
          .catch(() => undefined);
      }
      try {
        const file = await sampleFile(sample);
        this.sampleFingerprint = null;
        void fingerprintFile(file)
          .then((f) => (this.sampleFingerprint = f))
          .catch(() => undefined);
        await data.open({ kind: 'file', file }, mapping ?? undefined);
      } catch (error) {
        data.error = error instanceof Error ? error.message : String(error);
      }
    } else if (source.kind === 'hub') {
      await data.openHub({ dataset: source.dataset, config: source.config, split: source.split }, mapping ?? undefined);
    } else if (source.kind === 'remote') {
      this.sampleFingerprint = null;
      await data.open(
        { kind: 'url', url: source.url, name: source.url.split(/[?#]/)[0].split('/').pop() || source.url },
        mapping ?? undefined,
      );
    }
    // A local file: the page asks for it (linkWantsFile).
  }

  /** A new dataset chosen by the user: its own view, keeping the lens (unless its shape leads elsewhere) and the rating options. */
  private choose(source: DataSource): void {
    const { view, details } = this.parts;
    this.landOnLoad = true;
    // Model details stay with a new file (they describe models, not votes), except a sample's own.
    const kept = $state.snapshot(view.state.details);
    const keep = kept.source?.kind !== 'sample' || (source.kind === 'sample' && source.id === kept.source.id);
    view.state = {
      ...structuredClone(DEFAULT_VIEW),
      source,
      lens: view.state.lens,
      rating: $state.snapshot(view.state.rating),
      details: keep ? kept : structuredClone(DEFAULT_VIEW.details),
    };
    if (!keep) void details.open(null);
  }

  private readAddressAndOpen(): void {
    const { view, data, details } = this.parts;
    const before = JSON.stringify(view.state.source);
    const detailsBefore = JSON.stringify(view.state.details.source);
    view.readAddress();
    if (JSON.stringify(view.state.details.source) !== detailsBefore) void details.open(view.snapshot().details.source);
    const changed = JSON.stringify(view.state.source) !== before;
    this.linkWantsFile = view.state.source.kind === 'local' && changed;
    if (changed || !data.dataset) void this.openSource(view.snapshot().source, view.snapshot().mapping);
  }
}
