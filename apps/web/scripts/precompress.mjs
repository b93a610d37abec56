// Writes .br and .gz beside each text file of the build (JS, CSS, SVG, JSON, HTML), so the server
// answers compressed files without compressing on each request (@fastify/static preCompressed;
// docs/web.md "Speed and reach"). Runs after `vite build` (npm run build).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(?:js|mjs|css|svg|json|html|txt|xml)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // dist/ssr is the server's module (never sent to a browser).
    if (statSync(path).isDirectory()) {
      if (path !== join(dist, 'ssr')) walk(path);
    } else if (TEXT.test(name) && statSync(path).size >= MIN_BYTES) {
      const raw = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
      );
    }
  }
}
walk(dist);
