/**
 * A Hugging Face Hub dataset as the user names it: `owner/name`, optionally a config and a split,
 * or the address of its page (`https://huggingface.co/datasets/owner/name`, with any `/tree/…`,
 * `/blob/…`, `/resolve/…` or `/viewer/<config>/<split>` tail). Pure: no network.
 */

export interface HubRef {
  /** `owner/name`, as the Hub spells it. */
  dataset: string;
  config: string | null;
  split: string | null;
}

/** The Hub's rule for repository names: letters, digits, `-`, `_`, `.`; no leading or doubled `-`/`.`; at most 96. */
const PART = /^(?![-.])(?!.*(--|\.\.))[A-Za-z0-9._-]{1,96}(?<![-.])$/;
/** Config and split names: what `datasets` allows, and nothing that could leave a URL path segment. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

export function isDatasetId(text: string): boolean {
  const parts = text.split('/');
  return parts.length === 2 && parts.every((p) => PART.test(p));
}

export function isConfigOrSplit(text: string): boolean {
  return NAME.test(text);
}

/**
 * Reads what a user typed or pasted; null when it names no Hub dataset. Hosts accepted:
 * huggingface.co and hf.co (with or without www and scheme); `hf://datasets/owner/name` too.
 */
export function parseHubInput(input: string): HubRef | null {
  const text = input.trim();
  if (isDatasetId(text)) return { dataset: text, config: null, split: null };
  let path: string;
  const hf = /^hf:\/\/datasets\/(.+)$/.exec(text);
  if (hf) path = `/datasets/${hf[1]}`;
  else {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || !/^(www\.)?(huggingface\.co|hf\.co)$/i.test(url.hostname)) return null;
    path = url.pathname;
  }
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  if (segments[0] !== 'datasets' || segments.length < 3) return null;
  const dataset = `${segments[1]}/${segments[2]}`;
  if (!isDatasetId(dataset)) return null;
  // /viewer/<config>/<split> names a view of one split; other tails (tree, blob, resolve) name files.
  const [kind, config, split] = segments.slice(3);
  if (kind === 'viewer' && config && isConfigOrSplit(config)) {
    return { dataset, config, split: split && isConfigOrSplit(split) ? split : null };
  }
  return { dataset, config: null, split: null };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What an address typed as a remote file means: a Hub dataset's page opens the dataset (its parquet
 * listing), anything else — a parquet file's own address included, on the Hub or not — is read as is.
 */
export function addressSource(
  url: string,
): { kind: 'hub'; dataset: string; config: string | null; split: string | null } | { kind: 'remote'; url: string } {
  const ref = /\.parquet([?#]|$)/i.test(url) ? null : parseHubInput(url);
  return ref ? { kind: 'hub', ...ref } : { kind: 'remote', url };
}

/**
 * A Hub dataset written as one path, `owner/name[/config[/split]]` (a split without a config
 * leaves the config's place empty): the Two sources lens's address and `rank --compare-with hf:…`.
 */
export function hubPath(ref: HubRef): string {
  const tail = ref.split !== null ? [ref.config ?? '', ref.split] : ref.config !== null ? [ref.config] : [];
  return [ref.dataset, ...tail].join('/');
}

/** Reads hubPath's form back; null when it names no dataset, or a config or split no Hub name can be. */
export function readHubPath(text: string): HubRef | null {
  const [owner = '', name = '', config = '', split = '', ...rest] = text.split('/');
  const dataset = `${owner}/${name}`;
  const named = (part: string) => part === '' || isConfigOrSplit(part);
  if (!isDatasetId(dataset) || !named(config) || !named(split) || rest.length) return null;
  return { dataset, config: config || null, split: split || null };
}

/** How the page names a Hub dataset to people: `owner/name`, plus ` · config/split` when given. */
export function hubLabel(ref: HubRef): string {
  const tail = [ref.config, ref.split].filter((x) => x !== null).join('/');
  return tail ? `${ref.dataset} · ${tail}` : ref.dataset;
}
