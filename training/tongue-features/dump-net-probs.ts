// Runs the crop networks through the engine's own code (crop-nets.ts, onnxruntime) on the inputs
// that dump-tensors.ts (with and without --strips) wrote, and prints one JSON line per photo:
// choose_ensemble.py reads them, so the ensemble is chosen on the probabilities the product
// computes. Each network's probabilities are written twice: on the input alone (net, marks, sides)
// and averaged with its mirror image (net_m, marks_m, sides_m), for the per-network choice of
// mirror averaging. Run from the repository root (TONGUE_FEATURES_DIR: a candidate's models):
//   npx tsx training/tongue-features/dump-net-probs.ts [ID...] > training/tongue-features/cache/net-probs.jsonl
// Default: every expert-labelled photo outside the held-out split.
import { readFileSync } from 'node:fs';
import { MARKS_NET, mirrored, SIDES_NET, TEXTURE_NET } from '../../packages/analysis/src/tongue/features/crop-nets.js';
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
    // A texture network trained on the light-normalised crop reads that crop's input (dump-tensors.ts --band).
    const netInput =
      TEXTURE_NET.meta.normalization === 'band'
        ? new Uint8Array(readFileSync(`training/tongue-features/cache/tensors-band/${id}.u8`))
        : input;
    const strips = new Uint8Array(readFileSync(`training/tongue-features/cache/strips/${id}.u8`));
    const probs = {
      id,
      net: await TEXTURE_NET.run(netInput),
      marks: await MARKS_NET.run(input),
      sides: await SIDES_NET.run(strips),
      net_m: await TEXTURE_NET.run(netInput, mirrored(netInput, TEXTURE_NET.meta.input)),
      marks_m: await MARKS_NET.run(input, mirrored(input, MARKS_NET.meta.input)),
      sides_m: await SIDES_NET.run(strips, mirrored(strips, SIDES_NET.meta.input)),
    };
    process.stdout.write(`${JSON.stringify(probs)}\n`);
  }
}

void main();
