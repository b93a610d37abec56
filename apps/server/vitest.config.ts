import { defineProject } from 'vitest/config';

// Server tests share one database (PGlite started by the global setup, or DATABASE_URL) and
// run file after file: PGlite serves one connection, and random ids keep tests apart.
export default defineProject({
  test: {
    name: '@tcm/server',
    globalSetup: ['./src/test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
