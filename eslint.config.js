import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The no-unsafe-* family, turned off below only where values are `any` by nature. */
const noUnsafeOff = Object.fromEntries(
  ['argument', 'assignment', 'call', 'member-access', 'return'].map((r) => [
    `@typescript-eslint/no-unsafe-${r}`,
    'off',
  ]),
);

/** QueryClient methods that change the cache: only mutation hooks in `-api.ts` files call them. */
const CACHE_WRITES = 'invalidateQueries|refetchQueries|resetQueries|removeQueries|setQueryData|setQueriesData';
/** Leading verbs of the write calls of the `xxxApi` objects. */
const WRITE_VERBS =
  'add|edit|update|save|set|remove|delete|create|publish|rotate|revoke|assign|appoint|move|approve|reject|decide|enquire|upload|submit|send|import|reset|invite|apply|leave|rename|bind|unbind|archive|restore';

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

  // One web data pattern (issue 16, docs/web.md "Server data"): a screen writes through its
  // feature's mutation hooks, which invalidate the keys the write changes; query keys come from
  // the feature's `*_KEYS` object. Component files (.tsx) may not touch the cache by hand, call a
  // write of an `xxxApi` object, or spell a key inline. Write names are recognised by their verb.
  {
    name: 'tcm/web-data-pattern',
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=/^(${CACHE_WRITES})$/]`,
          message: "Cache work belongs in the feature's -api.ts mutation hook (onSuccess), not in a component.",
        },
        {
          selector: `CallExpression[callee.object.name=/Api$/][callee.property.name=/^(${WRITE_VERBS})/]`,
          message: "A write goes through the feature's useXxx mutation hook (-api.ts), not an xxxApi call.",
        },
        {
          // A key built on a given prefix (`[...props.queryKey, page]`, the list frame) is allowed.
          selector:
            "Property[key.name='queryKey'] > ArrayExpression[elements.0.type!='SpreadElement'], JSXAttribute[name.name='queryKey'] ArrayExpression",
          message: "Query keys come from the feature's *_KEYS object in its -api.ts.",
        },
      ],
    },
  },

  // Every server read and write sits in its feature's `*-api.ts` (issue 38 item 3, docs/web.md
  // "Server data"): a component calls the feature's useXxx hook, never TanStack's query or
  // mutation hooks itself, so a feature's keys, polling and invalidation are read in one file.
  // lib/invalidating-mutation.ts is the helper those hooks are built on; tests may render a hook.
  {
    name: 'tcm/web-queries-in-api',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*-api.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/lib/invalidating-mutation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useMutation', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery'],
              message: "A component reads and writes through its feature's useXxx hook in the feature's -api.ts.",
            },
          ],
        },
      ],
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
  // Server code logs through the app's logger (`app.log`, `request.log`) or, where neither is at
  // hand, `processLog()` (apps/server/src/logger.ts): one JSON log, redacted (issue 38 item 4).
  // Excepted: tests, and the command lines whose output is what they are for (`*cli.ts`). Lines
  // that print to a person (the start banner) say so in their own disable comment.
  {
    name: 'tcm/server-logs',
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/**/*cli.ts', 'apps/server/src/test/**'],
    rules: { 'no-console': 'error' },
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
