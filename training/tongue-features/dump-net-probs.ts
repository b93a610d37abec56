// Runs the crop networks through the engine's own code (crop-nets.ts, onnxruntime) on the inputs
// that dump-tensors.ts (with and without --strips) wrote, and prints one JSON line per photo:
// choose_ensemble.py reads them, so the ensemble is chosen on the probabilities the product
// computes. Run from the repository root:
//   npx tsx training/tongue-features/dump-net-probs.ts [ID...] > training/tongue-features/cache/net-probs.jsonl
// Default: every expert-labelled photo outside the held-out split.
import { readFileSync } from 'node:fs';
import { MARKS_NET, SIDES_NET, TEXTURE_NET } from '../../packages/analysis/src/tongue/features/crop-nets.js';
import { DATA, positional } from './load.js';

function expertIds(): string[] {
  const held = new Set(readFileSync('training/tongue-features/split/eval-ids.txt', 'utf8').split('\n'));
  return readFileSync(`${DATA}/labels-manual.tsv`, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[0]!)
    .filter((id) => id && !held.has(id));
}

async function main(): Promise<void> {
  const only = positional(process.argv.slice(2));
  for (const id of only.length ? only : expertIds()) {
    // Copies: a Buffer may be a view into a shared pool, a tensor wants its own bytes.
    const input = new Uint8Array(readFileSync(`training/tongue-features/cache/tensors/${id}.u8`));
    const net = await TEXTURE_NET.run(input);
    const marks = await MARKS_NET.run(input);
    const sides = await SIDES_NET.run(new Uint8Array(readFileSync(`training/tongue-features/cache/strips/${id}.u8`)));
    process.stdout.write(`${JSON.stringify({ id, net, marks, sides })}\n`);
  }
}

void main();
