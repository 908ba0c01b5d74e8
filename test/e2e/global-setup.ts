import { build } from 'vite';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.ts';
import { startStaticServer } from './static-server.ts';

export const REMOTE_DIR = resolve('test/.cache/remote');

/** Builds the page once, serves dist/ on loopback, and hands the address and browser to the tests. */
export default async function setup(project: TestProject) {
  const chromium = ensureChromium();
  if (!process.env.E2E_SKIP_BUILD) await build({ logLevel: 'warn', build: { outDir: process.env.E2E_DIST ?? 'dist', emptyOutDir: true } });
  mkdirSync(REMOTE_DIR, { recursive: true });
  const server = await startStaticServer(resolve(process.env.E2E_DIST ?? 'dist'), REMOTE_DIR);
  project.provide('baseUrl', server.url);
  project.provide('chromium', chromium);
  project.provide('remoteDir', REMOTE_DIR);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string;
    remoteDir: string;
  }
}
