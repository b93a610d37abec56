// `npm run -s bench:face -w @tcm/analysis`: median time per photo of the whole face engine
// (decode, detection, landmarks, quality, regions, metrics; no overlay) on the three 1200 px
// portraits, on one core: libvips and the libuv pool are held to one thread, and the tfjs
// WebAssembly backend runs single-threaded. Prints wall time and the process CPU time: on a
// shared machine the CPU time is the better estimate of what one free core would take.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { cpuMs, median } from '../bench/clock.js';
import { analyzeFace } from './analyze.js';
import { getDetector } from './detector.js';
import { PORTRAITS, portraitPath } from './test-images.js';

sharp.concurrency(1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const t0 = performance.now();
await getDetector();
const loadMs = performance.now() - t0;
const photos = await Promise.all(PORTRAITS.map(async (name) => ({ name, bytes: await readFile(portraitPath(name)) })));
for (const p of photos) await analyzeFace(p.bytes); // warm-up: wasm kernels compiled, caches filled

const wall: number[] = [];
const cpu: number[] = [];
const perPhoto: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const p of photos) {
    const w = performance.now();
    const c = cpuMs();
    await analyzeFace(p.bytes);
    cpu.push(cpuMs() - c);
    const ms = performance.now() - w;
    wall.push(ms);
    (perPhoto[p.name] ??= []).push(ms);
  }
}
const over = await analyzeFace(photos[0]!.bytes, { overlay: true }).then(async () => {
  const w = performance.now();
  await analyzeFace(photos[0]!.bytes, { overlay: true });
  return performance.now() - w;
});
const f = (x: number) => x.toFixed(0);
console.log(
  `face engine, ${photos.length} portraits x ${ROUNDS} rounds, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 'default'}`,
);
console.log(`model load (first use): ${f(loadMs)} ms`);
for (const [name, xs] of Object.entries(perPhoto)) console.log(`  ${name}: median ${f(median(xs))} ms wall`);
console.log(`median per photo: ${f(median(wall))} ms wall, ${f(median(cpu))} ms CPU (target <= 300 ms)`);
console.log(`with overlay PNG: ${f(over)} ms wall (one run)`);
