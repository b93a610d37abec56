// Writes the texture network's input of every TonguExpert photo (expert mask) as raw 8-bit
// planes, exactly what the engine feeds the network (networkInput in prepare.ts), so that
// training and use share one preprocessing. Run from the repository root:
//   npx tsx training/tongue-features/dump-tensors.ts [--masks DIR] [--out DIR] [--strips] [ID...]
// --strips writes the sides network's input (sideStrips in side-strips.ts) instead, default
// folder training/tongue-features/cache/strips.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { networkInput, prepareCrop } from '../../packages/analysis/src/tongue/features/index.js';
import { classifyPixels } from '../../packages/analysis/src/tongue/features/pixels.js';
import { sideStrips } from '../../packages/analysis/src/tongue/features/side-strips.js';
import { allIds, DATA, loadPhoto, option, positional } from './load.js';

async function main(): Promise<void> {
  // --strips is a flag without a value: taken out before the options and IDs are read.
  const args = process.argv.slice(2).filter((a) => a !== '--strips');
  const maskDir = option(args, '--masks', `${DATA}/masks`);
  const strips = process.argv.includes('--strips');
  const outDir = option(args, '--out', `training/tongue-features/cache/${strips ? 'strips' : 'tensors'}`);
  const only = positional(args);
  mkdirSync(outDir, { recursive: true });
  for (const id of only.length ? only : allIds()) {
    if (existsSync(`${outDir}/${id}.u8`)) continue;
    const { image, mask } = await loadPhoto(id, maskDir);
    const crop = prepareCrop(image, mask);
    if (crop) writeFileSync(`${outDir}/${id}.u8`, strips ? sideStrips(crop, classifyPixels(crop)) : networkInput(crop));
  }
}

void main();
