/**
 * Lens components are found by file name: `SafetyLens.svelte` is the lens `safety`. Each takes
 * `{ context: LensContext }` and is loaded only when its tab is first opened.
 */
import type { Component } from 'svelte';
import type { LensContext } from './lens-context.ts';

type LensModule = { default: Component<{ context: LensContext }> };

const modules = import.meta.glob<LensModule>('./*Lens.svelte');

export const LENS_LOADERS: Record<string, () => Promise<LensModule>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.replace(/^\.\/(\w+)Lens\.svelte$/, '$1').toLowerCase(), load]),
);
