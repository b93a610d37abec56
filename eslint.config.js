import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The no-unsafe-* family, turned off below only where values are `any` by nature. */
const noUnsafeOff = Object.fromEntries(
  ['argument', 'assignment', 'call', 'member-access', 'return'].map((r) => [
    `@typescript-eslint/no-unsafe-${r}`,
    'off',
  ]),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'data/**',
      'training/**',
      'apps/server/.test-dist-*/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // React hooks in the web app (issue 16): a hook called conditionally, or an effect or memo
  // missing a dependency, is a stale-data bug the type checker cannot see. Only the two classic
  // rules: the plugin's React Compiler rules describe code written for the compiler, which this
  // app does not use. Kept as its own block so other rule sets stay independent of it.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Type-aware lint (issue 16, docs/conventions.md "Lint"): the rules read the types, so a floating
  // promise, a promise passed where nothing awaits it, a switch that misses a member of a union or
  // an object printed as "[object Object]" fails the lint. Every file is linted with its own
  // tsconfig (projectService); the few outside every tsconfig (config files, scripts) get the base
  // options through the default project.
  {
    name: 'tcm/type-aware',
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.ts',
            'scripts/*.{ts,mjs}',
            'apps/*/scripts/*.mjs',
            'packages/*/vitest.config.ts',
            'packages/research/bench/*.ts',
            'docs/open-api/*.mjs',
          ],
          defaultProject: 'tsconfig.base.json',
          // 12 files today; the default project is one program for all of them.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 20,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A switch over a union names every member; a `default` does not count, so a new engine,
      // status or code shows every switch that must decide what to do with it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
      // Left off (docs/conventions.md "Lint"): `async` without `await` is how a function keeps a
      // promise-returning signature (Fastify hooks, interfaces), and removing it turns a throw into
      // a synchronous one.
      '@typescript-eslint/require-await': 'off',
      // Not turned on: no-unnecessary-condition (its findings need one judgement each; docs).
    },
  },
  {
    // Tests read responses as `any` (`res.json()`) and check their shape by assertion; typing every
    // body would restate the contract in each test. The no-unsafe-* family stays on for the code.
    name: 'tcm/type-aware-tests',
    files: ['**/*.test.{ts,tsx}', '**/*test-helpers.ts', 'e2e/**/*.ts', '**/src/test/**/*.ts'],
    rules: {
      ...noUnsafeOff,
      // `expect(deps.toastError).toHaveBeenCalled()` hands a mock to expect; nothing calls it
      // without its object.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript scripts carry no types: every parsed JSON and untyped import is `any`.
    name: 'tcm/type-aware-js',
    files: ['**/*.{js,mjs}'],
    rules: {
      ...noUnsafeOff,
    },
  },
);
