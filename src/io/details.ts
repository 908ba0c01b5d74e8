/**
 * The text of a model-details file from where the view says it is: a built-in one (bundled by Vite
 * beside the votes samples), an address (read in a worker, see text-fetch.worker.ts) or a file the
 * user gave.
 */
import chatbotArenaModels from '../../static-data/chatbot-arena-20240814-models.csv?url';
import type { TextFetchReply, TextFetchRequest } from '../workers/text-fetch.worker.ts';

/** Model details shipped for a votes sample, by the sample's id. */
export const DETAILS_SAMPLES: Record<string, { file: string; url: string }> = {
  'chatbot-arena-20240814': { file: 'chatbot-arena-20240814-models.csv', url: chatbotArenaModels },
};

export const MAX_DETAILS_BYTES = 5 * 1024 * 1024;

export async function sampleDetailsText(id: string): Promise<{ name: string; text: string }> {
  const sample = DETAILS_SAMPLES[id];
  if (!sample) throw new Error(`no built-in model details called "${id}"`);
  const response = await fetch(sample.url);
  if (!response.ok) throw new Error(`could not read the built-in ${sample.file} (HTTP ${response.status})`);
  return { name: sample.file, text: await response.text() };
}

export function remoteDetailsText(url: string): Promise<{ name: string; text: string }> {
  const name = url.split(/[?#]/)[0].split('/').pop() || url;
  const worker = new Worker(new URL('../workers/text-fetch.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<{ name: string; text: string }>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<TextFetchReply>) => {
      const r = event.data;
      if ('text' in r) resolve({ name, text: r.text });
      else reject(new Error(r.error));
    };
    worker.onerror = () => reject(new Error(`could not read ${url}`));
    worker.postMessage({ url, maxBytes: MAX_DETAILS_BYTES } satisfies TextFetchRequest);
  }).finally(() => worker.terminate());
}

export async function fileDetailsText(file: File): Promise<{ name: string; text: string }> {
  if (file.size > MAX_DETAILS_BYTES)
    throw new Error(`${file.name} is ${file.size} bytes; a model-details file may have at most ${MAX_DETAILS_BYTES}`);
  return { name: file.name, text: await file.text() };
}
