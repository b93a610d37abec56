import { defineConfig } from 'vitest/config';

// Browser journeys against a running server (scripts/e2e.sh starts one); not part of the unit run.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
