// Segmentation evaluation on the validation split (training/tongue-seg/val-ids.txt), at each
// photo's original resolution, through the engine's own path (decode, network, bilinear
// logits, post-processing): `npm run -s eval:tongue-seg -w @tcm/analysis`.
// Prints mIoU (mean of tongue and background IoU) and Dice, pooled over all pixels and as the
// mean over photos: the thresholded logits alone, cleaned (largest region, holes) without and
// with the logit blur (the engine's post-processing). Then the phone-like wide frames: the first
// WIDE validation tongues composed into the held-out face photo (as tongue.test.ts does with 4).
// Last the phone-like validation set (training/tongue-seg/phone_val.py), when it has been built.
import { decodePhoto } from './decode.js';
import { regionFromLogits } from './locate.js';
import { upsampleThreshold } from './mask.js';
import { addCounts, count, scores, type Counts, type Scores } from './seg-metrics.js';
import { segmentLogits, SEG_INPUT, TONGUE_MODEL_VERSION } from './segment.js';
import { readMask, readPhoto, validationIds } from './test-data.js';
import { tongueInFace } from './test-composites.js';
import { locateTongue } from './locate.js';
import { evaluatePhoneSet, PHONE_VAL_DIR } from './phone-val.js';

const ids = validationIds();
const variants = ['thresholded', 'cleaned, no blur', 'post-processed'] as const;
const pooled = variants.map((): Counts => ({ tp: 0, fp: 0, fn: 0, tn: 0 }));
const perPhoto = variants.map((): Scores[] => []);
for (const id of ids) {
  const photo = await decodePhoto(await readPhoto(id));
  const truth = await readMask(id);
  const { width: w, height: h } = truth;
  if (photo.work.width !== w || photo.work.height !== h)
    throw new Error(`${id}: not evaluated at the original resolution`);
  const logits = await segmentLogits(photo.work);
  const preds = [
    upsampleThreshold(logits, SEG_INPUT, w, h),
    regionFromLogits(logits, SEG_INPUT, w, h, false).mask,
    regionFromLogits(logits, SEG_INPUT, w, h).mask,
  ];
  preds.forEach((pred, v) => {
    const c = count(pred, truth.mask);
    addCounts(pooled[v]!, c);
    perPhoto[v]!.push(scores(c));
  });
}
const f = (x: number) => x.toFixed(4);
console.log(`model ${TONGUE_MODEL_VERSION}: ${ids.length} validation photos at their original resolution`);
variants.forEach((name, v) => {
  const s = scores(pooled[v]!);
  const per = perPhoto[v]!;
  const mean = (k: keyof Scores) => per.reduce((a, r) => a + r[k], 0) / per.length;
  console.log(
    `${name.padEnd(15)} pooled: mIoU ${f(s.miou)} (tongue ${f(s.iouTongue)}, background ${f(s.iouBackground)}), Dice ${f(s.dice)}` +
      ` | per photo: mean mIoU ${f(mean('miou'))}, mean Dice ${f(mean('dice'))}, worst tongue IoU ${f(Math.min(...per.map((r) => r.iouTongue)))}`,
  );
});

// Wide frames: tongue IoU, leak (false tongue / tongue) and the second region the quality check
// would refuse at 0.3 ("more than one tongue").
const WIDE = Number(process.env.WIDE ?? 16);
// The leak counts every false tongue pixel; "on the face" only those outside the pasted photo (most
// of the rest lie on the pasted photo's own lips and teeth, see the model card).
const wide: { iou: number; leak: number; onFace: number; second: number }[] = [];
for (const id of ids.slice(0, WIDE)) {
  const comp = await tongueInFace(id);
  const { work } = await decodePhoto(comp.jpeg);
  const region = await locateTongue(work);
  const c = count(region.mask, comp.truth);
  let onFace = 0;
  for (let p = 0; p < comp.face.length; p++) if (region.mask[p] && comp.face[p]) onFace++;
  const area = c.tp + c.fn;
  wide.push({ iou: scores(c).iouTongue, leak: c.fp / area, onFace: onFace / area, second: region.secondRatio });
}
const max = (k: 'leak' | 'onFace' | 'second') => Math.max(...wide.map((w) => w[k]));
console.log(
  `wide frames (${wide.length} validation tongues in the held-out face): mean tongue IoU ${f(wide.reduce((a, w) => a + w.iou, 0) / wide.length)},` +
    ` worst ${f(Math.min(...wide.map((w) => w.iou)))}; leak max ${f(max('leak'))} (on the face itself ${f(max('onFace'))});` +
    ` leak mean ${f(wide.reduce((a, w) => a + w.leak, 0) / wide.length)};` +
    // A tongue found at under half its area is a miss of its own (model card, session 20 rule).
    ` missed (IoU < 0.5) ${wide.filter((w) => w.iou < 0.5).length};` +
    ` second region max ${f(max('second'))}` +
    ` (${wide.filter((w) => w.second >= 0.3).length} at or over 0.3)`,
);

await evaluatePhoneSet(PHONE_VAL_DIR);
