import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.parquet': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

export interface LoggedRequest {
  path: string;
  range: string | null;
  bytes: number;
}

/**
 * A static server for the built page that honours Range requests (remote parquet) and logs every
 * request with the bytes it sent, so tests can prove how much of a file was read.
 * `/remote/<name>` serves files from `remoteDir` (`?norange` ignores Range, like a host without it;
 * `?delay=<ms>` answers each request that much later, like a distant host); `/__log` returns the log; `/__log/clear` empties it.
 * `cacheWasm` lets the browser cache the page's own wasm files (their names carry a hash of their
 * content, as on a static host), so that a profile kept on disk keeps their compiled code (browser.ts).
 */
export function startStaticServer(root: string, remoteDir: string, headers: Record<string, string> = {}, port = 0, cacheWasm = false) {
  const log: LoggedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__log') {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(log));
    }
    if (url.pathname === '/__log/clear') {
      log.length = 0;
      return res.end('ok');
    }
    if (req.method === 'OPTIONS') {
      // CORS preflight for cross-origin range requests, as hosts of public parquet files answer it.
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'range',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    const remote = url.pathname.startsWith('/remote/');
    const base = remote ? remoteDir : root;
    const relative = decodeURIComponent(remote ? url.pathname.slice('/remote/'.length) : url.pathname);
    let file = resolve(join(base, normalize(relative)));
    if (!file.startsWith(resolve(base))) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const entry: LoggedRequest = { path: url.pathname, range: req.headers.range ?? null, bytes: 0 };
    log.push(entry);
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    const size = statSync(file).size;
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', 'content-length, content-range, accept-ranges');
    if (cacheWasm && !remote && extname(file) === '.wasm') res.setHeader('cache-control', 'max-age=3600');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    // `?norange` plays a host without range requests.
    const match = url.searchParams.has('norange') ? null : /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0;
    let end = size - 1;
    if (match) {
      if (match[1] === '') start = Math.max(0, size - Number(match[2]));
      else {
        start = Number(match[1]);
        if (match[2] !== '') end = Math.min(size - 1, Number(match[2]));
      }
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${start}-${end}/${size}`);
    }
    entry.bytes = Math.max(0, end - start + 1);
    res.setHeader('content-length', String(entry.bytes));
    if (req.method === 'HEAD') return void res.end();
    const send = () => createReadStream(file, { start, end }).pipe(res);
    const delay = Number(url.searchParams.get('delay') ?? 0);
    if (delay > 0) setTimeout(send, delay);
    else send();
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((done) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}
