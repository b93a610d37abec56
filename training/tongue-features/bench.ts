// Median time of extractTongueFeatures per photo (warm, one thread for onnxruntime), wall clock
// and process CPU time, on held-out TonguExpert photos with their expert masks, and the size of
// the committed models. Run from the repository root:
//   UV_THREADPOOL_SIZE=1 npx tsx training/tongue-features/bench.ts [N]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extractTongueFeatures } from '../../packages/analysis/src/tongue/features/index.js';
import { MODEL_DIR } from '../../packages/analysis/src/tongue/features/model.js';
import { DATA, loadPhoto } from './load.js';

const median = (x: number[]): number => x.slice().sort((a, b) => a - b)[Math.floor(x.length / 2)]!;

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 40);
  const ids = readFileSync('training/tongue-features/split/eval-ids.txt', 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n);
  const photos = await Promise.all(ids.map((id) => loadPhoto(id, `${DATA}/masks`)));
  await extractTongueFeatures(photos[0]!.image, photos[0]!.mask); // loads the models
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const p of photos) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await extractTongueFeatures(p.image, p.mask);
    const c = process.cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  const sizes = readdirSync(MODEL_DIR).map((f) => statSync(`${MODEL_DIR}${f}`).size);
  const w = photos.map((p) => `${p.image.width}x${p.image.height}`);
  console.log(`photos ${photos.length} (${w[0]} ... ${w[w.length - 1]})`);
  console.log(
    `extractTongueFeatures median wall ${median(wall).toFixed(1)} ms, median CPU ${median(cpu).toFixed(1)} ms`,
  );
  console.log(
    `models/tongue-features: ${sizes.length} files, ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KiB`,
  );
}

void main();
