import { describe, expect, it } from 'vitest';
import { EngineError } from '@tcm/contract';
import { matrixFromRows } from '../features.js';
import { createRng } from '../rng.js';
import { cutTree, hierarchical } from './hierarchical.js';
import { elbow, kmeans } from './kmeans.js';
import { pca } from './pca.js';
import { clusterProfiles } from './profiles.js';
import { silhouette } from './silhouette.js';
import scipyLinkage from './scipy-linkage.json' with { type: 'json' };

/** `perCluster` points around each center, normal noise of sd `spread` (Box–Muller, seeded). */
function blobs(
  centres: number[][],
  perCluster: number,
  spread: number,
  seed: number,
): { rows: number[][]; truth: number[] } {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const rows: number[][] = [];
  const truth: number[] = [];
  centres.forEach((c, k) => {
    for (let i = 0; i < perCluster; i++) {
      rows.push(c.map((v) => v + spread * normal()));
      truth.push(k);
    }
  });
  return { rows, truth };
}

/** Same partition up to renaming of the clusters. */
function samePartition(a: number[], b: number[]): boolean {
  const map = new Map<number, number>();
  return (
    a.every((x, i) => {
      if (!map.has(x)) map.set(x, b[i] as number);
      return map.get(x) === b[i];
    }) && new Set(map.values()).size === map.size
  );
}

describe('k-means', () => {
  const centres = [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ];
  const { rows, truth } = blobs(centres, 50, 1, 3);
  const m = matrixFromRows(rows);

  it('recovers well-separated clusters and is reproducible from its seed', () => {
    const a = kmeans(m, { k: 4, seed: 42 });
    expect(samePartition(a.labels, truth)).toBe(true);
    expect(a.sizes.sort()).toEqual([50, 50, 50, 50]);
    expect(a.converged).toBe(true);
    expect(kmeans(m, { k: 4, seed: 42 })).toEqual(a);
  });

  it('inertia is the sum of squared distances to the centroids', () => {
    const r = kmeans(m, { k: 4, seed: 1 });
    let inertia = 0;
    rows.forEach((row, i) => {
      const c = r.centroids[r.labels[i] as number] as number[];
      inertia += row.reduce((s, v, j) => s + (v - (c[j] as number)) ** 2, 0);
    });
    expect(r.inertia).toBeCloseTo(inertia, 6);
  });

  it('elbow: inertia falls with k and flattens after the true k', () => {
    const curve = elbow(m, { kMin: 1, kMax: 6, seed: 1 });
    expect(curve.map((p) => p.k)).toEqual([1, 2, 3, 4, 5, 6]);
    const inertia = curve.map((p) => p.inertia);
    for (let i = 1; i < inertia.length; i++) expect(inertia[i]).toBeLessThan(inertia[i - 1] as number);
    // The drop from 3 to 4 clusters dwarfs the drop from 4 to 5.
    expect((inertia[2] as number) - (inertia[3] as number)).toBeGreaterThan(
      10 * ((inertia[3] as number) - (inertia[4] as number)),
    );
  });

  /**
   * A crowded wide blob and two small tight ones side by side far from it: one seeding often
   * splits the wide blob and merges the small pair (inertia ~500 against ~400), a local minimum.
   */
  function unequal(seed: number): number[][] {
    const rng = createRng(seed);
    const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    const out: number[][] = [];
    for (let i = 0; i < 200; i++) out.push([normal(), normal()]);
    const angle = 2 * Math.PI * rng.next();
    const [bx, by] = [10 * Math.cos(angle), 10 * Math.sin(angle)];
    for (const [cx, cy] of [
      [bx, by],
      [bx + 5 * Math.sin(angle), by - 5 * Math.cos(angle)],
    ] as const) {
      for (let i = 0; i < 20; i++) out.push([cx + 0.3 * normal(), cy + 0.3 * normal()]);
    }
    return out;
  }

  it('with its default restarts reaches the optimum of 200 seedings on unequal blobs (local minima)', () => {
    for (let set = 1; set <= 8; set++) {
      const x = matrixFromRows(unequal(set));
      let optimum = Infinity;
      for (let seed = 1; seed <= 200; seed++)
        optimum = Math.min(optimum, kmeans(x, { k: 3, seed, restarts: 1 }).inertia);
      const r = kmeans(x, { k: 3 });
      expect(r.inertia, `set ${set}`).toBeLessThanOrEqual(optimum * (1 + 1e-9));
      expect(r.restarts).toBe(10);
      expect(
        [...r.sizes].sort((a, b) => a - b),
        `set ${set}`,
      ).toEqual([20, 20, 200]);
    }
  });

  it('more restarts never end worse (the best inertia is kept)', () => {
    const x = matrixFromRows(unequal(2));
    const one = kmeans(x, { k: 3, restarts: 1 }).inertia;
    expect(kmeans(x, { k: 3, restarts: 5 }).inertia).toBeLessThanOrEqual(one);
    expect(() => kmeans(x, { k: 3, restarts: 0 })).toThrow(EngineError);
  });

  it('identical samples give one cluster and empty ones, never split copies', () => {
    const r = kmeans(matrixFromRows(Array.from({ length: 27 }, () => [0, 0])), { k: 3 });
    expect(r.sizes).toEqual([27, 0, 0]);
    expect(r.inertia).toBe(0);
  });

  it('refuses k larger than the samples', () => {
    expect(() => kmeans(matrixFromRows([[1], [2]]), { k: 3 })).toThrow(EngineError);
    expect(() => kmeans(m, { k: 0 })).toThrow(/k/);
  });
});

