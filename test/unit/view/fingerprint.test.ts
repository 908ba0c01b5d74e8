import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintFile } from '../../../src/core/view/fingerprint.ts';

const KIB = 1024;
const bytes = (n: number, seed = 1) => {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) out[i] = x = (x * 1103515245 + 12345) & 0xff;
  return out;
};

/** The documented recipe, computed with Node's own hash as an independent check. */
const reference = (data: Uint8Array) => {
  const edge = 64 * KIB;
  return createHash('sha256')
    .update(`${data.length}\n`)
    .update(data.subarray(0, edge))
    .update(data.subarray(Math.max(0, data.length - edge)))
    .digest('hex')
    .slice(0, 16);
};

describe('fingerprintFile', () => {
  it.each([0, 10, 64 * KIB, 100 * KIB, 300 * KIB])('hashes the size and both 64 KiB ends of a %i-byte file', async (n) => {
    const data = bytes(n);
    const fp = await fingerprintFile(new Blob([data]));
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(fp).toBe(reference(data));
  });

  it('gives the same answer for the same contents, whatever the name', async () => {
    const data = bytes(200 * KIB);
    const a = await fingerprintFile(new File([data], 'a.parquet'));
    const b = await fingerprintFile(new File([data.slice()], 'renamed.parquet'));
    expect(a).toBe(b);
  });

  it('tells apart a changed end, a truncated file and an appended one', async () => {
    const data = bytes(200 * KIB);
    const base = await fingerprintFile(new Blob([data]));
    const changed = data.slice();
    changed[changed.length - 1] ^= 1;
    expect(await fingerprintFile(new Blob([changed]))).not.toBe(base);
    expect(await fingerprintFile(new Blob([data.subarray(0, data.length - 1)]))).not.toBe(base);
    expect(await fingerprintFile(new Blob([data, new Uint8Array([0])]))).not.toBe(base);
  });

  it('does not see a change in the middle of a large file (by design: only the ends are read)', async () => {
    const data = bytes(300 * KIB);
    const middle = data.slice();
    middle[150 * KIB] ^= 1;
    expect(await fingerprintFile(new Blob([middle]))).toBe(await fingerprintFile(new Blob([data])));
  });
});
