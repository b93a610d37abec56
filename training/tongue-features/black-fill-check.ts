// The whole-photo band estimate (color-norm.ts) and black fill (issue 36 item 2): how far the
// normalisation gains of the first 20 segmentation-validation photos move when the photo is
// rotated ±15° (robustness/distort.ts; black corners), with every pixel counted and with
// near-black pixels (max channel < 8) skipped; and how many TonguExpert photos (every 8th) have
// such pixels at all, i.e. whose training inputs the skip would change. Run from the repository root:
//   npx tsx training/tongue-features/black-fill-check.ts
import { decodePhoto } from '../../packages/analysis/src/tongue/decode.js';
import { bandEstimate, REFERENCE_LIGHT } from '../../packages/analysis/src/tongue/features/color-norm.js';
import type { TongueImage } from '../../packages/analysis/src/tongue/features/prepare.js';
import { distort } from '../../packages/analysis/src/tongue/robustness/distort.js';
import { readMask, readPhoto, validationIds } from '../../packages/analysis/src/tongue/test-data.js';
import { allIds, DATA, loadPhoto } from './load.js';

const nearBlack = (img: TongueImage): Uint8Array => {
  const d = img.data;
  const out = new Uint8Array(img.width * img.height);
  for (let p = 0; p < out.length; p++) out[p] = Math.max(d[3 * p]!, d[3 * p + 1]!, d[3 * p + 2]!) < 8 ? 1 : 0;
  return out;
};

const gains = (img: TongueImage, skipBlack: boolean): number[] =>
  bandEstimate(img, undefined, undefined, skipBlack ? nearBlack(img) : undefined).map((v, c) =>
    Math.min(8, Math.max(1 / 8, REFERENCE_LIGHT[c]! / v)),
  );

async function main(): Promise<void> {
  const worst = { all: 0, skipped: 0 };
  const ids = validationIds().slice(0, 20);
  for (const id of ids) {
    const photo = await decodePhoto(await readPhoto(id));
    const truth = await readMask(id);
    for (const d of ['rot-15', 'rot+15'] as const) {
      const got = await decodePhoto((await distort(photo.work, truth.mask, d)).jpeg);
      for (const skip of [false, true]) {
        const a = gains(photo.work, skip);
        const b = gains(got.work, skip);
        const r = Math.max(...a.map((v, c) => Math.abs(Math.log(b[c]! / v))));
        const k = skip ? 'skipped' : 'all';
        worst[k] = Math.max(worst[k], r);
      }
    }
  }
  const pct = (r: number) => `${(100 * (Math.exp(r) - 1)).toFixed(1)} %`;
  console.log(
    `${ids.length} photos rotated ±15°: largest gain change, all pixels ${pct(worst.all)}, near-black skipped ${pct(worst.skipped)}`,
  );
  const sample = allIds().filter((_, k) => k % 8 === 0);
  let withBlack = 0;
  let largest = 0;
  for (const id of sample) {
    const { image } = await loadPhoto(id, `${DATA}/masks`);
    const share = nearBlack(image).reduce((s, v) => s + v, 0) / (image.width * image.height);
    if (share > 0) withBlack++;
    largest = Math.max(largest, share);
  }
  console.log(
    `${sample.length} photos: ${withBlack} with near-black pixels, at most ${(100 * largest).toFixed(1)} % of the frame`,
  );
}

void main();
