// `npm run -s face:reference -w @tcm/analysis [-- --write]`: runs the repeatability study on the
// shared portraits and prints its tables (markdown, for docs/face.md); with --write it also
// stores the figures in face-reference.json, which the engine reads to mark low-confidence scores.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FACE_ENGINE_VERSION } from '../analyze.js';
import { PORTRAITS, portraitPath } from '../test-images.js';
import { runFaceReference } from './study.js';
import { referenceTables } from './tables.js';

sharp.concurrency(1);
const portraits = Object.fromEntries(
  await Promise.all(PORTRAITS.map(async (p) => [p, await readFile(portraitPath(p))] as const)),
);
const ref = await runFaceReference(portraits, FACE_ENGINE_VERSION);
process.stdout.write(referenceTables(ref));
if (process.argv.includes('--write')) {
  const out = new URL('./face-reference.json', import.meta.url);
  await writeFile(out, `${JSON.stringify(ref, null, 1)}\n`);
  process.stdout.write(`\nwritten ${out.pathname}\n`);
}
