import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread on a module that sits beside its caller. The bundle (scripts/build.mjs) has
 * each thread's entry as `<bundled>.js` beside main.js. From the source tree (dev, tests) the
 * thread first registers tsx's loader itself: a thread does not inherit the parent's loader, and
 * `--import` in a Worker's execArgv is ignored.
 *
 * @param callerUrl the caller's `import.meta.url` (in the bundle: dist/main.js)
 * @param source the thread's TypeScript source, in the caller's folder
 * @param bundled the bundle's file name for it
 */
export function startSourceWorker(callerUrl: string, source: string, bundled: string, workerData: unknown): Worker {
  const here = fileURLToPath(callerUrl);
  if (!here.endsWith('.ts')) return new Worker(join(dirname(here), bundled), { workerData });
  const api = join(dirname(createRequire(here).resolve('tsx/esm/api')), 'index.mjs');
  const entry = pathToFileURL(join(dirname(here), source)).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
