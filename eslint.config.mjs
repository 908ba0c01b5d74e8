/**
 * Lint rules that keep the code's shape (run by `npm test` through `npm run lint`):
 * - the layers: core imports only core; workers, io, the CLI and the sample generator (test/samples)
 *   only go down to core (io may use the workers' protocols); state to io/core/workers; components
 *   only to core and state;
 * - no import cycles;
 * - one import style: a relative import names its file, extension included.
 * Formatting is Prettier's (.prettierrc.json), checked by `npm run format:check`.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/** Relative imports spell out the file they load: `./quote.ts`, `../state/page.svelte.ts`, `./App.svelte`. */
const explicitExtension = {
  meta: { type: 'problem', messages: { missing: 'import "{{source}}" by its file name, extension included' }, schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const path = source.replace(/\?.*$/, '');
      if (!/\.(ts|svelte|js|mjs|json|css|wasm|parquet|csv|jsonl|txt|svg|png)$/.test(path))
        context.report({ node: node.source, messageId: 'missing', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** `from` may not import any of `forbidden` (folders under src/). */
const layer = (files, forbidden, why) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: `(^|/)(${forbidden.join('|')})/`, message: why }] }],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'test/.cache/', 'test/bench/.out/', 'public/', 'static-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    plugins: { 'import-x': importX, 'arena-lens': { rules: { 'explicit-extension': explicitExtension } } },
    settings: {
      // The cycle check follows TypeScript modules (components are leaves of the graph: only views import them).
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/ignore': ['\\.svelte$'],
      'import-x/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
    },
    rules: {
      'arena-lens/explicit-extension': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Maps and sets built inside a computation are not state; rune state uses $state.raw for big values.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  layer(['src/core/**'], ['io', 'state', 'components', 'workers', 'cli'], 'core is pure: it imports only core'),
  layer(['src/workers/**'], ['io', 'state', 'components', 'cli'], 'a worker goes down to core only'),
  layer(['src/io/**'], ['state', 'components', 'cli'], 'io goes down to core (and the workers it starts)'),
  layer(['src/cli/**'], ['io', 'state', 'components', 'workers'], 'the command line goes down to core only'),
  layer(['src/state/**'], ['components', 'cli'], 'state never reaches up into the views'),
  layer(['src/components/**'], ['io', 'workers', 'cli'], 'views ask state for data, never io: see src/state/lens-context.svelte.ts'),
  layer(['test/samples/**'], ['io', 'state', 'components', 'workers', 'cli'], 'the sample generator goes down to core only'),
);
