// The static checks `npm test` runs before the tests: svelte-check, ESLint and Prettier, at the
// same time (each keeps one core busy for tens of seconds; one after another they left the other
// core idle). Each one's output is printed whole when it ends; the exit code fails if any failed.
import { spawn } from 'node:child_process';

const SCRIPTS = ['check', 'lint', 'format:check'];

const runs = SCRIPTS.map(
  (script) =>
    new Promise((done) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${output}`);
        done(code === 0);
      });
    }),
);

process.exitCode = (await Promise.all(runs)).every(Boolean) ? 0 : 1;
