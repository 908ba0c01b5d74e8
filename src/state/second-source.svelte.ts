/**
 * The second source of the Two sources lens ("compare with"): which one the address names, reading
 * it into its own DuckDB database (io/second-source.ts) with the first's pipeline, and the votes of
 * both for matching. A newer choice supersedes an older one still loading.
 */
import { getDuck, type Duck } from '../io/duckdb.ts';
import { readableDuckError } from '../io/duck-errors.ts';
import { firstVotes, openSecondSource, secondRows, secondVotes, type SecondSource } from '../io/second-source.ts';
import { LoadError, sourceName, type Source } from '../io/source.ts';
import { SAMPLE_PAIRS, SECOND_SAMPLES, sampleFile, type Sample, type SamplePair } from '../io/samples.ts';
import { fingerprintFile } from '../core/view/fingerprint.ts';
import type { SecondRef } from '../core/view/sources-address.ts';
import { hubLabel, type HubRef } from '../core/hub/hub-ref.ts';
import type { SourceVote } from '../core/sources/match-items.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import type { ViewStore } from './view.svelte.ts';

export type { SecondSource };

export class SecondSourceStore {
  phase = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  error = $state<string | null>(null);
  /** What is being read, for the progress line. */
  label = $state('');
  source = $state.raw<SecondSource | null>(null);
  /** The address's reference of the source loaded (or loading): the lens shows it only while the address names it. */
  ref = $state.raw<SecondRef | null>(null);
  private generation = 0;

  /** `pickSample` opens a built-in sample as the page's dataset (sources.svelte.ts). */
  constructor(
    private readonly view: ViewStore,
    private readonly pickSample: (id: string) => void,
  ) {}

  /** The address names a second source, and it is the one loaded. */
  get current(): SecondSource | null {
    const named = this.view.state.slots.sources.with;
    return this.source && named && JSON.stringify(named) === JSON.stringify(this.ref) ? this.source : null;
  }

  /** A file the user gave: checked against the one a link named, then read; the address names it. */
  async chooseFile(file: File): Promise<void> {
    const ref: SecondRef = { kind: 'local', name: file.name, size: file.size, fingerprint: await fingerprintFile(file) };
    const named = this.view.state.slots.sources.with;
    if (named?.kind === 'local' && (named.size !== ref.size || named.fingerprint !== ref.fingerprint))
      this.view.notes = [
        ...this.view.notes,
        `${file.name} is not the second file this link was made from (size or content differs); comparing with it anyway`,
      ];
    this.view.state.slots.sources.with = ref;
    await this.load({ kind: 'file', file }, ref);
  }

  /** A remote parquet address (also what a link naming one opens). */
  async chooseUrl(url: string): Promise<void> {
    const ref: SecondRef = { kind: 'remote', url };
    this.view.state.slots.sources.with = ref;
    await this.load({ kind: 'url', url, name: url.split(/[?#]/)[0].split('/').pop() || url }, ref);
  }

  /** The built-in pairs a page on another dataset offers to open. */
  readonly pairs: readonly SamplePair[] = SAMPLE_PAIRS;

  /** The built-in second source that pairs with the page's sample, when it is one that has a partner. */
  get partner(): Sample | null {
    const source = this.view.state.source;
    const pair = source.kind === 'sample' ? SAMPLE_PAIRS.find((p) => p.first === source.id) : undefined;
    return (pair && SECOND_SAMPLES.find((s) => s.id === pair.second)) ?? null;
  }

  /** A Hugging Face Hub dataset (its parquet listing, the config and split asked for or the defaults), read as the page reads one. */
  async chooseHub(ref: HubRef): Promise<void> {
    const named: SecondRef = { kind: 'hub', ...ref };
    this.view.state.slots.sources.with = named;
    await this.load({ kind: 'hub', ref, name: hubLabel(ref) }, named);
  }

  /** A built-in pair: its first sample as the dataset, on this lens, compared with its second (read once the first is). */
  openPair(pair: SamplePair): void {
    this.pickSample(pair.first);
    this.view.state.lens = 'sources';
    this.view.state.slots.sources.with = { kind: 'sample', id: pair.second };
  }

  /** A built-in second source (io/samples.ts SECOND_SAMPLES), read as a dropped file is. */
  async chooseSample(id: string): Promise<void> {
    const ref: SecondRef = { kind: 'sample', id };
    this.view.state.slots.sources.with = ref;
    const sample = SECOND_SAMPLES.find((s) => s.id === id);
    await this.load(
      async () => {
        if (!sample)
          throw new LoadError(
            `sample:${id}`,
            `no built-in second source has this name (there is: ${SECOND_SAMPLES.map((s) => s.id).join(', ')})`,
          );
        return { kind: 'file', file: await sampleFile(sample) };
      },
      ref,
      sample?.file ?? id,
    );
  }

  /** Reads `source` (or what it resolves to) into the second database, unless a newer choice came first. */
  private async load(source: Source | (() => Promise<Source>), ref: SecondRef, label?: string): Promise<void> {
    const generation = ++this.generation;
    this.phase = 'loading';
    this.error = null;
    this.ref = ref;
    this.source = null;
    this.label = label ?? (typeof source === 'function' ? '' : sourceName(source));
    try {
      const resolved = typeof source === 'function' ? await source() : source;
      const opened = await openSecondSource(await getDuck(), resolved);
      if (generation !== this.generation) return;
      this.source = opened;
      this.phase = 'ready';
    } catch (error) {
      if (generation !== this.generation) return;
      const message = readableDuckError(error instanceof Error ? error.message : String(error));
      this.error = error instanceof LoadError ? message : `${this.label}: ${message}`;
      this.phase = 'error';
    }
  }

  /** Both sources' votes with their key: the first's in the page's slice. */
  async votes(duck: Duck, keyColumns: readonly string[], where: SqlCondition): Promise<[SourceVote[], SourceVote[]]> {
    const first = await firstVotes(duck, keyColumns, where);
    return [first, await secondVotes(duck, keyColumns)];
  }

  /** Rows of the second source by rowid (an item's votes). */
  async rows(rowIds: readonly number[]): Promise<Record<string, unknown>[]> {
    return secondRows(await getDuck(), rowIds);
  }
}
