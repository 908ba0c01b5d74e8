import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { HUB_CONNECT_ORIGINS } from './src/core/hub/hub-api.ts';
import { LongestFirst } from './test/e2e/sequencer.ts';

/**
 * The built page's Content-Security-Policy: scripts only from its own origin (+ WebAssembly),
 * workers from self/blob, no inline script, and the page itself connects only to its origin and to
 * the Hugging Face Hub (the API that lists a dataset's parquet files, and the hosts its file
 * addresses redirect to: HUB_CONNECT_ORIGINS). A meta CSP governs the document only: a worker
 * loaded from this origin runs under the policy of its own response headers (none on a static
 * host), so the parquet worker can read the remote parquet address a user types (`src=`) and the
 * Hub's files. Build only: the dev server needs inline scripts for hot reload.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  `connect-src 'self' ${HUB_CONNECT_ORIGINS.join(' ')}`,
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');

/** Swaps Arrow's eval-built null check for an equivalent closure (src/io/arrow-is-valid.ts). */
function arrowWithoutEval(): Plugin {
  return {
    name: 'arena-lens-arrow-without-eval',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './builder/valid.mjs' && importer?.includes('apache-arrow')) {
        return fileURLToPath(new URL('./src/io/arrow-is-valid.ts', import.meta.url));
      }
      return null;
    },
  };
}

function contentSecurityPolicy(): Plugin {
  return {
    name: 'arena-lens-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`,
      ),
  };
}

/**
 * The service worker (Workbox through vite-plugin-pwa): it precaches the whole built page — the
 * DuckDB eh bundle (34 MB), parquet-wasm, the workers and the built-in samples — so a second visit
 * starts from the cache and everything but remote data works offline. It caches nothing at run
 * time and fetches only the page's own files: a Hub dataset or a `src=` address goes to the network
 * untouched. `prompt`: a new deployment waits until the user reloads (UpdatePrompt.svelte), so a
 * page never runs half old, half new. The registration is bundled code (virtual:pwa-register), not
 * an inline script, so the CSP needs no exception. DuckDB's mvp bundle is left out: every browser
 * that runs this page picks the eh one. public/sw-yield.js, imported first, holds the install's
 * downloads while the page is busy with the user's file (UpdateStore says when).
 */
function serviceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/*.png', 'icons/*.svg'],
    manifest: {
      id: './',
      name: 'Arena Lens',
      short_name: 'Arena Lens',
      description: 'Leaderboards, win matrices and slices for pairwise preference votes, entirely in your browser.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1f4e79',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // Not read from NODE_ENV, which a test runner sets: the same service worker from every build.
      mode: 'production',
      importScripts: ['sw-yield.js'],
      globPatterns: ['**/*.{html,js,css,wasm,svg,png,webmanifest,parquet,json,jsonl,csv,txt}'],
      globIgnores: ['**/duckdb-mvp*.wasm', '**/duckdb-browser-mvp*.js', 'readme/**'],
      maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      runtimeCaching: [],
    },
  });
}

/**
 * Workers for the Node tests: vitest's default (cores − 1) is one on a 2-core machine, which ran the
 * unit and SQL files one after another with a core idle. Both Node projects share the number (vitest
 * runs them as one group).
 */
const NODE_WORKERS = Math.max(2, availableParallelism() - 1);

// base './' makes the build work from any sub-path of a static host.
export default defineConfig({
  base: './',
  plugins: [svelte(), arrowWithoutEval(), contentSecurityPolicy(), serviceWorker()],
  worker: { format: 'es' },
  optimizeDeps: {
    include: ['@duckdb/duckdb-wasm', 'apache-arrow', '@observablehq/plot'],
    exclude: ['parquet-wasm'],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000, assetsInlineLimit: 0 },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/sql/**/*.test.ts'],
          exclude: ['**/*.svelte.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // A beforeAll that loads a sample into DuckDB is test work: it gets a test's time, not 10 s.
          hookTimeout: 60_000,
          maxWorkers: NODE_WORKERS,
          // One module graph per worker for all its files, not one per file: the files import the same
          // engine, SQL and statistics modules, and loading them again for each file was a quarter of the
          // project's time (135 s → 105 s). The files that stub a global or set a variable restore it.
          isolate: false,
        },
      },
      {
        // State that uses runes ($effect): compiled for the client, so effects run (under node they are compiled for the server).
        extends: true,
        test: {
          name: 'unit-runes',
          include: ['test/unit/**/*.svelte.test.ts'],
          environment: './test/unit/state/client-environment.ts',
          testTimeout: 60_000,
          // A beforeAll that loads a sample into DuckDB is test work: it gets a test's time, not 10 s.
          hookTimeout: 60_000,
          maxWorkers: NODE_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time, each worker loading playwright, the helpers and the browser connection
          // once for all its files: a browser test waits on the page much of its time, so two keep the
          // two cores busy. Its own group, after the Node tests when one vitest runs them all (a group
          // has one number of workers).
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
