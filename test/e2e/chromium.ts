import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const INSTALL = 'apt-get update && apt-get install -y chromium';

/** Flags of every Chromium the tests start: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Finds Chromium (CHROMIUM_PATH, then Debian's /usr/bin/chromium). Where none is installed and we
 * are root on Debian, installs Debian's package; otherwise stops with the one command that gets one.
 * Never downloads a browser build of its own.
 */
export function ensureChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log(`[e2e] installing Chromium: ${INSTALL}`);
    execSync(INSTALL, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(`Chromium not found. Install it with: sudo ${INSTALL} (or set CHROMIUM_PATH)`);
}
