// Bundles the server into dist/main.js: workspace packages (@tcm/*, TypeScript source) are
// bundled, npm packages stay external and load from node_modules. Migrations are copied beside.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
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

const t0 = Date.now();
await build({
  entryPoints: [`${root}/src/main.ts`],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpm],
  logLevel: 'warning',
});
cpSync(`${root}/src/db/migrations`, `${out}/migrations`, { recursive: true });
console.log(`[build] server bundled in ${Date.now() - t0} ms -> ${out}/main.js`);
