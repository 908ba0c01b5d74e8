/** The two ways a command fails, and the exit code each one means. */

/** Bad arguments or options: exit code 2. The message names the option. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A file that cannot be read or understood: exit code 1. The message starts with the file's name. */
export class FileError extends Error {
  override name = 'FileError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].slice(0, 300);
}
