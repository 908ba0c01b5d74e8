import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { ROOT } from '../../fixtures/paths.ts';

/**
 * The project's own lint rules, found as ESLint itself finds them (eslint.config.mjs at the top, no
 * flag), run on snippets placed where they would live.
 */
const eslint = new ESLint({ cwd: ROOT });
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint rules that keep the layers', () => {
  it('live where ESLint and editors look for them without a flag', async () => {
    expect(await eslint.findConfigFile(resolve(ROOT, 'src/core/sql/quote.ts'))).toBe(resolve(ROOT, 'eslint.config.mjs'));
  });

  it('refuse a component that imports io', async () => {
    const found = await problems(
      'src/components/Bad.svelte',
      `<script lang="ts">\n  import { getDuck } from '../io/duckdb.ts';\n  void getDuck;\n</script>\n`,
    );
    expect(found).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*views ask state for data, never io/));
  });

  it('refuse core importing state, io or a component', async () => {
    for (const target of ['../../state/page.svelte.ts', '../../io/duckdb.ts', '../../components/App.svelte']) {
      const found = await problems('src/core/sql/bad.ts', `import x from '${target}';\nexport default x;\n`);
      expect(found, target).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*core is pure/));
    }
  });

  it('refuse the command line, the sample generator and the workers reaching into io', async () => {
    expect(await problems('src/cli/bad.ts', `import { getDuck } from '../io/duckdb.ts';\nvoid getDuck;\n`)).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: /),
    );
    expect(await problems('test/samples/bad.ts', `import { getDuck } from '../../src/io/duckdb.ts';\nvoid getDuck;\n`)).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*sample generator goes down to core only/),
    );
    expect(await problems('test/samples/good.ts', `import { quoteIdent } from '../../src/core/sql/quote.ts';\nvoid quoteIdent;\n`)).toEqual(
      [],
    );
    expect(await problems('src/workers/bad.ts', `import { getDuck } from '../io/duckdb.ts';\nvoid getDuck;\n`)).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: /),
    );
  });

  it('allow a component to import core and state', async () => {
    const code = `<script lang="ts">\n  import { OUTCOMES } from '../core/outcome.ts';\n  import { PageState } from '../state/page.svelte.ts';\n  void OUTCOMES;\n  void PageState;\n</script>\n`;
    expect(await problems('src/components/Good.svelte', code)).toEqual([]);
  });

  it('ask every relative import to name its file', async () => {
    const found = await problems('src/core/sql/bad.ts', `import { quoteIdent } from './quote';\nvoid quoteIdent;\n`);
    expect(found).toContainEqual('arena-lens/explicit-extension: import "./quote" by its file name, extension included');
  });
});
