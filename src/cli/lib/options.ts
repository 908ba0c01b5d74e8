/** Command-line options: node's parseArgs, with every problem turned into a UsageError naming the option. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseOptions<T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const e = error as Error & { code?: string };
    const option = /'(-[^' ]+)/.exec(e.message)?.[1] ?? '';
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}`);
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      if (/ambiguous/.test(e.message)) throw new UsageError(`${option} needs a value (for one starting with "-", write ${option}=VALUE)`);
      throw new UsageError(/argument missing/.test(e.message) ? `${option} needs a value` : `${option} takes no value`);
    }
    throw new UsageError(e.message.split('\n')[0]);
  }
}

/** An integer option within [min, max], or the default when absent. */
export function integerOption(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** One of a few words, or the default when absent. */
export function choiceOption<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** --anchor MODEL=RATING; split at the last "=", since model names may contain one. */
export function anchorOption(value: string | undefined): { model: string; value: number } | undefined {
  if (value === undefined) return undefined;
  const at = value.lastIndexOf('=');
  const model = at > 0 ? value.slice(0, at) : '';
  const rating = at > 0 ? Number(value.slice(at + 1)) : NaN;
  if (!model || value.slice(at + 1).trim() === '' || !Number.isFinite(rating)) {
    throw new UsageError(`--anchor must be MODEL=RATING with a finite number, got "${value}"`);
  }
  return { model, value: rating };
}

/** A comma-separated list of column names, without empty entries or repeats. */
export function listOption(name: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const items = value.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new UsageError(`--${name} must be a comma-separated list of column names, got "${value}"`);
  const repeated = items.find((s, i) => items.indexOf(s) !== i);
  if (repeated) throw new UsageError(`--${name} names "${repeated}" twice`);
  return items;
}
