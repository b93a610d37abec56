import { defineProject } from 'vitest/config';

// Server tests share one database (PGlite started by the global setup, or DATABASE_URL) and
// run file after file: PGlite serves one connection, and random ids keep tests apart.
// `isolate: false`: all files run in one worker that imports Fastify, the modules and the
// engines once, not once per file (every file builds its own app with createTestApp, and no
// file stubs modules or globals, so nothing leaks from one file to the next; docs/conventions.md).
// Its own `groupOrder`: a non-isolated single worker may not share a group with projects that
// run several workers.
export default defineProject({
  test: {
    name: '@tcm/server',
    globalSetup: ['./src/test/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
