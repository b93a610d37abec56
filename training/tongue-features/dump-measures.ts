// Writes the measurement vector of every TonguExpert photo (expert mask) as JSON lines, the
// training and evaluation input of train.py. Run from the repository root:
//   npx tsx training/tongue-features/dump-measures.ts [--masks DIR] > training/tongue-features/cache/measures.jsonl
// --masks DIR reads <DIR>/<SID>.png instead of the expert masks (predicted masks).
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { measure, prepareCrop } from '../../packages/analysis/src/tongue/features/index.js';

const DATA = process.env.TONGUE_DATA ?? '../shared/data/tongue';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mi = args.indexOf('--masks');
  const maskDir = mi >= 0 ? args[mi + 1]! : `${DATA}/masks`;
  const only = args.filter((a, k) => !a.startsWith('--') && (mi < 0 || k !== mi + 1));
  const ids = only.length
    ? only
    : readdirSync(`${DATA}/images`)
        .filter((f) => f.endsWith('.jpg'))
        .map((f) => f.slice(0, -4))
        .sort();
  for (const id of ids) {
    const img = await sharp(`${DATA}/images/${id}.jpg`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const m = await sharp(`${maskDir}/${id}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
    const mask = new Uint8Array(m.info.width * m.info.height);
    for (let i = 0; i < mask.length; i++) mask[i] = m.data[i]! > 127 ? 1 : 0;
    const crop = prepareCrop({ data: new Uint8Array(img.data), width: img.info.width, height: img.info.height }, mask);
    if (!crop) continue;
    const { v } = measure(crop);
    process.stdout.write(`${JSON.stringify({ id, ...v })}\n`);
  }
}

void main();
