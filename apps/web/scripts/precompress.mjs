// Writes .br and .gz beside each text file of the build (JS, CSS, SVG, JSON, HTML), so the server
// answers compressed files without compressing on each request (@fastify/static preCompressed;
// docs/web.md "Speed and reach"). Runs after `vite build` (npm run build).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// .wasm: onnxruntime-web's runtime for the on-device tongue analysis (13.9 MB; 2.8 MB as brotli).
const TEXT = /\.(?:js|mjs|css|svg|json|html|txt|xml|wasm)$/;
/** Above this, brotli's quality 11 costs minutes on a build machine: quality 5 is within 5 %. */
const LARGE_BYTES = 4 * 1024 * 1024;
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
          params: {
            [constants.BROTLI_PARAM_QUALITY]: raw.length > LARGE_BYTES ? 5 : 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
      );
    }
  }
}
walk(dist);
