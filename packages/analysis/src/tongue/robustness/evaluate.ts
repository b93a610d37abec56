// `npm run -s eval:tongue-robust -w @tcm/analysis` (issue 36 item 2): the engine on the
// segmentation validation split under each distortion of distort.ts — segmentation mIoU against
// the expert mask moved the same way, and how often the body or coating colour label changes
// from the undistorted photo's (the engine's colour models read a light-normalised crop when
// theirs say so, features/color-norm.ts); then body and coating colour macro-F1 on the held-out
// expert labels. ROBUST_N=<n> evaluates the first n validation photos only; ROBUST_SOG=1 adds the
// same with the shades-of-grey colour-constancy step (light.ts) applied to the photo first.
import { decodePhoto } from '../decode.js';
import { extractTongueFeatures } from '../features/index.js';
import { expertLabels, heldOutIds, loadPhoto } from '../features/test-data.js';
import { locateTongue } from '../locate.js';
import { measureQuality } from '../measures.js';
import { assessQuality } from '../quality.js';
import { addCounts, count, scores, type Counts } from '../seg-metrics.js';
import { TONGUE_MODEL_VERSION } from '../segment.js';
import { readMask, readPhoto, validationIds } from '../test-data.js';
import type { RgbImage } from '../decode.js';
import { DISTORTIONS, distort } from './distort.js';
import { applyGains, toReferenceGains, TRAINING_LIGHT } from './light.js';
import { macroF1 } from './macro-f1.js';

interface ColorLabels {
  body: string;
  coating: string;
}
const colorLabels = async (img: RgbImage, mask: Uint8Array, constancy: boolean): Promise<ColorLabels> => {
  const f = await extractTongueFeatures(constancy ? applyGains(img, toReferenceGains(img, TRAINING_LIGHT)) : img, mask);
  return { body: f.bodyColor.label, coating: f.coatingColor.label };
};

const limit = Number(process.env.ROBUST_N ?? Infinity);
const withSog = process.env.ROBUST_SOG === '1';
const ids = validationIds().slice(0, limit);
const seg = Object.fromEntries(DISTORTIONS.map((d) => [d, { tp: 0, fp: 0, fn: 0, tn: 0 }]));
const base: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
let baseWarned = 0;
const changed = Object.fromEntries(
  DISTORTIONS.map((d) => [d, { plain: 0, body: 0, coating: 0, constancy: 0, warned: 0, n: 0 }]),
);
const t0 = performance.now();
for (const id of ids) {
  const photo = await decodePhoto(await readPhoto(id));
  const truth = await readMask(id);
  const region = await locateTongue(photo.work);
  addCounts(base, count(region.mask, truth.mask));
  if (!assessQuality(measureQuality(photo.work, region.mask, region.secondRatio)).ok) baseWarned++;
  const ref = await colorLabels(photo.work, region.mask, false);
  const refCc = withSog ? await colorLabels(photo.work, region.mask, true) : ref;
  for (const d of DISTORTIONS) {
    const dist = await distort(photo.work, truth.mask, d);
    const got = await decodePhoto(dist.jpeg);
    if (got.work.width !== dist.width) throw new Error(`${id} ${d}: evaluated at another size`);
    const r = await locateTongue(got.work);
    addCounts(seg[d]!, count(r.mask, dist.mask));
    const c = await colorLabels(got.work, r.mask, false);
    const cc = withSog ? await colorLabels(got.work, r.mask, true) : c;
    const row = changed[d]!;
    row.n++;
    // Would the engine have warned that the photo is too dark, too bright or cast?
    if (!assessQuality(measureQuality(got.work, r.mask, r.secondRatio)).ok) row.warned++;
    if (c.body !== ref.body || c.coating !== ref.coating) row.plain++;
    if (c.body !== ref.body) row.body++;
    if (c.coating !== ref.coating) row.coating++;
    if (cc.body !== refCc.body || cc.coating !== refCc.coating) row.constancy++;
  }
}
const f4 = (x: number) => x.toFixed(4);
const pct = (a: number, n: number) => `${((100 * a) / n).toFixed(1)} %`;
console.log(
  `model ${TONGUE_MODEL_VERSION}: ${ids.length} validation photos × ${DISTORTIONS.length} distortions, ` +
    `${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
const sogHead = withSog ? ' with shades-of-grey first |' : '';
console.log(
  `\n| distortion | mIoU (pooled) | colour labels changed | body | coating | quality warning |${sogHead}\n|---|---|---|---|---|---|${withSog ? '---|' : ''}`,
);
console.log(`| none | ${f4(scores(base).miou)} | – | – | – | ${pct(baseWarned, ids.length)} |${withSog ? ' – |' : ''}`);
for (const d of DISTORTIONS) {
  const c = changed[d]!;
  const sog = withSog ? ` ${pct(c.constancy, c.n)} |` : '';
  console.log(
    `| ${d} | ${f4(scores(seg[d]!).miou)} | ${pct(c.plain, c.n)} | ${pct(c.body, c.n)} | ${pct(c.coating, c.n)} | ${pct(c.warned, c.n)} |${sog}`,
  );
}

// Held-out expert labels (training never saw these photos): does the constancy step cost accuracy?
const labels = expertLabels();
const bodyOf = (l: string) => (l === 'pale' ? 'light' : l === 'light_red' ? 'regular' : 'dark');
const pairs = { body: [[], []] as [string, string][][], coating: [[], []] as [string, string][][] };
for (const id of heldOutIds()) {
  const row = labels.get(id);
  if (!row || (row.labels_zhi === 'NA' && row.labels_tai === 'NA')) continue;
  const p = await loadPhoto(id);
  for (const [k, constancy] of (withSog ? [false, true] : [false]).entries()) {
    const c = await colorLabels(p.image, p.mask, constancy);
    if (row.labels_zhi !== 'NA') pairs.body[k]!.push([row.labels_zhi!, bodyOf(c.body)]);
    if (row.labels_tai !== 'NA') pairs.coating[k]!.push([row.labels_tai!, c.coating]);
  }
}
console.log(`\n| held-out expert labels | n | macro-F1 |${sogHead}\n|---|---|---|${withSog ? '---|' : ''}`);
for (const k of ['body', 'coating'] as const) {
  const sog = withSog ? ` ${f4(macroF1(pairs[k][1]!))} |` : '';
  console.log(`| ${k} colour | ${pairs[k][0]!.length} | ${f4(macroF1(pairs[k][0]!))} |${sog}`);
}
