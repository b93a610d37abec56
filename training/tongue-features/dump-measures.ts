// Writes the measurement vector of every TonguExpert photo (expert mask) as JSON lines, the
// training and evaluation input of train.py. Run from the repository root:
//   npx tsx training/tongue-features/dump-measures.ts [--masks DIR] [ID...] > training/tongue-features/cache/measures.jsonl
// --masks DIR reads <DIR>/<SID>.png instead of the expert masks (predicted masks).
import { measure, prepareCrop } from '../../packages/analysis/src/tongue/features/index.js';
import { allIds, DATA, loadPhoto, option, positional } from './load.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const maskDir = option(args, '--masks', `${DATA}/masks`);
  const only = positional(args);
  for (const id of only.length ? only : allIds()) {
    const { image, mask } = await loadPhoto(id, maskDir);
    const crop = prepareCrop(image, mask);
    if (!crop) continue;
    process.stdout.write(`${JSON.stringify({ id, ...measure(crop).v })}\n`);
  }
}

void main();
