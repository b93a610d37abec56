import { badParameter, researchError } from '../errors.js';
import type { Matrix } from '../features.js';

export type LinkageMethod = 'ward' | 'average';

/**
 * One merge, in SciPy's linkage convention: samples are 0..n−1, the cluster made by merge i is
 * n + i; `height` is the linkage distance (for Ward the ward.D2 / SciPy height, which equals the
 * Euclidean distance for two single samples).
 */
export interface Merge {
  left: number;
  right: number;
  height: number;
  size: number;
}

export interface HierarchicalResult {
  method: LinkageMethod;
  samples: number;
  merges: Merge[];
}

/** Pairwise distances take n(n−1)/2 doubles: 5,000 samples are 100 MB. */
export const HIERARCHICAL_MAX_SAMPLES = 5000;

/**
 * Agglomerative clustering by the nearest-neighbor chain algorithm (Müllner 2011, O(n²) time)
 * with Lance–Williams updates. Written here because ml-hclust 4 scans the whole distance matrix
 * for the closest pair at every merge and rebuilds the matrix each time (O(n³)). Ward works on squared Euclidean distances, average linkage on Euclidean ones.
 */
export function hierarchical(m: Matrix, options: { method: LinkageMethod; maxSamples?: number }): HierarchicalResult {
  const n = m.rows;
  const max = options.maxSamples ?? HIERARCHICAL_MAX_SAMPLES;
  if (n > max) {
    throw researchError(
      'too_many_samples',
      {
        en: `Hierarchical clustering takes at most ${max} samples (${n} given); use k-means or a sample`,
        zh: `层次聚类最多处理 ${max} 个样本（现有 ${n} 个），请使用 k 均值聚类或抽样`,
      },
      { samples: n, max },
    );
  }
  if (n < 2) {
    throw researchError('too_few_samples', { en: 'At least 2 samples are needed', zh: '至少需要 2 个样本' });
  }
  if (options.method !== 'ward' && options.method !== 'average') {
    throw badParameter('method', '"ward" or "average"', '须为 "ward" 或 "average"');
  }
  const ward = options.method === 'ward';
  const dist = pairwise(m, ward);
  const at = (i: number, j: number): number =>
    i < j ? n * i - (i * (i + 1)) / 2 + j - i - 1 : n * j - (j * (j + 1)) / 2 + i - j - 1;
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const raw: Array<{ x: number; y: number; d: number }> = [];
  const chain: number[] = [];
  for (let step = 0; step < n - 1; step++) {
    if (chain.length === 0) chain.push(active.indexOf(1));
    let x = -1;
    let y = -1;
    let best = Infinity;
    for (;;) {
      x = chain[chain.length - 1] as number;
      // Prefer the previous chain element on ties, or the chain could cycle.
      const previous = chain.length > 1 ? (chain[chain.length - 2] as number) : -1;
      y = previous;
      best = previous >= 0 ? (dist[at(x, previous)] as number) : Infinity;
      for (let i = 0; i < n; i++) {
        if (!active[i] || i === x) continue;
        const d = dist[at(x, i)] as number;
        if (d < best) {
          best = d;
          y = i;
        }
      }
      if (y === previous) break;
      chain.push(y);
    }
    chain.length -= 2;
    raw.push({ x, y, d: ward ? Math.sqrt(best) : best });
    const nx = size[x] as number;
    const ny = size[y] as number;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === x || k === y) continue;
      const dxk = dist[at(x, k)] as number;
      const dyk = dist[at(y, k)] as number;
      const nk = size[k] as number;
      dist[at(y, k)] = ward
        ? ((nx + nk) * dxk + (ny + nk) * dyk - nk * best) / (nx + ny + nk)
        : (nx * dxk + ny * dyk) / (nx + ny);
    }
    active[x] = 0;
    size[y] = nx + ny;
  }
  return { method: options.method, samples: n, merges: relabel(raw, n) };
}

/** Squared (Ward) or plain Euclidean distances, condensed upper triangle. */
function pairwise(m: Matrix, squared: boolean): Float64Array {
  const { rows: n, cols: p, data } = m;
  const out = new Float64Array((n * (n - 1)) / 2);
  let idx = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let s = 0;
      for (let c = 0; c < p; c++) {
        const d = (data[i * p + c] as number) - (data[j * p + c] as number);
        s += d * d;
      }
      out[idx++] = squared ? s : Math.sqrt(s);
    }
  }
  return out;
}

/** Sorts the chain's merges by height and names clusters as SciPy does (union–find). */
function relabel(raw: Array<{ x: number; y: number; d: number }>, n: number): Merge[] {
  const sorted = raw.map((r, i) => ({ ...r, i })).sort((a, b) => a.d - b.d || a.i - b.i);
  const parent = Int32Array.from({ length: 2 * n - 1 }, (_, i) => i);
  const sizes = new Float64Array(2 * n - 1).fill(1);
  const find = (v: number): number => {
    let r = v;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[v] !== r) {
      const next = parent[v] as number;
      parent[v] = r;
      v = next;
    }
    return r;
  };
  return sorted.map(({ x, y, d }, step) => {
    const a = find(x);
    const b = find(y);
    const id = n + step;
    parent[a] = id;
    parent[b] = id;
    sizes[id] = (sizes[a] as number) + (sizes[b] as number);
    return { left: Math.min(a, b), right: Math.max(a, b), height: d, size: sizes[id] };
  });
}

/** Flat clusters 0..k−1 from the first n − k merges, numbered by first sample. */
export function cutTree(result: HierarchicalResult, k: number): number[] {
  const n = result.samples;
  if (!Number.isInteger(k) || k < 1 || k > n)
    throw badParameter('k', `a whole number in 1..${n}`, `须为 1 到 ${n} 的整数`);
  const parent = Int32Array.from({ length: 2 * n - 1 }, (_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) v = parent[v] as number;
    return v;
  };
  result.merges.slice(0, n - k).forEach((merge, step) => {
    parent[merge.left] = n + step;
    parent[merge.right] = n + step;
  });
  const names = new Map<number, number>();
  return Array.from({ length: n }, (_, i) => {
    const root = find(i);
    if (!names.has(root)) names.set(root, names.size);
    return names.get(root) as number;
  });
}
