// Bundles the server into dist/main.js, the engine pool's child entry into dist/engine-worker.js and the
// research jobs' worker thread into dist/research-thread.js
// (jobs/engine-pool.ts forks it from beside main.js): workspace packages (@tcm/*, TypeScript source) are
// bundled, npm packages stay external and load from node_modules. Migrations are copied beside.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// OUT_DIR (inside the workspace, so node_modules resolve) lets tests build a private copy.
const out = process.env.OUT_DIR ?? `${root}/dist`;
rmSync(out, { recursive: true, force: true });

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tcm/') ? undefined : { path: args.path, external: true },
    );
  },
};

// Workspace packages find their data (models, fonts, examples) relative to their own source file
// (`new URL('../../models/…', import.meta.url)`). In the bundle import.meta.url would be dist/main.js,
// so each workspace source gets its own URL back, relative to the bundle (the checkout may move).
const keepSourceUrl = {
  name: 'keep-source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = relative(out, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const t0 = Date.now();
await build({
  entryPoints: {
    main: `${root}/src/main.ts`,
    'engine-worker': `${root}/src/jobs/engine-worker.ts`,
    // research jobs' worker thread (modules/research/research.runner.ts starts it from beside main.js)
    'research-thread': `${root}/src/modules/research/research.thread.ts`,
    // the embedded database's thread (db/client.ts starts it from beside main.js)
    'pglite-thread': `${root}/src/db/pglite-thread.ts`,
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpm, keepSourceUrl],
  logLevel: 'warning',
});
cpSync(`${root}/src/db/migrations`, `${out}/migrations`, { recursive: true });
console.log(
  `[build] server bundled in ${Date.now() - t0} ms -> ${out}/main.js, engine-worker.js, research-thread.js, pglite-thread.js`,
);
