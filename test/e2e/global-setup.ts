import { execSync } from 'node:child_process';
import { chromium as playwright } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, ensureChromium } from './chromium.ts';
import { startStaticServer } from './static-server.ts';

export const REMOTE_DIR = resolve('test/.cache/remote');

/** The command the Pages workflow builds with (.github/workflows/pages.yml, checked by hosted.test.ts). */
const PAGES_BUILD = 'npm run build';

/**
 * Builds the page as the Pages workflow does, so the tests see the bytes users get: the test
 * runner's NODE_ENV=test would otherwise reach the bundle. Returns the command, so hosted.test.ts
 * need not build it again; another output folder (E2E_DIST) is built with the same command.
 */
function buildPage(outDir: string): string {
  const command = outDir === 'dist' ? PAGES_BUILD : `${PAGES_BUILD} -- --outDir ${JSON.stringify(outDir)} --emptyOutDir`;
  const env = { ...process.env };
  delete env.NODE_ENV;
  execSync(command, { stdio: ['ignore', 'ignore', 'inherit'], env });
  return command;
}

/**
 * Builds the page once, serves dist/ on loopback, starts the one Chromium every test file connects
 * to (browser.ts opens in it the sessions that need a fresh context), and hands their addresses to the tests.
 */
export default async function setup(project: TestProject) {
  const chromium = ensureChromium();
  const built = process.env.E2E_SKIP_BUILD ? '' : buildPage(process.env.E2E_DIST ?? 'dist');
  mkdirSync(REMOTE_DIR, { recursive: true });
  const server = await startStaticServer(resolve(process.env.E2E_DIST ?? 'dist'), REMOTE_DIR, {}, 0, true);
  const browser = await playwright.launchServer({ executablePath: chromium, args: CHROMIUM_FLAGS });
  // The profiles of each worker's reused Chromium (browser.ts), removed with the run.
  const profilesDir = mkdtempSync(join(tmpdir(), 'arena-lens-e2e-run-'));
  project.provide('baseUrl', server.url);
  project.provide('chromium', chromium);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('remoteDir', REMOTE_DIR);
  project.provide('pageBuild', built);
  project.provide('profilesDir', profilesDir);
  return async () => {
    await browser.close();
    await server.close();
    rmSync(profilesDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string;
    /** Where the shared Chromium listens (playwright's connect). */
    browserEndpoint: string;
    remoteDir: string;
    /** The command that built the page for this run ('' when E2E_SKIP_BUILD reused a build). */
    pageBuild: string;
    /** Where each worker's reused Chromium keeps its profile (browser.ts). */
    profilesDir: string;
  }
}
