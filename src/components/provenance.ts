/**
 * The current view's provenance (core/export/provenance.ts), handed from App to every component
 * that captions or downloads something, through Svelte's context so no lens has to pass it on.
 */
import { getContext, setContext } from 'svelte';
import type { Provenance } from '../core/export/provenance.ts';

const KEY = Symbol('provenance');

export function provideProvenance(current: () => Provenance | null): void {
  setContext(KEY, current);
}

/** A getter for the provenance in force (null outside the app, e.g. in a lone component). */
export function useProvenance(): () => Provenance | null {
  return getContext<(() => Provenance | null) | undefined>(KEY) ?? (() => null);
}
