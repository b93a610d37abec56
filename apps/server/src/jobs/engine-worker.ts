import { runEngineJob, toWire } from './engine-jobs.js';
import type { FromChild, ToChild } from './engine-pool.js';

/**
 * Entry of an engine pool child process (jobs/engine-pool.ts): runs one job at a time as the
 * parent sends them and answers over IPC. Bundled beside dist/main.js as dist/engine-worker.js.
 */
// A parent killed by SIGKILL leaves the pipe closed: a late answer fails with EPIPE, which without
// a callback is an unhandled 'error' event that crashes this child noisily. Nobody is left to
// answer to: exit quietly (the 'disconnect' below does the same when it comes first).
const send = (m: FromChild) =>
  process.send?.(m, undefined, undefined, (e: Error | null) => {
    if (e) process.exit(0);
  });
const testJobs = process.env.TCM_ENGINE_TEST_JOBS === '1';

process.on('message', (m: ToChild) => {
  runEngineJob(m.job, (event) => send({ id: m.id, event }), { testJobs }).then(
    (result) => send({ id: m.id, result }),
    (e: unknown) => send({ id: m.id, error: toWire(e) }),
  );
});
// The API process went away (or closed the pool): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
