/**
 * Fetches a small text file (a model-details file) from an address the user gave. In a worker
 * because the page's Content-Security-Policy lets the page itself connect only to its own origin
 * and the Hub; a worker loaded from the page's origin runs under its own (absent) policy, as the
 * parquet worker does for a remote votes file.
 */
export interface TextFetchRequest {
  url: string;
  maxBytes: number;
}
export type TextFetchReply = { text: string } | { error: string };

self.onmessage = async (event: MessageEvent<TextFetchRequest>) => {
  const { url, maxBytes } = event.data;
  const reply = (r: TextFetchReply) => self.postMessage(r);
  try {
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) return reply({ error: `could not read ${url} (HTTP ${response.status})` });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxBytes)
      return reply({ error: `${url} is ${bytes.length} bytes; a model-details file may have at most ${maxBytes}` });
    reply({ text: new TextDecoder().decode(bytes) });
  } catch (error) {
    reply({
      error: `could not read ${url}: ${error instanceof Error ? error.message : String(error)} (the server may not allow reading from another site)`,
    });
  }
};
