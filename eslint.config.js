import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
);
