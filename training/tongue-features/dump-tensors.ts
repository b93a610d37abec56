// Writes the texture network's input of every TonguExpert photo (expert mask) as raw 8-bit
// planes, exactly what the engine feeds the network (networkInput in prepare.ts), so that
// training and use share one preprocessing. Run from the repository root:
//   npx tsx training/tongue-features/dump-tensors.ts [--masks DIR] [--out DIR] [--strips] [--band] [--shard I/N] [ID...]
// --strips writes the sides network's input (sideStrips in side-strips.ts) instead, default
// folder training/tongue-features/cache/strips.
// --band also writes, beside the input as taken (cache/tensors), the input of the band-normalised
// crop (color-norm.ts: normalizedCrop(crop, lightGains(photo)), what the engine feeds a network
// whose JSON says "normalization": "band") to cache/tensors-band, and the photo's gains (three
// float64, linear light) to cache/band-gains: train_cnn.py's light augmentation re-lights the
// crop as taken and normalises it again with these gains divided by its own.
// --shard I/N takes every N-th photo from the I-th (two processes share the work).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import {
  lightGains,
  networkInput,
  normalizedCrop,
  prepareCrop,
} from '../../packages/analysis/src/tongue/features/index.js';
import { classifyPixels } from '../../packages/analysis/src/tongue/features/pixels.js';
import { sideStrips } from '../../packages/analysis/src/tongue/features/side-strips.js';
import { allIds, DATA, loadPhoto, option, positional } from './load.js';

const CACHE = 'training/tongue-features/cache';

async function main(): Promise<void> {
  // --strips and --band are flags without a value: taken out before the options and IDs are read.
  const args = process.argv.slice(2).filter((a) => a !== '--strips' && a !== '--band');
  const maskDir = option(args, '--masks', `${DATA}/masks`);
  const strips = process.argv.includes('--strips');
  const band = process.argv.includes('--band');
  const outDir = option(args, '--out', `${CACHE}/${strips ? 'strips' : 'tensors'}`);
  const [shard, shards] = option(args, '--shard', '0/1').split('/').map(Number) as [number, number];
  const only = positional(args);
  mkdirSync(outDir, { recursive: true });
  if (band) mkdirSync(`${CACHE}/tensors-band`, { recursive: true });
  if (band) mkdirSync(`${CACHE}/band-gains`, { recursive: true });
  const ids = (only.length ? only : allIds()).filter((_, k) => k % shards === shard);
  for (const id of ids) {
    if (existsSync(`${outDir}/${id}.u8`) && (!band || existsSync(`${CACHE}/tensors-band/${id}.u8`))) continue;
    const { image, mask } = await loadPhoto(id, maskDir);
    const crop = prepareCrop(image, mask);
    if (!crop) continue;
    writeFileSync(`${outDir}/${id}.u8`, strips ? sideStrips(crop, classifyPixels(crop)) : networkInput(crop));
    if (!band) continue;
    const gains = lightGains(image);
    writeFileSync(`${CACHE}/tensors-band/${id}.u8`, networkInput(normalizedCrop(crop, gains)));
    writeFileSync(`${CACHE}/band-gains/${id}.f64`, new Float64Array(gains));
  }
}

void main();
