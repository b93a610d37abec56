// Writes the texture network's input of every TonguExpert photo (expert mask) as raw 8-bit
// planes, exactly what the engine feeds the network (networkInput in prepare.ts), so that
// training and use share one preprocessing. Run from the repository root:
//   npx tsx training/tongue-features/dump-tensors.ts [--masks DIR] [--out DIR] [ID...]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { networkInput, prepareCrop } from '../../packages/analysis/src/tongue/features/index.js';
import { allIds, DATA, loadPhoto, option, positional } from './load.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const maskDir = option(args, '--masks', `${DATA}/masks`);
  const outDir = option(args, '--out', 'training/tongue-features/cache/tensors');
  const only = positional(args);
  mkdirSync(outDir, { recursive: true });
  for (const id of only.length ? only : allIds()) {
    if (existsSync(`${outDir}/${id}.u8`)) continue;
    const { image, mask } = await loadPhoto(id, maskDir);
    const crop = prepareCrop(image, mask);
    if (crop) writeFileSync(`${outDir}/${id}.u8`, networkInput(crop));
  }
}

void main();
