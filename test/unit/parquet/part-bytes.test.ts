import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { partBytes } from '../../../src/workers/part-bytes.ts';
import { partFooter } from '../../../src/core/parquet/part-footer.ts';

describe("a parquet part's footer and byte ranges, from a file or an address", () => {
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-part-'));
  const path = join(dir, 'many-groups.parquet');
  let file: Buffer;
  let server: Server;
  let base = '';
  const requests: string[] = [];
  beforeAll(async () => {
    const db = await createNodeConnector();
    // 200 row groups of 20 columns: a footer of a few hundred kB, more than the first tail read holds.
    const more = Array.from({ length: 17 }, (_, k) => `i % ${k + 2} AS c${k}`).join(', ');
    await db.query(`COPY (SELECT 'model-' || (i % 7) AS model_a, 'model-' || (i % 5) AS model_b, i AS n, ${more} FROM range(409600) t(i))
                    TO '${path}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
    file = readFileSync(path);
    // Answers ranges as static hosts do; `?whole` answers every request with the whole file.
    server = createServer((request, response) => {
      const range = request.headers.range;
      requests.push(`${request.url} ${range}`);
      const match = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
      if (!match || request.url?.endsWith('?whole')) return void response.writeHead(200).end(file);
      const start = match[1] === '' ? Math.max(0, file.length - Number(match[2])) : Number(match[1]);
      const end = match[1] === '' || match[2] === '' ? file.length : Number(match[2]) + 1;
      response.writeHead(206, { 'Content-Range': `bytes ${start}-${end - 1}/${file.length}` }).end(file.subarray(start, end));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a footer longer than the first tail read, from a file and from an address, alike', async () => {
    const local = await partFooter(partBytes(new Blob([new Uint8Array(file)])));
    requests.length = 0;
    const remote = await partFooter(partBytes(`${base}/votes.parquet`));
    expect(local?.rows).toBe(409600);
    expect(local?.rowGroups.length).toBe(200);
    expect(remote).toEqual(local);
    // One suffix read of 64 kB, then one of the whole footer.
    expect(requests).toEqual([`/votes.parquet bytes=-65536`, expect.stringMatching(/^\/votes\.parquet bytes=-\d{6,}$/)]);
    const chunk = local!.rowGroups[3].chunks.get('model_b')!;
    expect(await partBytes(`${base}/votes.parquet`).range(chunk.start, chunk.start + chunk.length)).toEqual(
      new Uint8Array(file.subarray(chunk.start, chunk.start + chunk.length)),
    );
  });

  it('leaves an address that answers a range with the whole file to the general reader (null)', async () => {
    expect(await partFooter(partBytes(`${base}/votes.parquet?whole`))).toBeNull();
    await expect(partBytes(`${base}/votes.parquet?whole`).range(0, 10)).rejects.toThrow(/answered 200, not 206/);
  });
});
