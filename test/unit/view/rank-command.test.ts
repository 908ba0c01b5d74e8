import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { rankCommand, shellWord } from '../../../src/core/export/rank-command.ts';
import { readMapping } from '../../../src/core/view/url-mapping.ts';
import type { ColumnMapping } from '../../../src/core/schema/mapping.ts';

/** The words a POSIX shell makes of `args` (none holds a newline here): sh sets them as its arguments and prints each on a line. */
const shellWords = (args: string): string[] =>
  execFileSync('sh', ['-c', `set -- ${args}; for w in "$@"; do printf '%s\\n' "$w"; done`], { encoding: 'utf8' })
    .split('\n')
    .slice(0, -1);

describe('the rank command of a hand-made mapping', () => {
  const mapping: ColumnMapping = {
    modelA: { kind: 'column', column: "left model's" },
    modelB: { kind: 'column', column: 'right_model' },
    winner: { kind: 'column', column: 'pref', labels: { "it's A": 'a', 'B $(rm -rf /)': 'b', same: 'tie' }, namesModel: false },
    weight: 'n',
  };

  it('gives the shell back the file and the mapping word for word, whatever they hold', () => {
    const command = rankCommand('my votes (2024).csv', mapping);
    expect(command.startsWith('npm run rank -- ')).toBe(true);
    const words = shellWords(command.slice('npm run rank -- '.length));
    expect(words).toHaveLength(3);
    expect(words[0]).toBe('my votes (2024).csv');
    expect(words[1]).toBe('--map');
    expect(readMapping(JSON.parse(words[2]))).toEqual(mapping);
  });

  it('leaves a plain word as it is and quotes the rest', () => {
    expect(shellWord('votes-2024.parquet')).toBe('votes-2024.parquet');
    expect(shellWord('a b')).toBe(`'a b'`);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('$HOME')).toBe(`'$HOME'`);
  });
});
