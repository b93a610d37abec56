/**
 * Benchmark: `npx tsx packages/analysis/src/synthesis/bench.ts` prints the mean time per call (µs)
 * of questionnaire scoring, vitals assessment and full synthesis on the committed examples.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { scoreConstitution } from '../constitution/score.js';
import { assessVitals } from '../vitals/index.js';
import { synthesize } from './synthesize.js';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

function time(label: string, n: number, fn: () => unknown): void {
  for (let i = 0; i < 200; i++) fn(); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  process.stdout.write(`${label.padEnd(44)} ${us.toFixed(1).padStart(8)} µs/call  (${n} calls)\n`);
}

// The machine is shared: print its load so that numbers from different runs can be compared.
process.stdout.write(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${cpus().length} cores\n`,
);
const q = example('constitution-qi-deficiency-female.json');
const full = example('synthesize-qi-deficiency.json');
const partial = example('synthesize-partial-team-config.json');
time('constitution: score 60 answers', 20000, () => scoreConstitution(q));
time('vitals: 13 measures + 2 history records', 20000, () =>
  assessVitals({ sex: full.sex, vitals: full.vitals, history: full.history }),
);
time('synthesize: all six modalities', 5000, () => synthesize(full));
time('synthesize: tongue + vitals + team config', 5000, () => synthesize(partial));
