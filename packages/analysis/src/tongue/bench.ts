// `npm run -s bench:tongue -w @tcm/analysis`: median time per photo of the tongue engine
// (decode + quality + segmentation + features; no PNGs) on one core: libvips and the libuv
// pool held to one thread, ONNX Runtime to one intra-op thread. The photos are validation
// photos scaled to 800 px on the long side and re-encoded as JPEG. Prints wall and process CPU
// time (on a shared machine CPU time is the better estimate of one free core), each stage's
// median, and the model size.
import { statSync } from 'node:fs';
import sharp from 'sharp';
import { cpuMs, median } from '../bench/clock.js';
import { analyzeTongue } from './analyze.js';
import { decodePhoto } from './decode.js';
import { extractTongueFeatures } from './features/index.js';
import { locateTongue } from './locate.js';
import { measureQuality } from './measures.js';
import { assessQuality } from './quality.js';
import { getSegmenter, MODEL_PATH, TONGUE_MODEL_VERSION } from './segment.js';
import { readPhoto, validationIds } from './test-data.js';

sharp.concurrency(1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 8);

const t0 = performance.now();
await getSegmenter();
const loadMs = performance.now() - t0;
const ids = validationIds().slice(0, PHOTOS);
const photos = await Promise.all(
  ids.map(async (id) =>
    sharp(await readPhoto(id))
      .resize(800, 800, { fit: 'inside', withoutEnlargement: false })
      .jpeg({ quality: 92 })
      .toBuffer(),
  ),
);
for (const p of photos) await analyzeTongue(p); // warm-up

const wall: number[] = [];
const cpu: number[] = [];
const stage: Record<string, number[]> = { decode: [], segmentation: [], quality: [], features: [] };
for (let r = 0; r < ROUNDS; r++)
  for (const p of photos) {
    const w = performance.now();
    const c = cpuMs();
    await analyzeTongue(p);
    cpu.push(cpuMs() - c);
    wall.push(performance.now() - w);
    // The same steps once more, timed one by one (process CPU time).
    let c0 = cpuMs();
    const lap = (name: string) => {
      const c1 = cpuMs();
      stage[name]!.push(c1 - c0);
      c0 = c1;
    };
    const { work } = await decodePhoto(p);
    lap('decode');
    const region = await locateTongue(work);
    lap('segmentation');
    assessQuality(measureQuality(work, region.mask, region.secondRatio));
    lap('quality');
    await extractTongueFeatures(work, region.mask);
    lap('features');
  }
const f = (x: number) => x.toFixed(1);
console.log(`tongue engine, ${photos.length} validation photos at 800 px x ${ROUNDS} rounds, one thread`);
console.log(
  `model ${TONGUE_MODEL_VERSION}: ${(statSync(MODEL_PATH).size / 1024 / 1024).toFixed(2)} MB, session load ${f(loadMs)} ms`,
);
console.log(
  `stages (median ms CPU): ${Object.entries(stage)
    .map(([k, v]) => `${k} ${f(median(v))}`)
    .join(', ')}`,
);
console.log(`median per photo: ${f(median(wall))} ms wall, ${f(median(cpu))} ms CPU (target <= 60 ms)`);