describe('silhouette', () => {
  it('matches the hand computation on a line', () => {
    // Points 0, 1 (cluster A) and 4, 5 (cluster B).
    // s(0) = 1 − 1/4.5 = 7/9, s(1) = 1 − 1/3.5 = 5/7, symmetric for B; mean = 94/126.
    const r = silhouette(matrixFromRows([[0], [1], [4], [5]]), [0, 0, 1, 1]);
    expect(r.values[0]).toBeCloseTo(7 / 9, 12);
    expect(r.values[1]).toBeCloseTo(5 / 7, 12);
    expect(r.mean).toBeCloseTo(94 / 126, 12);
    expect(r.perCluster).toEqual([
      { cluster: 0, size: 2, mean: expect.closeTo(94 / 126, 12) },
      { cluster: 1, size: 2, mean: expect.closeTo(94 / 126, 12) },
    ]);
    expect(r.sampled).toBe(false);
  });

  it('gives 0 to a sample alone in its cluster', () => {
    expect(silhouette(matrixFromRows([[0], [1], [9]]), [0, 0, 1]).values[2]).toBe(0);
  });

  it('samples a seeded subset above sampleSize', () => {
    const { rows, truth } = blobs(
      [
        [0, 0],
        [8, 8],
      ],
      300,
      1,
      5,
    );
    const r = silhouette(matrixFromRows(rows), truth, { sampleSize: 100, seed: 2 });
    expect(r.sampled).toBe(true);
    expect(r.values).toHaveLength(100);
    expect(r.mean).toBeGreaterThan(0.7);
  });
});

describe('hierarchical', () => {
  // scipy 1.17.1 scipy.cluster.hierarchy.linkage(X, 'ward' | 'average'), rows [left, right, height, size].
  it('1-D points 0, 1, 5, 6, 20', () => {
    const m = matrixFromRows([[0], [1], [5], [6], [20]]);
    const ward = hierarchical(m, { method: 'ward' }).merges.map((x) => [x.left, x.right, x.height, x.size]);
    const expectedWard = [
      [0, 1, 1, 2],
      [2, 3, 1, 2],
      [5, 6, 7.07106781, 4],
      [4, 7, 21.50348809, 5],
    ];
    ward.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(expectedWard[i]![j]!, 6)));
    const average = hierarchical(m, { method: 'average' }).merges.map((x) => [x.left, x.right, x.height, x.size]);
    expect(average).toEqual([
      [0, 1, 1, 2],
      [2, 3, 1, 2],
      [5, 6, 5, 4],
      [4, 7, 17, 5],
    ]);
  });

  it('2-D points against scipy', () => {
    const m = matrixFromRows(scipyLinkage.points);
    for (const method of ['ward', 'average'] as const) {
      const got = hierarchical(m, { method }).merges.map((x) => [x.left, x.right, x.height, x.size]);
      const want = scipyLinkage.linkage[method];
      got.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(want[i]![j]!, 10)));
    }
  });

  it('cuts the tree into k flat clusters', () => {
    const tree = hierarchical(matrixFromRows([[0], [1], [5], [6], [20]]), { method: 'ward' });
    expect(cutTree(tree, 3)).toEqual([0, 0, 1, 1, 2]);
    expect(cutTree(tree, 1)).toEqual([0, 0, 0, 0, 0]);
    expect(cutTree(tree, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses more samples than its limit', () => {
    expect(() => hierarchical(matrixFromRows([[0], [1], [2]]), { method: 'ward', maxSamples: 2 })).toThrow(
      /at most 2 samples/,
    );
  });
});

describe('PCA', () => {
  it('finds the axis of a line and its explained variance', () => {
    // Points on the direction (3, 4)/5 with a small orthogonal wobble ±0.1 of mean 0.
    const rows = Array.from({ length: 20 }, (_, i) => {
      const t = i - 9.5;
      const w = [0.1, -0.1, -0.1, 0.1][i % 4] as number; // uncorrelated with t
      return [0.6 * t - 0.8 * w + 1, 0.8 * t + 0.6 * w + 2];
    });
    const r = pca(matrixFromRows(rows));
    expect(r.loadings[0]![0]).toBeCloseTo(0.6, 12);
    expect(r.loadings[0]![1]).toBeCloseTo(0.8, 12);
    expect(r.mean[0]).toBeCloseTo(1, 12);
    // Variance along the line: Σt²/(n−1) = 665/19 = 35.
    expect(r.variances[0]).toBeCloseTo(35, 10);
    expect(r.explainedRatio[0]).toBeGreaterThan(0.999);
    expect(r.coordinates[19]![0]).toBeCloseTo(9.5, 10);
  });
});

describe('cluster profiles', () => {
  it('gives each cluster its share of a finding, of each level, and its mean measurement', () => {
    const profiles = clusterProfiles(
      {
        variables: [
          { key: 'thirst', type: 'binary' },
          { key: 'tongue', type: 'categorical', levels: ['pale', 'red'] },
          { key: 'rate', type: 'numeric' },
        ],
        rows: [
          [true, 'red', 90],
          [true, 'red', 80],
          [false, 'pale', 60],
          [false, 'red', 70],
          [null, 'pale', null], // missing: counted at the pool means (0.5 and 75)
        ],
      },
      ['thirst', 'tongue', 'rate'],
      [1, 1, 0, 0, 0],
    );
    expect(profiles.columns).toEqual(['thirst', 'tongue=pale', 'tongue=red', 'rate']);
    expect(profiles.clusters).toEqual([
      { cluster: 0, size: 3, means: [0.5 / 3, 2 / 3, 1 / 3, (60 + 70 + 75) / 3] },
      { cluster: 1, size: 2, means: [1, 0, 1, 85] },
    ]);
    profiles.overall.forEach((v, j) => expect(v).toBeCloseTo([0.5, 0.4, 0.6, 75][j] as number, 12));
  });
});
