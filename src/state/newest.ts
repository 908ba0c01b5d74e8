/**
 * The one loading rule of the lenses: a load is started whenever what it needs changes, and only
 * the newest load may show anything — an older answer that arrives last is dropped, as is its
 * error. A superseded load is told through its AbortSignal, so a long one (time windows, bootstrap
 * rounds) can stop early; one that streams shows its partial answers through `partial`, under the
 * same rule. live() (lens-context.svelte.ts) runs this from an effect; nothing else in a lens keeps
 * track of which answer is current.
 */

export interface Run<T> {
  /** Aborted once a newer load starts or the lens is closed. */
  readonly signal: AbortSignal;
  /** Shows a partial answer (the windows fitted so far) if this load is still the newest. */
  partial(value: T): void;
}

/** A load: the answer's promise, or null when there is nothing to load (a lens without its columns). */
export type Load<T> = (run: Run<T>) => Promise<T> | null;

export type Shown<T> =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'partial'; value: T } | { kind: 'value'; value: T } | { kind: 'error'; error: unknown };

export class Newest<T> {
  private latest = 0;
  private controller: AbortController | null = null;

  constructor(private readonly show: (shown: Shown<T>) => void) {}

  /** Starts `load`, superseding the load before it. */
  start(load: Load<T>): void {
    this.stop();
    const id = this.latest;
    const controller = new AbortController();
    this.controller = controller;
    const newest = () => id === this.latest;
    const running = load({ signal: controller.signal, partial: (value) => newest() && this.show({ kind: 'partial', value }) });
    if (!running) {
      this.show({ kind: 'idle' });
      return;
    }
    this.show({ kind: 'loading' });
    running.then(
      (value) => newest() && this.show({ kind: 'value', value }),
      (error: unknown) => newest() && this.show({ kind: 'error', error }),
    );
  }

  /** Drops whatever is running: its answer will not be shown. */
  stop(): void {
    this.latest++;
    this.controller?.abort();
    this.controller = null;
  }
}
