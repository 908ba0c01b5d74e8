/**
 * The Hub's parquet listing, as the page and the CLI both read it. Pure: URL building, response
 * checking, the choice of config and split, and what each HTTP failure means to a user.
 *
 *   GET https://huggingface.co/api/datasets/{owner}/{name}/parquet
 *   → { "<config>": { "<split>": ["https://huggingface.co/api/datasets/{id}/parquet/<config>/<split>/0.parquet", …] } }
 *
 * Each shard address redirects to `…/resolve/refs%2Fconvert%2Fparquet/<config>/<split>/0000.parquet`
 * (the parquet conversion branch; for a dataset already in parquet it links the original files),
 * which redirects again to the file host (cas-bridge.xethub.hf.co or a cdn-lfs host), where the
 * file is read by HTTP range requests. See huggingface/dataset-viewer docs/source/parquet.md.
 */
import type { HubRef } from './hub-ref.ts';

export const HUB_ORIGIN = 'https://huggingface.co';

/**
 * Every origin the page may contact for a Hub dataset: the API (listing) and the hosts its file
 * addresses redirect to. The page's CSP connect-src lists exactly these (vite.config.ts).
 */
export const HUB_CONNECT_ORIGINS = [
  HUB_ORIGIN,
  'https://cas-bridge.xethub.hf.co',
  'https://cdn-lfs.hf.co',
  'https://cdn-lfs-us-1.hf.co',
  'https://cdn-lfs-eu-1.hf.co',
  'https://cdn-lfs.huggingface.co',
  'https://cdn-lfs-us-1.huggingface.co',
] as const;

/** config → split → shard addresses, in shard order. */
export type ParquetListing = Record<string, Record<string, string[]>>;

export interface ShardPlan {
  config: string;
  split: string;
  shards: string[];
  /** Choices the page made for the user (a default config or split), said on screen. */
  notes: string[];
}

/** How a Hub dataset was read: which config and split, how many shards, how many bytes. */
export interface HubReading {
  dataset: string;
  config: string;
  split: string;
  shards: number;
  bytes: number;
  /** Choices made for the user (default config or split, a partial conversion). */
  notes: string[];
}

export class HubError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

const path = (dataset: string) => dataset.split('/').map(encodeURIComponent).join('/');

export function parquetListingUrl(dataset: string, origin: string = HUB_ORIGIN): string {
  return `${origin}/api/datasets/${path(dataset)}/parquet`;
}

/** The dataset's page, for messages that send the user there. */
export function datasetPageUrl(dataset: string): string {
  return `${HUB_ORIGIN}/datasets/${path(dataset)}`;
}

/** Checks the listing's shape; anything else is an error that quotes what came instead. */
export function parseParquetListing(body: unknown, dataset: string): ParquetListing {
  const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  const fail = () =>
    new HubError(`the Hub's parquet listing of ${dataset} is not in the expected form ({config: {split: [addresses]}})`, 200);
  if (!isRecord(body)) throw fail();
  const out: ParquetListing = {};
  for (const [config, splits] of Object.entries(body)) {
    if (!isRecord(splits)) throw fail();
    out[config] = {};
    for (const [split, urls] of Object.entries(splits)) {
      if (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string' && /^https?:\/\//.test(u))) throw fail();
      out[config][split] = urls as string[];
    }
  }
  return out;
}

/**
 * Picks the config and split: the ones asked for, else `default` and `train` (or the first listed).
 * A split converted only in part (over 5 GB) is listed as `partial-<split>`; it is taken, and said.
 */
export function planShards(listing: ParquetListing, ref: HubRef): ShardPlan {
  const notes: string[] = [];
  const configs = Object.keys(listing);
  if (configs.length === 0) {
    throw new HubError(
      `${ref.dataset} has no parquet files yet: the Hub has not converted it (or cannot); try again later or download its files`,
      404,
    );
  }
  let config = ref.config;
  if (config === null) {
    config = configs.includes('default') ? 'default' : configs[0];
    if (configs.length > 1) notes.push(`${ref.dataset} has ${configs.length} configs (${configs.join(', ')}); showing "${config}"`);
  } else if (!(config in listing)) {
    throw new HubError(`${ref.dataset} has no config "${config}"; it has ${configs.map((c) => `"${c}"`).join(', ')}`, 404);
  }
  const splits = Object.keys(listing[config]);
  let split = ref.split;
  if (split === null) {
    split = ['train', 'partial-train'].find((s) => splits.includes(s)) ?? splits[0];
    if (split === undefined) throw new HubError(`${ref.dataset} config "${config}" lists no splits`, 404);
    if (splits.length > 1) notes.push(`config "${config}" has splits ${splits.join(', ')}; showing "${split}"`);
  } else if (!(split in listing[config])) {
    if (`partial-${split}` in listing[config]) split = `partial-${split}`;
    else
      throw new HubError(
        `${ref.dataset} config "${config}" has no split "${split}"; it has ${splits.map((s) => `"${s}"`).join(', ')}`,
        404,
      );
  }
  if (split.startsWith('partial-'))
    notes.push(`the Hub converted only the first 5 GB of split "${split.slice(8)}" to parquet: these are those votes, not all of them`);
  const shards = listing[config][split];
  if (shards.length === 0) throw new HubError(`${ref.dataset} split "${split}" has no parquet files`, 404);
  return { config, split, shards, notes };
}

/** What a failed answer from the Hub means, in words a user can act on. */
export function hubFailure(status: number, dataset: string, what = 'its parquet listing'): HubError {
  const page = datasetPageUrl(dataset);
  const message =
    status === 401 || status === 403
      ? `${dataset} is gated or private (HTTP ${status}): the Hub shares it only with signed-in users who accepted its terms, and Arena Lens sends no credentials. Accept the terms at ${page}, download the files, and open them here`
      : status === 404
        ? `no public dataset called ${dataset} on the Hub (HTTP 404): check the name at ${page}`
        : status === 429
          ? `the Hub is limiting requests from this address (HTTP 429, too many requests): wait a minute, then open ${dataset} again`
          : status >= 500
            ? `the Hub could not answer for ${dataset} (HTTP ${status}); try again in a moment`
            : `the Hub answered HTTP ${status} for ${what} of ${dataset}`;
  return new HubError(message, status);
}

/** A request that got no answer at all: offline, blocked, or refused by CORS (browsers do not say which). */
export function hubUnreachable(dataset: string, host: string): HubError {
  return new HubError(
    `could not reach ${host} for ${dataset}: the network is off, something blocks the request, or the host does not allow this page to read it (CORS)`,
    0,
  );
}

/**
 * Lists the shards of a Hub dataset's split. `fetchJson` is the network edge (the page's fetch,
 * Node's fetch in the CLI); it resolves to { status, body } and throws only when nothing answered.
 */
export async function listShards(
  ref: HubRef,
  fetchJson: (url: string) => Promise<{ status: number; body: unknown }>,
  origin: string = HUB_ORIGIN,
): Promise<ShardPlan> {
  const url = parquetListingUrl(ref.dataset, origin);
  let answer: { status: number; body: unknown };
  try {
    answer = await fetchJson(url);
  } catch {
    throw hubUnreachable(ref.dataset, new URL(url).host);
  }
  if (answer.status !== 200) throw hubFailure(answer.status, ref.dataset);
  return planShards(parseParquetListing(answer.body, ref.dataset), ref);
}
