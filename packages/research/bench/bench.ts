/**
 * `npm run bench -w @tcm/research`: wall and CPU seconds of the issue-20 workloads on generated
 * pools of 10k and 100k samples × 50 variables (40 findings, 10 measurements, 5 syndromes):
 * k-means (k = 5; one seeding and the default 10 restarts), 5-fold random forest with 100 trees (cross-validation only, as the target
 * states; importance timed apart), and association tables of 200 findings × 50 syndromes.
 * Prints numbers; asserts nothing. BENCH_SIZES=10000 limits the sizes; BENCH_RF_100K=1 also
 * times the forest at 100k (cross-validation only; minutes).
 */
import { cpus, loadavg } from 'node:os';
import {
  type Cell,
  type Dataset,
  type Variable,
  associate,
  createRng,
  encodeDataset,
  fitEncoding,
  kmeans,
  trainClassifier,
} from '../src/index.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const SYNDROMES = ['damp-heat', 'qi-deficiency', 'yin-deficiency', 'blood-stasis', 'liver-qi'];

/** Findings depend on the syndrome (each syndrome raises 8 of them), measurements shift with it. */
function pool(n: number, seed: number): Dataset {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const variables: Variable[] = [
    { key: 'syndrome', type: 'categorical', kind: 'syndrome', levels: SYNDROMES },
    ...Array.from({ length: 40 }, (_, j): Variable => ({ key: `f${j}`, type: 'binary', kind: 'finding' })),
    ...Array.from({ length: 10 }, (_, j): Variable => ({ key: `m${j}`, type: 'numeric', kind: 'vital' })),
  ];
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const k = rng.int(SYNDROMES.length);
    const row: Cell[] = [SYNDROMES[k]];
    for (let j = 0; j < 40; j++) row.push(rng.next() < (Math.floor(j / 8) === k ? 0.45 : 0.15));
    for (let j = 0; j < 10; j++) row.push(normal() + (j % SYNDROMES.length === k ? 0.8 : 0));
    rows.push(row);
  }
  return { variables, rows };
}

/** 200 findings × 50 syndromes, all binary; each syndrome is tied to 4 findings. */
function associationPool(n: number, seed: number): Dataset {
  const rng = createRng(seed);
  const variables: Variable[] = [
    ...Array.from({ length: 200 }, (_, j): Variable => ({ key: `f${j}`, type: 'binary', kind: 'finding' })),
    ...Array.from({ length: 50 }, (_, j): Variable => ({ key: `s${j}`, type: 'binary', kind: 'syndrome' })),
  ];
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const syndromes = Array.from({ length: 50 }, () => rng.next() < 0.1);
    const findings = Array.from({ length: 200 }, (_, j) => rng.next() < (syndromes[j % 50] ? 0.4 : 0.1));
    rows.push([...findings, ...syndromes]);
  }
  return { variables, rows };
}

/** `target` in seconds: the line ends with the verdict for the wall time and for the CPU time. */
function time<T>(label: string, run: () => T, target?: number): T {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const out = run();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  const verdict =
    target === undefined
      ? ''
      : `   target ≤ ${target} s: wall ${wall <= target ? 'met' : 'NOT met'}, cpu ${cpu <= target ? 'met' : 'NOT met'}`;
  console.log(
    `${label.padEnd(58)} wall ${wall.toFixed(2).padStart(7)} s   cpu ${cpu.toFixed(2).padStart(7)} s${verdict}`,
  );
  return out;
}

console.log(
  `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const n of SIZES) {
  const label = `${n / 1000}k`;
  const data = pool(n, 1);
  const matrix = time(`${label} × 50: encode (standardised)`, () =>
    encodeDataset(
      fitEncoding(
        data,
        data.variables.slice(1).map((v) => v.key),
        { standardize: true },
      ),
      data,
    ),
  );
  const one = time(`${label} × 50: k-means k=5, one seeding`, () => kmeans(matrix, { k: 5, seed: 1, restarts: 1 }));
  // The default since issue 32: 10 k-means++ restarts, the best inertia kept (target ≤ 3 s at 100k).
  const km = time(
    `${label} × 50: k-means k=5, 10 restarts`,
    () => kmeans(matrix, { k: 5, seed: 1, restarts: 10 }),
    n === 100_000 ? 3 : undefined,
  );
  console.log(
    `${''.padEnd(4)}k-means: inertia ${km.inertia.toFixed(1)} (one seeding ${one.inertia.toFixed(1)}), best restart ${km.iterations} iterations, converged ${km.converged}`,
  );
  if (n <= 10000 || process.env.BENCH_RF_100K === '1') {
    const features = data.variables.slice(1).map((v) => v.key);
    const spec = { kind: 'random-forest' as const, target: 'syndrome', features, seed: 1, forest: { trees: 100 } };
    const rf = time(
      `${label} × 50: 5-fold random forest, 100 trees`,
      () => trainClassifier(data, { ...spec, importance: false }),
      n === 10_000 ? 30 : undefined,
    );
    console.log(
      `${''.padEnd(4)}out-of-fold accuracy ${rf.evaluation.accuracy.toFixed(3)}, macro-F1 ${rf.evaluation.macroF1.toFixed(3)}; model JSON ${(JSON.stringify(rf.model).length / 1e6).toFixed(1)} MB`,
    );
    if (n <= 10000) {
      // What a server job runs: cross-validation, permutation importance, then the final model.
      const server = { ...spec, forest: { trees: 100, minSamplesLeaf: 5 } };
      time(`${label} × 50: as a job does (minSamplesLeaf 5, importance, final)`, () => trainClassifier(data, server));
    }
  }
  const assoc = associationPool(n, 2);
  const result = time(
    `${label}: association 200 findings × 50 syndromes`,
    () => associate(assoc),
    n === 100_000 ? 1 : undefined,
  );
  console.log(
    `${''.padEnd(4)}${result.rows.length} tables, ${result.rows.filter((r) => r.significant).length} significant at q < 0.05`,
  );
}
console.log(
  `load at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
