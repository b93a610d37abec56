// Runs the engine's extractTongueFeatures (the code path the product uses) on TonguExpert
// photos and prints one JSON line per photo with the probabilities evaluate.py scores.
//   npx tsx training/tongue-features/predict.ts [--masks DIR] [--ids FILE] > predictions.jsonl
// Default: the held-out photos (split/eval-ids.txt) with the expert masks.
import { readFileSync } from 'node:fs';
import { extractTongueFeatures } from '../../packages/analysis/src/tongue/features/index.js';
import { DATA, loadPhoto, option } from './load.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const maskDir = option(args, '--masks', `${DATA}/masks`);
  const ids = readFileSync(option(args, '--ids', 'training/tongue-features/split/eval-ids.txt'), 'utf8')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids) {
    const { image, mask } = await loadPhoto(id, maskDir);
    const f = await extractTongueFeatures(image, mask);
    const body = f.bodyColor.probabilities;
    const line = {
      id,
      coating: f.coatingColor.probabilities,
      body: { pale: body.pale, light_red: body.light_red, dark: body.red + body.crimson + body.purple },
      cracks: f.cracks.probabilities,
      teeth: f.toothMarks.probabilities,
      labels: {
        coating: f.coatingColor.label,
        body: f.bodyColor.label,
        cracks: f.cracks.label,
        teeth: f.toothMarks.label,
      },
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

void main();
