import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // React's scheduler queues its work on setImmediate. When a web test file ends while a lazy
    // area chunk is still resolving (slow on a loaded 2-core machine), that work runs after jsdom
    // has been torn down and throws "window is not defined" from the scheduler, attributed to
    // whichever file runs next. It is teardown noise, not a test's outcome; only that exact error,
    // thrown from the scheduler, is ignored; every other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = error.stack ?? '';
      const teardown =
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        stack.includes('performWorkUntilDeadline');
      if (teardown) return false;
    },
  },
});
