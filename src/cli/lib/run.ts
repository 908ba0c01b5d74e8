/** How a command runs: argv in, text out through two writers, an exit code back (0 ok, 1 file, 2 usage). */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QueryError } from '../../core/sql/query-error.ts';
import { FileError, UsageError } from './errors.ts';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export type Main = (argv: string[], io?: Io) => Promise<number>;

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Prints the error and returns its exit code; unexpected errors keep their SQL when they have one. */
export function reportError(error: unknown, command: string, io: Io): number {
  if (error instanceof UsageError) {
    io.stderr(`${command}: ${error.message}\nrun "npm run ${command} -- --help" for usage\n`);
    return 2;
  }
  if (error instanceof FileError) {
    io.stderr(`${command}: ${error.message}\n`);
    return 1;
  }
  const sql = error instanceof QueryError ? `\n  while running: ${error.sql.slice(0, 500)}` : '';
  io.stderr(`${command}: ${(error as Error)?.message ?? String(error)}${sql}\n`);
  return 1;
}

/** True when the module at `url` is the script node was started with (not imported by a test). */
export function isEntry(url: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

/** Runs a command's main as the process entry; flushes stdout before exiting. */
export function runAsEntry(main: Main): void {
  main(process.argv.slice(2), processIo).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.exitCode = reportError(error, 'arena-lens', processIo);
    },
  );
}
