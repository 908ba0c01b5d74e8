/**
 * The Two sources lens's slot in the address: the second source ("compare with") and the match key.
 * `with=file:<name>~<size>~<fingerprint>` names a dropped local file (a link asks for it again and
 * checks it is the same), `with=src:<address>` a remote parquet file, `with=hf:<owner>/<name>[/<config>[/<split>]]`
 * a Hugging Face Hub dataset, `with=sample:<id>` a built-in file (io/samples.ts SECOND_SAMPLES); `with_key=id` or
 * `with_key=pair+prompt` or `with_key=pair+question_id+turn` the key (absent: the one the page proposes).
 */
import type { AddressSlot } from './lens-address.ts';
import { bad, Bad, describe, encodeValue } from './url-params.ts';
import { isMatchKeyText } from '../sources/match-key.ts';
import { hubPath, readHubPath, type HubRef } from '../hub/hub-ref.ts';

export type SecondRef =
  | { kind: 'local'; name: string; size: number; fingerprint: string }
  | { kind: 'remote'; url: string }
  | ({ kind: 'hub' } & HubRef)
  | { kind: 'sample'; id: string };

export interface SourcesAddress {
  with: SecondRef | null;
  key: string | null;
}

export function writeSecondRef(ref: SecondRef): string {
  if (ref.kind === 'sample') return `sample:${ref.id}`;
  if (ref.kind === 'hub') return `hf:${hubPath(ref)}`;
  return ref.kind === 'local' ? `file:${ref.name}~${ref.size}~${ref.fingerprint}` : `src:${ref.url}`;
}

export function readSecondRef(text: string): SecondRef | Bad {
  if (text.startsWith('hf:')) {
    const ref = readHubPath(text.slice(3));
    return ref ? { kind: 'hub', ...ref } : bad(`expected hf:<owner>/<name>[/<config>[/<split>]], got ${describe(text)}`);
  }
  if (text.startsWith('sample:')) {
    const id = text.slice(7);
    // Which ids exist, the page says when it opens one (an unknown one is an error there, not a lost link).
    return /^[a-z0-9][a-z0-9-]{0,63}$/.test(id) ? { kind: 'sample', id } : bad(`expected sample:<built-in id>, got ${describe(text)}`);
  }
  if (text.startsWith('src:')) {
    const url = text.slice(4);
    let ok: boolean;
    try {
      ok = /^https?:\/\/\S+$/i.test(url) && /^https?:$/.test(new URL(url).protocol);
    } catch {
      ok = false;
    }
    return ok ? { kind: 'remote', url } : bad(`expected src:<http(s) address>, got ${describe(text)}`);
  }
  // The name may itself contain '~'; size and fingerprint cannot, so split from the right.
  const m = /^file:([\s\S]+)~(\d{1,16})~([0-9a-f]{8,64})$/.exec(text);
  const size = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(size) || m[1].length > 1000)
    return bad(`expected file:<name>~<size>~<fingerprint>, src:<address>, hf:<dataset> or sample:<id>, got ${describe(text)}`);
  return { kind: 'local', name: m[1], size, fingerprint: m[3] };
}

export const SOURCES_SLOT: AddressSlot<SourcesAddress> = {
  initial: { with: null, key: null },
  keys: [
    {
      key: 'with',
      write: (s) => (s.with ? encodeValue(writeSecondRef(s.with)) : null),
      read(state, text) {
        const ref = readSecondRef(text);
        if (ref instanceof Bad) return ref;
        state.with = ref;
      },
    },
    {
      key: 'with_key',
      write: (s) => (s.key ? encodeValue(s.key) : null),
      read(state, text) {
        if (text.length > 300 || !isMatchKeyText(text))
          return bad(`expected COLUMN, pair+COLUMN or pair+COLUMN+COLUMN, got ${describe(text)}`);
        state.key = text;
      },
    },
  ],
};
