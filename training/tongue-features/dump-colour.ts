// Colour measurements of the TonguExpert photos (expert masks) for the light-robust colour models
// (issue 36 item 2), as JSON lines per light-normalization mode, each photo as taken ('none') and
// re-taken under the issue's distortions (robustness/distort.ts: 5,000 K and 8,000 K light on a
// camera balanced for 6,500 K, -1 and +1 EV, JPEG quality 40). Photos with an expert colour label
// (held-out ones too) get every distortion; the others (weak labels only) one row, as taken or
// under one distortion, chosen by their ID.
//   npx tsx training/tongue-features/dump-colour.ts [--reference] [--every K] [--shard I/N]
// writes training/tongue-features/cache/colour-<mode>[.I].jsonl; --reference prints the band estimate
// of the training photos (color-norm.ts REFERENCE_LIGHT) and stops.
import { createHash } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { measureColor, prepareCrop, type TongueImage } from '../../packages/analysis/src/tongue/features/index.js';
import { bandEstimate, normalizedCrop } from '../../packages/analysis/src/tongue/features/color-norm.js';
import { distort, type Distortion } from '../../packages/analysis/src/tongue/robustness/distort.js';
import { shadesOfGreyEstimate, TRAINING_LIGHT } from '../../packages/analysis/src/tongue/robustness/light.js';
import { allIds, DATA, loadPhoto, option } from './load.js';

const VARIANTS: Distortion[] = ['ct-1500', 'ct+1500', 'ev-1', 'ev+1', 'jpeg-40'];
const here = new URL('./', import.meta.url).pathname;
const held = new Set(readFileSync(`${here}split/eval-ids.txt`, 'utf8').split('\n').filter(Boolean));
const expert = new Set(
  readFileSync(`${DATA}/labels-manual.tsv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length > 1)
    .filter((c) => ['white', 'light_yellow', 'yellow'].includes(c[1]!) || ['light', 'regular', 'dark'].includes(c[2]!))
    .map((c) => c[0]!),
);

type Mode = 'none' | 'sog' | 'band' | 'band-bg';
const MODES: Mode[] = ['none', 'sog', 'band', 'band-bg'];
const estimate = (mode: Mode, img: TongueImage, mask: Uint8Array): [number, number, number] =>
  mode === 'sog'
    ? shadesOfGreyEstimate(img)
    : mode === 'band'
      ? bandEstimate(img)
      : bandEstimate(img, undefined, undefined, mask);

const args = process.argv.slice(2);
const every = Number(option(args, '--every', '1'));
const [shard, shards] = option(args, '--shard', '0/1').split('/').map(Number) as [number, number];
const ids = allIds().filter((_, k) => k % every === 0 && k % shards === shard);

if (args.includes('--reference')) {
  const est: Record<string, [number, number, number][]> = { band: [], 'band-bg': [] };
  for (const id of ids.filter((id) => !held.has(id))) {
    const { image, mask } = await loadPhoto(id, `${DATA}/masks`);
    est.band!.push(bandEstimate(image));
    est['band-bg']!.push(bandEstimate(image, undefined, undefined, mask));
  }
  for (const [k, e] of Object.entries(est)) {
    const med = (c: number) => e.map((x) => x[c]!).sort((a, b) => a - b)[e.length >> 1]!;
    console.log(`${k}: ${e.length} training photos, reference [${[0, 1, 2].map((c) => med(c).toFixed(4)).join(', ')}]`);
  }
  process.exit(0);
}

const REF: Record<Mode, readonly [number, number, number]> = {
  none: [1, 1, 1],
  sog: TRAINING_LIGHT,
  band: JSON.parse(option(args, '--ref-band', '[0.2,0.07,0.06]')),
  'band-bg': JSON.parse(option(args, '--ref-bg', '[0.2,0.07,0.06]')),
};
const out = Object.fromEntries(
  MODES.map((m) => [m, createWriteStream(`${here}cache/colour-${m}${shards > 1 ? `.${shard}` : ''}.jsonl`)]),
);
const pick = (id: string) => createHash('md5').update(id).digest()[0]! % (VARIANTS.length + 1);

for (const id of ids) {
  const { image, mask } = await loadPhoto(id, `${DATA}/masks`);
  const variants: (Distortion | 'none')[] = expert.has(id)
    ? ['none', ...VARIANTS]
    : [(['none', ...VARIANTS] as const)[pick(id)]!];
  for (const variant of variants) {
    let img = image;
    if (variant !== 'none') {
      const d = await distort(image, mask, variant);
      const raw = await sharp(d.jpeg).raw().toBuffer({ resolveWithObject: true });
      img = { data: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height };
    }
    const crop = prepareCrop(img, mask);
    if (!crop) continue;
    for (const mode of MODES) {
      const e = estimate(mode, img, mask);
      const gains =
        mode === 'none'
          ? ([1, 1, 1] as const)
          : (REF[mode].map((r, c) => Math.min(8, Math.max(1 / 8, r / Math.max(1e-6, e[c]!)))) as [
              number,
              number,
              number,
            ]);
      const v = measureColor(mode === 'none' ? crop : normalizedCrop(crop, gains)).v;
      out[mode]!.write(`${JSON.stringify({ id, variant, ...v })}\n`);
    }
  }
}
for (const s of Object.values(out)) s!.end();
