/**
 * The page's handle on the counting worker: a new count on a worker still reading for the one
 * before gets a fresh worker (the old one would finish its row group first), an idle worker is
 * kept. The browser's Worker is the edge here: a stand-in records what each worker was sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoteCounter } from '../../../src/io/count-client.ts';
import type { CountRequest, CountResponse } from '../../../src/workers/count-protocol.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

class StandInWorker {
  static made: StandInWorker[] = [];
  sent: CountRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<CountResponse>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    StandInWorker.made.push(this);
  }
  postMessage(message: CountRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The worker answers the page. */
  answer(message: CountResponse): void {
    this.onmessage?.({ data: message } as MessageEvent<CountResponse>);
  }
}

const counts = { models: ['a', 'b'] } as unknown as PairCounts;
const file = () => new Blob([new Uint8Array([1])]);
const lastCount = (worker: StandInWorker) => worker.sent.filter((m) => m.type === 'count').at(-1)!;

describe('VoteCounter', () => {
  beforeEach(() => {
    StandInWorker.made = [];
    vi.stubGlobal('Worker', StandInWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps an idle worker for the next count', async () => {
    const counter = new VoteCounter();
    const first = counter.count([file()], undefined, { counts: () => undefined });
    const [worker] = StandInWorker.made;
    worker.answer({ type: 'counts', id: lastCount(worker).id, counts, rowsRead: 1, totalRows: 1, final: true });
    await first;
    void counter.count([file()], undefined, { counts: () => undefined });
    expect(StandInWorker.made).toHaveLength(1);
    expect(worker.terminated).toBe(false);
    expect(worker.sent.map((m) => m.type)).toEqual(['count', 'count']);
  });

  it('passes the rows read between boards to read, and nothing of an older count', async () => {
    const counter = new VoteCounter();
    const seen: string[] = [];
    const on = (name: string) => ({
      counts: (u: { rowsRead: number }) => seen.push(`${name} counts ${u.rowsRead}`),
      read: (rows: number, total: number) => seen.push(`${name} read ${rows}/${total}`),
    });
    const first = counter.count([file()], undefined, on('first'));
    const [worker] = StandInWorker.made;
    const firstId = lastCount(worker).id;
    worker.answer({ type: 'progress', id: firstId, rowsRead: 3, totalRows: 10 });
    worker.answer({ type: 'counts', id: firstId, counts, rowsRead: 10, totalRows: 10, final: true });
    await first;
    void counter.count([file()], undefined, on('second'));
    worker.answer({ type: 'progress', id: firstId, rowsRead: 5, totalRows: 10 });
    worker.answer({ type: 'progress', id: lastCount(worker).id, rowsRead: 2, totalRows: 8 });
    expect(seen).toEqual(['first read 3/10', 'first counts 10', 'second read 2/8']);
  });

  it('gives a new count a fresh worker while the old one still reads', () => {
    const counter = new VoteCounter();
    const seen: string[] = [];
    void counter.count([file()], undefined, { counts: (u) => seen.push(`old ${u.rowsRead}`) });
    const [old] = StandInWorker.made;
    const oldId = lastCount(old).id;
    void counter.count([file()], undefined, { counts: (u) => seen.push(`new ${u.rowsRead}`) });
    expect(StandInWorker.made).toHaveLength(2);
    expect(old.terminated).toBe(true);
    const fresh = StandInWorker.made[1];
    expect(fresh.sent.map((m) => m.type)).toEqual(['count']);
    // A message the old worker had already posted is not the new count's.
    old.answer({ type: 'counts', id: oldId, counts, rowsRead: 5, totalRows: 9, final: false });
    fresh.answer({ type: 'counts', id: lastCount(fresh).id, counts, rowsRead: 7, totalRows: 7, final: true });
    expect(seen).toEqual(['new 7']);
  });

  it('gives a fresh worker when the old one splits its rows by the filter columns, not while it waits to be asked', async () => {
    const counter = new VoteCounter();
    const filters: string[] = [];
    const first = counter.count([file()], undefined, { counts: () => undefined, filters: () => filters.push('sample') });
    const [worker] = StandInWorker.made;
    worker.answer({ type: 'counts', id: lastCount(worker).id, counts, rowsRead: 1, totalRows: 1, final: true, splitting: true });
    await first;
    // Waiting for the page's word: idle, so a new count keeps it (the wait is cancelled).
    void counter.count([file()], undefined, { counts: () => undefined });
    expect(StandInWorker.made).toHaveLength(1);
    worker.answer({ type: 'counts', id: lastCount(worker).id, counts, rowsRead: 1, totalRows: 1, final: true, splitting: true });
    // Asked: now it reads the filter columns, and a drop meanwhile starts a fresh worker.
    const asked = counter.prepareFilters();
    expect(worker.sent.at(-1)).toMatchObject({ type: 'split' });
    void counter.count([file()], undefined, { counts: () => undefined });
    await asked; // settles: superseded
    expect(StandInWorker.made).toHaveLength(2);
    expect(worker.terminated).toBe(true);
    expect(filters).toEqual([]);
  });
});
