// Prints the distributions of the quality measures over the dataset photos (with their expert
// masks) and over degraded copies (blurred, darkened, brightened, color-cast), from which the
// thresholds in quality.ts were chosen. `npx tsx packages/analysis/src/tongue/calibrate-quality.ts [STEP]`
// (every STEP-th photo, default 3; degraded copies of every 5*STEP-th).
import { readdirSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import type { RgbImage } from './decode.js';
import { measureQuality, type QualityMeasures } from './measures.js';
import { readMask, readRgb, TONGUE_DATA } from './test-data.js';

const step = Number(process.argv[2] ?? 3);
const ids = readdirSync(new URL('images/', TONGUE_DATA))
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.slice(0, -4))
  .sort();

type Degrade = (img: RgbImage) => Promise<RgbImage>;
const raw = async (s: Sharp): Promise<RgbImage> => {
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
};
const fromRgb = (img: RgbImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
const gains =
  (g: [number, number, number]): Degrade =>
  (img) =>
    raw(fromRgb(img).linear(g, [0, 0, 0]));
export const DEGRADATIONS: Record<string, Degrade> = {
  'blur sigma 2': (img) => raw(fromRgb(img).blur(2)),
  'blur sigma 3': (img) => raw(fromRgb(img).blur(3)),
  'dark x0.3': gains([0.3, 0.3, 0.3]),
  'dark x0.45': gains([0.45, 0.45, 0.45]),
  'bright x1.8': gains([1.8, 1.8, 1.8]),
  'blue cast': gains([0.75, 0.95, 1.35]),
  'green cast': gains([0.8, 1.25, 0.8]),
  'yellow cast': gains([1.15, 1.1, 0.6]),
  'magenta cast': gains([1.2, 0.75, 1.2]),
};

const KEYS: (keyof QualityMeasures)[] = [
  'sharpness',
  'medianL',
  'clipped',
  'ringHue',
  'ringChroma',
  'areaFraction',
  'widthPx',
];
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]!;
};
function report(name: string, rows: QualityMeasures[]): void {
  console.log(`\n${name} (n = ${rows.length})   p0.5 / p1 / p5 / p50 / p95 / p99 / p99.5`);
  for (const k of KEYS) {
    const xs = rows.map((r) => r[k]);
    const qs = [0.005, 0.01, 0.05, 0.5, 0.95, 0.99, 0.995].map((q) =>
      pct(xs, q).toFixed(k === 'clipped' || k === 'areaFraction' ? 4 : 2),
    );
    console.log(`  ${k.padEnd(13)} ${qs.join(' / ')}`);
  }
}

const base: QualityMeasures[] = [];
const degraded: Record<string, QualityMeasures[]> = Object.fromEntries(Object.keys(DEGRADATIONS).map((k) => [k, []]));
for (let i = 0; i < ids.length; i += step) {
  const id = ids[i]!;
  const img = await readRgb(id);
  const { mask } = await readMask(id);
  base.push(measureQuality(img, mask, 0));
  if (i % (5 * step) === 0)
    for (const [name, f] of Object.entries(DEGRADATIONS)) degraded[name]!.push(measureQuality(await f(img), mask, 0));
}
report('dataset photos, expert masks', base);
for (const [name, rows] of Object.entries(degraded)) report(name, rows);
