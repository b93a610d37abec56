// Prints what the on-device tongue analysis downloads when the first photo is chosen (never on a
// page's first load): the worker's JavaScript (onnxruntime-web and the engine), the WebAssembly
// runtime and the four ONNX models, raw and gzip (docs/site.md "On-device analysis"). It also
// checks that none of them is in the detection page's first load.
// Usage: npm run -s build -w @tcm/web && node apps/web/scripts/on-device-size.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = readdirSync(join(dist, 'assets'));
const parts = assets.filter((f) => /^(tongue\.worker-.*\.js|ort-wasm.*\.wasm|.*\.onnx)$/.test(f));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let raw = 0;
let gz = 0;
for (const f of parts.sort()) {
  const bytes = readFileSync(join(dist, 'assets', f));
  const z = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += z;
  console.log(`${f.padEnd(48)} ${kb(bytes.length).padStart(12)} ${kb(z).padStart(12)} gzip`);
}
console.log(`${'on-device total'.padEnd(48)} ${kb(raw).padStart(12)} ${kb(gz).padStart(12)} gzip`);

// The page's first load: the entry's static imports and the detection page's chunk with its own.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const walk = (k) => {
  if (seen.has(k) || !manifest[k]) return;
  seen.add(k);
  manifest[k].imports?.forEach(walk);
};
Object.keys(manifest)
  .filter((k) => manifest[k].isEntry || k.endsWith('detection/TongueAnalyzePage.tsx'))
  .forEach(walk);
const loaded = [...seen].map((k) => manifest[k].file);
const leaked = loaded.filter((f) => parts.some((p) => f.endsWith(p)) || /onnxruntime|ort\./.test(f));
console.log(leaked.length ? `IN THE FIRST LOAD: ${leaked.join(', ')}` : 'none of it is in the first load');
process.exitCode = leaked.length ? 1 : 0;
