/// <reference lib="webworker" />
/**
 * The counting worker's helper, on the second core: reads its share of a parquet source's row groups
 * (count-reading.ts) into a tally of the columns it is given and sends the tally back whole; then,
 * when asked, splits the same rows by the filter columns it is given (count-split.ts) and sends
 * that back. One job per helper: the counting worker starts a helper for each big source and ends
 * it after.
 */
import init from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { VoteTally } from '../core/tally/vote-tally.ts';
import { FilterTally } from '../core/tally/filter-tally.ts';
import { openPart, readShare, GroupTallier, type OpenedPart } from './count-reading.ts';
import { tallyData } from '../core/tally/tally-parts.ts';
import { KeptRows, splitShare } from './count-split.ts';
import type { CountHelperRequest, CountHelperResponse, Share } from './count-protocol.ts';

const ready = init({ module_or_path: wasmUrl });

function post(message: CountHelperResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

/** What the first pass leaves for the second: the source, its first part open, the share, each row's tuple. */
let counted: { parts: (Blob | string)[]; first: OpenedPart; share: Share; kept: KeptRows; weighted: boolean } | null = null;

self.onmessage = (event: MessageEvent<CountHelperRequest>) => {
  const request = event.data;
  void (request.type === 'count' ? count(request) : split(request.split)).catch((error) =>
    post({ type: 'failed', reason: error instanceof Error ? error.message : String(error) }),
  );
};

async function count({ parts, columns, weight, share }: Extract<CountHelperRequest, { type: 'count' }>): Promise<void> {
  await ready;
  const tally = new VoteTally(columns, weight !== null);
  const tallier = new GroupTallier(tally, columns, weight);
  const kept = new KeptRows();
  const first = await openPart(parts[0]);
  await readShare(
    first,
    parts,
    [...columns, ...(weight ? [weight] : [])],
    share,
    () => true,
    (group) => kept.keep(tallier.add(group), tally.tuples),
  );
  // The part stays open for the second pass; the counting worker ends this helper after it.
  counted = { parts, first, share, kept, weighted: weight !== null };
  tallier.settle();
  const data = tallyData(tally);
  post(
    { type: 'tally', tally: data },
    [...data.codes, data.rows, data.weight, data.invalid].map((a) => a.buffer),
  );
}

async function split(columns: string[]): Promise<void> {
  if (!counted) return post({ type: 'failed', reason: 'nothing counted to split' });
  const { parts, first, share, kept, weighted } = counted;
  counted = null;
  const tally = new FilterTally(columns, weighted);
  try {
    await splitShare(first, parts, share, () => true, kept, tally);
  } finally {
    first.file.free();
  }
  if (tally.overflow) return post({ type: 'failed', reason: tally.overflow });
  const data = tally.data();
  post(
    { type: 'split', split: data },
    [...data.codes, data.base, data.rows, data.weight, data.invalid].map((a) => a.buffer),
  );
}
