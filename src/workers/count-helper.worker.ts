/// <reference lib="webworker" />
/**
 * The counting worker's helper, on the second core: reads its share of a parquet source's row groups
 * (count-reading.ts) into a tally of the columns it is given (split by the filter columns it is
 * given) and sends the tally back whole. One
 * job per helper: the counting worker starts a helper for each big source and ends it after.
 */
import init from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { VoteTally } from '../core/tally/vote-tally.ts';
import { FilterTally } from '../core/tally/filter-tally.ts';
import { openPart, readShare, GroupTallier, tallyData } from './count-reading.ts';
import type { CountHelperRequest, CountHelperResponse } from './count-protocol.ts';

const ready = init({ module_or_path: wasmUrl });

function post(message: CountHelperResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<CountHelperRequest>) => {
  const { parts, columns, weight, split: splitColumns, share } = event.data;
  void (async () => {
    await ready;
    const tally = new VoteTally(columns, weight !== null);
    const split = splitColumns.length ? new FilterTally(splitColumns, weight !== null) : null;
    const tallier = new GroupTallier(tally, columns, weight, split);
    const first = await openPart(parts[0]);
    try {
      await readShare(
        first,
        parts,
        [...columns, ...(weight ? [weight] : []), ...splitColumns],
        share,
        () => true,
        (group) => tallier.add(group),
      );
    } finally {
      first.file.free();
    }
    const data = tallyData(tally, split);
    const parted = data.split ? [...data.split.codes, data.split.base, data.split.rows, data.split.weight, data.split.invalid] : [];
    post(
      { type: 'tally', tally: data },
      [...data.codes, data.rows, data.weight, data.invalid, ...parted].map((a) => a.buffer),
    );
  })().catch((error) => post({ type: 'failed', reason: error instanceof Error ? error.message : String(error) }));
};
