/**
 * A cheap identity for a dropped local file, so a shared link (`file=<name>~<size>~<fingerprint>`)
 * can check the user gives the same file again. Hashing the whole file would mean reading
 * gigabytes; the size plus both ends catches a different file, a truncated download and an
 * appended one, which is what goes wrong in practice. Not a security check: anyone can forge it.
 */

const EDGE = 64 * 1024;

/**
 * SHA-256 over: the size as decimal ASCII followed by '\n', the first 64 KiB, the last 64 KiB
 * (the two overlap for files under 128 KiB, which is fine: the input is still fixed by the file).
 * Returns the first 16 hex characters (64 bits).
 */
export async function fingerprintFile(file: Blob): Promise<string> {
  const size = file.size;
  const parts = [
    new TextEncoder().encode(`${size}\n`),
    new Uint8Array(await file.slice(0, Math.min(EDGE, size)).arrayBuffer()),
    new Uint8Array(await file.slice(Math.max(0, size - EDGE), size).arrayBuffer()),
  ];
  const input = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    input.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
