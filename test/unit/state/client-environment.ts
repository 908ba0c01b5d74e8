/**
 * Node, but with modules transformed as the browser gets them: Svelte compiles `.svelte.ts` state
 * for the client, so effects run (in the default node environment they are compiled for the server,
 * where $effect does nothing). Named at the top of each state test that needs runes.
 */
import type { Environment } from 'vitest/environments';

export default {
  name: 'client-node',
  viteEnvironment: 'client',
  setup: () => ({ teardown: () => {} }),
} satisfies Environment;
