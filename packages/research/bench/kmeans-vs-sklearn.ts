/**
 * `npm run -s bench:kmeans -w @tcm/research`: the command line's k-means inertia against
 * scikit-learn's `KMeans(n_init=10)` on the same generated CSV files (Debian's python3-sklearn;
 * `apt-get install -y python3-sklearn`). Both standardise the columns the same way (mean, sample
 * sd) before clustering. Prints one line per set with the ratio ours / scikit-learn's (≤ 1.01 is
 * the target; below 1 means ours found a lower minimum) and the wall time of each. Not a test:
 * it needs Python and takes a while.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng } from '../src/rng.js';

/** Debian's Python, where python3-sklearn installs (a pyenv python3 first on PATH lacks it); PYTHON overrides. */
const PYTHON = process.env['PYTHON'] ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const SKLEARN = `
import sys, json, time
import numpy as np
from sklearn.cluster import KMeans
x = np.genfromtxt(sys.argv[1], delimiter=',', skip_header=1)
x = (x - x.mean(axis=0)) / np.where(x.std(axis=0, ddof=1) > 1e-12, x.std(axis=0, ddof=1), 1)
t = time.time()
km = KMeans(n_clusters=int(sys.argv[2]), n_init=10, random_state=0).fit(x)
print(json.dumps({"inertia": float(km.inertia_), "seconds": time.time() - t}))
`;

interface Set {
  name: string;
  k: number;
  rows: number[][];
}

/**
 * Blobs of `sizes[b]` points each, with normal noise of sd `sd[b]` (or `sd` for every blob), around
 * centres drawn in a cube of side `spread`.
 */
function gaussians(seed: number, dims: number, sizes: number[], sd: number | number[], spread: number): number[][] {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const rows: number[][] = [];
  sizes.forEach((n, b) => {
    const sdOf = typeof sd === 'number' ? sd : sd[b]!;
    const centre = Array.from({ length: dims }, () => spread * (rng.next() - 0.5));
    for (let i = 0; i < n; i++) rows.push(centre.map((c) => c + sdOf * normal()));
  });
  return rows;
}

/** The package benchmark's pool: 40 yes/no findings and 10 measurements tied to 5 syndromes. */
function findingsPool(seed: number, n: number): number[][] {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Array.from({ length: n }, () => {
    const k = rng.int(5);
    const f = Array.from({ length: 40 }, (_, j) => (rng.next() < (Math.floor(j / 8) === k ? 0.45 : 0.15) ? 1 : 0));
    const m = Array.from({ length: 10 }, (_, j) => normal() + (j % 5 === k ? 0.8 : 0));
    return [...f, ...m];
  });
}

const SETS: Set[] = [
  { name: 'unequal blobs 2-D (200/20/20)', k: 3, rows: gaussians(1, 2, [200, 20, 20], [1, 0.3, 0.3], 30) },
  {
    name: 'unequal blobs 10-D (1000/300/100/50/20)',
    k: 5,
    rows: gaussians(2, 10, [1000, 300, 100, 50, 20], [2, 1, 0.5, 0.5, 0.2], 12),
  },
  { name: 'overlapping blobs 8-D, k = 4', k: 4, rows: gaussians(3, 8, [800, 600, 400, 200], [1.5, 1.5, 1, 1], 4) },
  { name: 'no structure: 3,000 × 5 uniform noise, k = 6', k: 6, rows: gaussians(4, 5, [3000], 1, 0) },
  { name: '20-D, 8 blobs of 100–600', k: 8, rows: gaussians(5, 20, [600, 500, 400, 300, 250, 200, 150, 100], 1, 8) },
  { name: 'findings pool 5,000 × 50 (40 yes/no), k = 5', k: 5, rows: findingsPool(6, 5000) },
];

const dir = mkdtempSync(join(tmpdir(), 'kmeans-bench-'));
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let worst = 0;
try {
  for (const set of SETS) {
    const file = join(dir, 'set.csv');
    const header = set.rows[0]!.map((_, j) => `c${j}`).join(',');
    writeFileSync(file, `${header}\n${set.rows.map((r) => r.join(',')).join('\n')}\n`);
    const t0 = performance.now();
    const ours = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'kmeans', file, '--k', String(set.k)], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const oursSeconds = (performance.now() - t0) / 1000;
    if (ours.status !== 0) throw new Error(`command line failed: ${ours.stderr}`);
    const sk = spawnSync(PYTHON, ['-c', SKLEARN, file, String(set.k)], { encoding: 'utf8' });
    if (sk.status !== 0) throw new Error(`scikit-learn failed: ${sk.stderr}`);
    const a = (JSON.parse(ours.stdout) as { inertia: number }).inertia;
    const b = JSON.parse(sk.stdout) as { inertia: number; seconds: number };
    const ratio = a / b.inertia;
    worst = Math.max(worst, ratio);
    console.log(
      `${set.name.padEnd(46)} ours ${a.toFixed(3).padStart(12)}  sklearn ${b.inertia.toFixed(3).padStart(12)}  ratio ${ratio.toFixed(5)}  ${ratio <= 1.01 ? 'ok' : 'OVER 1.01'}  (ours ${oursSeconds.toFixed(1)} s with start-up, sklearn fit ${b.seconds.toFixed(2)} s)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`worst ratio ${worst.toFixed(5)}: ${worst <= 1.01 ? 'every set within 1 %' : 'NOT within 1 %'}`);
