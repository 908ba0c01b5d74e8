// `npm test`: the static checks (svelte-check, ESLint, Prettier), the Node tests and the browser
// tests, all at the same time. One after another they left a core of two idle most of the run: the
// checks end at different times, and the browser tests, one file at a time, keep the cores busy
// only while the page computes; the Node tests fill those gaps. Nothing is niced: on a machine
// loaded by others a niced part starved (its tests hit their timeouts). The browser tests' output
// is printed as it comes, each other part's whole when it ends; the exit code fails if any failed.
import { spawn } from 'node:child_process';

const PARTS = [
  { script: 'test:e2e', live: true },
  { script: 'test:unit' },
  { script: 'check' },
  { script: 'lint' },
  { script: 'format:check' },
];

/** Writes only whole lines of the live part, so another part's output never lands mid-line. */
function lineWriter() {
  let pending = '';
  return {
    write(chunk) {
      pending += chunk;
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      process.stdout.write(pending.slice(0, end + 1));
      pending = pending.slice(end + 1);
    },
    flush() {
      if (pending) process.stdout.write(`${pending}\n`);
      pending = '';
    },
  };
}

const runs = PARTS.map(
  ({ script, live }) =>
    new Promise((done) => {
      const started = Date.now();
      if (live) process.stdout.write(`> npm run ${script} (its output as it comes)\n`);
      const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      const out = live ? lineWriter() : null;
      let output = '';
      const take = (d) => (out ? out.write(String(d)) : (output += d));
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('close', (code) => {
        out?.flush();
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${output}`);
        done(code === 0);
      });
    }),
);

process.exitCode = (await Promise.all(runs)).every(Boolean) ? 0 : 1;
