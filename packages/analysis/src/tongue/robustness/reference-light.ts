// `npx tsx packages/analysis/src/tongue/robustness/reference-light.ts`: the median shades-of-grey
// estimate (linear R, G, B) over the photos the colour models were trained on (neither the
// segmentation validation split nor the features' held-out photos), printed for light.ts.
import { readdirSync } from 'node:fs';
import { heldOutIds } from '../features/test-data.js';
import { readRgb, TONGUE_DATA, validationIds } from '../test-data.js';
import { shadesOfGreyEstimate } from './light.js';

const skip = new Set([...validationIds(), ...heldOutIds()]);
const ids = readdirSync(new URL('images/', TONGUE_DATA))
  .map((f) => f.replace(/\.jpg$/, ''))
  .filter((id) => !skip.has(id))
  .filter((_, k) => k % 4 === 0);
const est: [number, number, number][] = [];
for (const id of ids) est.push(shadesOfGreyEstimate(await readRgb(id)));
const med = (c: number) => est.map((e) => e[c]!).sort((a, b) => a - b)[est.length >> 1]!;
console.log(`${est.length} training photos: reference [${[0, 1, 2].map((c) => med(c).toFixed(4)).join(', ')}]`);
