/**
 * The Hugging Face Hub's network edge for browser tests, which reach no internet. The answers have
 * the Hub's shapes (huggingface/dataset-viewer docs/source/parquet.md): the API lists parquet shard
 * addresses per config and split; each shard address redirects (302) to the parquet conversion
 * branch's `resolve` address, which redirects to the Xet file host with a signed query; the file
 * host answers CORS preflights and HTTP range requests.
 *
 * Playwright's request routing cannot answer a request that follows a redirect (by design:
 * microsoft/playwright#23301), and the Hub's file addresses are redirects. So the Hub's two host
 * names are resolved by Chromium to this HTTPS server on loopback (`--host-resolver-rules`, a
 * certificate made for those names), where redirects, CORS and ranges behave as on the wire; the
 * context's routing then only refuses every other outside host, and the request log shows which
 * hosts were contacted. The command line's test serves the same answers on plain HTTP (HF_ENDPOINT).
 */
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const HUB = 'https://huggingface.co';
export const FILE_HOST = 'https://cas-bridge.xethub.hf.co';
const HOSTS = ['huggingface.co', 'cas-bridge.xethub.hf.co'];

export interface FakeDataset {
  config: string;
  split: string;
  /** Local parquet files served as the split's shards, in order. */
  shards: string[];
}

/** A dataset whose listing fails the way the Hub fails: a status, or an answer without CORS headers. */
export type FakeFailure = { status: 401 | 403 | 404 | 429 | 500 } | { noCors: true };

export interface FakeHub extends HubCounters {
  /** Chromium flags that send the Hub's host names to this server. */
  args: string[];
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Accept-Ranges, Content-Range, Content-Length, ETag, X-Linked-Size, X-Repo-Commit',
};

/** A self-signed certificate for the Hub's host names, made once with openssl. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = resolve('test/.cache/fake-hub-tls');
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=huggingface.co',
        '-addext',
        `subjectAltName=${HOSTS.map((h) => `DNS:${h}`).join(',')}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export interface HubCounters {
  /** Bytes of file content the file host sent, and the Range headers it received, per dataset. */
  bytes: Map<string, number>;
  ranges: Map<string, string[]>;
}

/**
 * Answers as the Hub's API (`hub`) and its Xet file host (`fileHost`) do; requests are told apart
 * by path, so both may be one origin (the command line's test serves them on one plain HTTP port).
 */
export function hubHandler(
  datasets: Record<string, FakeDataset | FakeFailure>,
  origins: { hub: string; fileHost: string },
  counters: HubCounters,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, headers: Record<string, string>, body: string | Buffer = '') => {
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, body: unknown) => send(status, { ...CORS, 'content-type': 'application/json' }, JSON.stringify(body));
    if (req.method === 'OPTIONS') {
      return send(204, {
        ...CORS,
        'access-control-allow-headers': 'range',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-max-age': '600',
      });
    }
    const file = /^\/xet-bridge-us\/([^/]+)\/(\d+)$/.exec(url.pathname);
    if (!file) {
      const api = /^\/api\/datasets\/([^/]+\/[^/]+)\/parquet(?:\/([^/]+)\/([^/]+)\/(\d+)\.parquet)?$/.exec(url.pathname);
      const resolved = /^\/datasets\/([^/]+\/[^/]+)\/resolve\/refs%2Fconvert%2Fparquet\/([^/]+)\/([^/]+)\/(\d{4})\.parquet$/.exec(
        url.pathname,
      );
      const id = api?.[1] ?? resolved?.[1];
      const entry = id ? datasets[id] : undefined;
      if (!entry) return json(404, { error: 'Repository not found' });
      if ('noCors' in entry) return send(200, { 'content-type': 'application/json' }, '{}');
      if ('status' in entry)
        return json(entry.status, { error: entry.status === 429 ? 'Too Many Requests' : 'Access to this dataset is restricted' });
      if (api && !api[2]) {
        const urls = entry.shards.map((_, n) => `${origins.hub}/api/datasets/${id}/parquet/${entry.config}/${entry.split}/${n}.parquet`);
        return json(200, { [entry.config]: { [entry.split]: urls } });
      }
      if (api) {
        const name = `${String(Number(api[4])).padStart(4, '0')}.parquet`;
        return send(302, {
          ...CORS,
          location: `${origins.hub}/datasets/${id}/resolve/refs%2Fconvert%2Fparquet/${api[2]}/${api[3]}/${name}`,
        });
      }
      if (resolved) {
        // A signed address on the Xet bridge, as the Hub hands out (query shortened).
        const signed = `${origins.fileHost}/xet-bridge-us/${encodeURIComponent(id!)}/${Number(resolved[4])}?X-Amz-Expires=3600&X-Amz-Signature=test`;
        return send(302, { ...CORS, location: signed });
      }
      return json(404, { error: 'Entry not found' });
    }
    const id = decodeURIComponent(file[1]);
    const entry = datasets[id];
    if (!entry || !('shards' in entry)) return send(403, CORS, 'AccessDenied');
    const content = readFileSync(entry.shards[Number(file[2])]);
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    counters.ranges.set(id, [...(counters.ranges.get(id) ?? []), req.headers.range ?? '(none)']);
    let start = 0;
    let end = content.length - 1;
    if (range) {
      if (range[1] === '') start = Math.max(0, content.length - Number(range[2]));
      else {
        start = Number(range[1]);
        if (range[2] !== '') end = Math.min(content.length - 1, Number(range[2]));
      }
    }
    const body = content.subarray(start, end + 1);
    if (req.method !== 'HEAD') counters.bytes.set(id, (counters.bytes.get(id) ?? 0) + body.length);
    send(
      range ? 206 : 200,
      {
        ...CORS,
        'accept-ranges': 'bytes',
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
        ...(range ? { 'content-range': `bytes ${start}-${end}/${content.length}` } : {}),
      },
      body,
    );
  };
}

/** The fake Hub on HTTPS, for Chromium: the Hub's host names resolve to it (see `args`). */
export async function startFakeHub(datasets: Record<string, FakeDataset | FakeFailure>): Promise<FakeHub> {
  const counters: HubCounters = { bytes: new Map(), ranges: new Map() };
  const server = createHttpsServer(certificate(), hubHandler(datasets, { hub: HUB, fileHost: FILE_HOST }, counters));
  const port = await new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)));
  return {
    args: [`--host-resolver-rules=${HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(', ')}`],
    ...counters,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** The fake Hub on plain HTTP, API and file host on one loopback origin, for Node (HF_ENDPOINT). */
export async function startPlainFakeHub(
  datasets: Record<string, FakeDataset | FakeFailure>,
): Promise<HubCounters & { origin: string; close(): Promise<void> }> {
  const counters: HubCounters = { bytes: new Map(), ranges: new Map() };
  let origin = '';
  const server = createHttpServer((req, res) => hubHandler(datasets, { hub: origin, fileHost: origin }, counters)(req, res));
  const port = await new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)));
  origin = `http://127.0.0.1:${port}`;
  return { ...counters, origin, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}

/** Refuses, through the context's routing, every request to an outside host that is not the Hub's. */
export async function refuseOtherHosts(context: BrowserContext, localOrigin: string): Promise<void> {
  await context.route(
    (url) => url.origin !== localOrigin && !HOSTS.includes(url.hostname) && /^https?:$/.test(url.protocol),
    (route) => route.abort('blockedbyclient'),
  );
}
