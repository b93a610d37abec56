// mIoU of the engine on the phone-like validation set that training/tongue-seg/phone_val.py
// builds from the validation photos (composed and captured as phones do: framing, light, JPEG
// 30-70, 400-1000 px; never committed, as the photos it is made from). Printed by
// `npm run -s eval:tongue-seg -w @tcm/analysis` beside the device photos' figures: the held half
// (which no training run chose by), the select half (which train_gpu.py chose checkpoints on),
// and all photos by framing and by light.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { decodePhoto } from './decode.js';
import { locateTongue } from './locate.js';
import { addCounts, count, scores, type Counts } from './seg-metrics.js';

export const PHONE_VAL_DIR =
  process.env.PHONE_VAL_DIR ?? new URL('../../../../training/.cache/phone-val/', import.meta.url).pathname;

interface Row {
  name: string;
  half: string;
  framing: string;
  light: string;
}

const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0, tn: 0 });

async function readBinaryMask(path: string): Promise<Uint8Array> {
  const { data, info } = await sharp(path).greyscale().raw().toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(info.width * info.height);
  for (let p = 0; p < mask.length; p++) mask[p] = data[p * info.channels]! > 127 ? 1 : 0;
  return mask;
}

export async function evaluatePhoneSet(dir: string): Promise<void> {
  const manifest = `${dir}/manifest.tsv`;
  if (!existsSync(manifest)) {
    console.log(`phone-like set: none at ${dir} (build it: /usr/bin/python3 training/tongue-seg/phone_val.py)`);
    return;
  }
  const [head, ...lines] = readFileSync(manifest, 'utf8').trim().split('\n');
  const cols = head!.split('\t');
  const rows: Row[] = lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i], v])) as unknown as Row);
  const groups = new Map<string, { c: Counts; n: number }>();
  const tongueIous: { half: string; iou: number }[] = [];
  for (const r of rows) {
    const { work } = await decodePhoto(await readFile(`${dir}/images/${r.name}.jpg`));
    const truth = await readBinaryMask(`${dir}/masks/${r.name}.png`);
    if (truth.length !== work.width * work.height)
      throw new Error(`${r.name}: not evaluated at the original resolution`);
    const c = count((await locateTongue(work)).mask, truth);
    tongueIous.push({ half: r.half, iou: scores(c).iouTongue });
    for (const key of [`half ${r.half}`, 'all', `framing ${r.framing}`, `light ${r.light}`]) {
      const g = groups.get(key) ?? { c: zero(), n: 0 };
      addCounts(g.c, c);
      g.n++;
      groups.set(key, g);
    }
  }
  const f = (x: number) => x.toFixed(4);
  console.log(`phone-like set: ${rows.length} photos (${dir})`);
  for (const [key, { c, n }] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const s = scores(c);
    console.log(
      `  ${key.padEnd(16)} n ${String(n).padStart(3)}: mIoU ${f(s.miou)} (tongue ${f(s.iouTongue)}), Dice ${f(s.dice)}`,
    );
  }
  for (const half of ['held', 'select']) {
    const ious = tongueIous.filter((t) => t.half === half).map((t) => t.iou);
    console.log(
      `  ${half} half per photo: worst tongue IoU ${f(Math.min(...ious))}, tongue IoU < 0.5: ${ious.filter((x) => x < 0.5).length}, < 0.05 (missed): ${ious.filter((x) => x < 0.05).length}`,
    );
  }
}
