// Median CPU time of the texture and marks networks per photo, run as the engine runs them
// (crop-nets.ts, onnxruntime, one thread), on the input alone and with mirror averaging (the
// input and its mirror image, made once). Inputs: the 8-bit crops of dump-tensors.ts for the first
// 30 held-out photos. From the repository root, pinned to one core:
//   taskset -c 0 npx tsx training/tongue-features/bench-nets.ts
import { readFileSync } from 'node:fs';
import { MARKS_NET, mirrored, TEXTURE_NET } from '../../packages/analysis/src/tongue/features/crop-nets.js';

const ids = readFileSync('training/tongue-features/split/eval-ids.txt', 'utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, 30);
const inputs = ids.map((id) => new Uint8Array(readFileSync(`training/tongue-features/cache/tensors/${id}.u8`)));
const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

async function median(mirror: boolean): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < 8; round++) {
    for (const x of inputs) {
      const t = cpu();
      const flipped = mirror ? mirrored(x, MARKS_NET.meta.input) : undefined;
      await TEXTURE_NET.run(x, flipped);
      await MARKS_NET.run(x, flipped);
      if (round > 1) times.push(cpu() - t);
    }
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

for (let pass = 0; pass < 2; pass++) {
  console.log(
    `texture + marks networks, median ms CPU per photo: alone ${(await median(false)).toFixed(2)}, ` +
      `with mirror averaging ${(await median(true)).toFixed(2)}`,
  );
}
