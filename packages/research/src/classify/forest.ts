import type { Matrix } from '../features.js';
import { createRng, type Rng } from '../rng.js';

export interface ForestOptions {
  /** Default 100. */
  trees?: number;
  /** Columns tried at each split; default ⌊√columns⌋. */
  maxFeatures?: number;
  /** Default 30. */
  maxDepth?: number;
  /** Default 1. */
  minSamplesLeaf?: number;
  /** Candidate thresholds per column (quantiles of the training data); default 32, at most 255. */
  bins?: number;
}

/** One tree, flat: node i splits on `feature[i]` at `threshold[i]` (≤ goes left), or is a leaf. */
export interface TreeParams {
  /** −1 for a leaf. */
  feature: number[];
  /** For a leaf: the offset of its class probabilities in `leafValues`. */
  threshold: number[];
  left: number[];
  right: number[];
  leafValues: number[];
}

export interface ForestParams {
  classes: number;
  trees: TreeParams[];
  options: Required<ForestOptions>;
}

/**
 * Random forest of CART trees (Gini), bootstrap samples, soft voting. Written here because
 * ml-random-forest (over ml-cart) sorts every candidate column at every node through ml-matrix
 * objects: 10 trees on 8k × 50 took over a minute on this machine, so 500 trees for 5-fold CV
 * could never meet 30 s. Columns are cut once into at most 32 quantile bins (the LightGBM /
 * scikit-learn HistGradientBoosting idea), so a node costs one pass over its samples per tried
 * column; thresholds are stored as real values, so prediction needs no bins.
 */
export function trainForest(
  x: Matrix,
  y: Int32Array,
  classes: number,
  options: ForestOptions,
  seed: number,
  onTree?: (done: number, total: number) => void,
): ForestParams {
  const opts: Required<ForestOptions> = {
    trees: options.trees ?? 100,
    maxFeatures: options.maxFeatures ?? Math.max(1, Math.floor(Math.sqrt(x.cols))),
    maxDepth: options.maxDepth ?? 30,
    minSamplesLeaf: options.minSamplesLeaf ?? 1,
    bins: Math.min(255, Math.max(2, options.bins ?? 32)),
  };
  const binned = binColumns(x, opts.bins);
  const rng = createRng(seed);
  const trees: TreeParams[] = [];
  const weight = new Float64Array(x.rows);
  for (let t = 0; t < opts.trees; t++) {
    // The bootstrap sample as a count per row, not a list with repeats: about 37 % of the rows
    // are drawn 0 times, so every pass over a node's rows is that much shorter, and the
    // histograms (sums of counts) and so the trees are exactly those of the list.
    weight.fill(0);
    for (let i = 0; i < x.rows; i++) weight[rng.int(x.rows)]! += 1;
    let drawn = 0;
    for (let i = 0; i < x.rows; i++) if ((weight[i] as number) > 0) drawn++;
    const sample = new Int32Array(drawn);
    for (let i = 0, at = 0; i < x.rows; i++) if ((weight[i] as number) > 0) sample[at++] = i;
    trees.push(growTree(binned, y, weight, classes, sample, opts, rng));
    onTree?.(t + 1, opts.trees);
  }
  return { classes, trees, options: opts };
}

interface Binned {
  rows: number;
  cols: number;
  /** Column-major bin of each value. */
  bins: Uint8Array;
  /** Per column, the upper edge of each bin but the last. */
  edges: Float64Array[];
}

function binColumns(x: Matrix, maxBins: number): Binned {
  const { rows: n, cols: p, data } = x;
  const bins = new Uint8Array(n * p);
  const edges: Float64Array[] = [];
  const column = new Float64Array(n);
  for (let j = 0; j < p; j++) {
    for (let i = 0; i < n; i++) column[i] = data[i * p + j] as number;
    const e = cutPoints(Float64Array.from(column).sort(), maxBins);
    edges.push(e);
    for (let i = 0; i < n; i++) {
      const v = column[i] as number;
      let lo = 0;
      let hi = e.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (v <= (e[mid] as number)) hi = mid;
        else lo = mid + 1;
      }
      bins[j * n + i] = lo;
    }
  }
  return { rows: n, cols: p, bins, edges };
}

/**
 * Split candidates of one column: midway between consecutive distinct values; when there are
 * more distinct values than bins, only after the values found at the quantiles. Cutting
 * between distinct values (not at quantile positions) keeps every split an ordinal or
 * 0/1 column offers, however unevenly its values are spread.
 */
function cutPoints(sorted: Float64Array, maxBins: number): Float64Array {
  const distinct: number[] = [];
  for (const v of sorted) if (distinct.length === 0 || v !== distinct[distinct.length - 1]) distinct.push(v);
  const mid = (i: number): number => ((distinct[i] as number) + (distinct[i + 1] as number)) / 2;
  if (distinct.length <= maxBins) return Float64Array.from(distinct.slice(0, -1), (_, i) => mid(i));
  const cuts: number[] = [];
  for (let q = 1; q < maxBins; q++) {
    const v = sorted[Math.floor((q * sorted.length) / maxBins)] as number;
    let lo = 0;
    let hi = distinct.length - 1;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if ((distinct[m] as number) < v) lo = m + 1;
      else hi = m;
    }
    if (lo < distinct.length - 1 && cuts[cuts.length - 1] !== mid(lo)) cuts.push(mid(lo));
  }
  return Float64Array.from(cuts);
}

/** `weight[r]`: how many times row r was drawn; `indices`: the rows drawn at least once. */
function growTree(
  data: Binned,
  y: Int32Array,
  weight: Float64Array,
  k: number,
  indices: Int32Array,
  opts: Required<ForestOptions>,
  rng: Rng,
): TreeParams {
  const tree: TreeParams = { feature: [], threshold: [], left: [], right: [], leafValues: [] };
  const order = Int32Array.from({ length: data.cols }, (_, j) => j);
  const hist = new Float64Array(256 * k);
  const counts = new Float64Array(k);
  const leftCounts = new Float64Array(k);
  const stack: Array<{ start: number; end: number; depth: number; node: number }> = [];
  const newNode = (): number => {
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    return tree.feature.length - 1;
  };
  stack.push({ start: 0, end: indices.length, depth: 0, node: newNode() });
  while (stack.length > 0) {
    const { start, end, depth, node } = stack.pop() as (typeof stack)[number];
    counts.fill(0);
    let size = 0;
    for (let s = start; s < end; s++) {
      const r = indices[s] as number;
      const w = weight[r] as number;
      counts[y[r] as number]! += w;
      size += w;
    }
    let parentScore = 0;
    let classesHere = 0;
    for (let c = 0; c < k; c++) {
      const v = counts[c] as number;
      parentScore += (v * v) / size;
      if (v > 0) classesHere++;
    }
    const split =
      classesHere > 1 && depth < opts.maxDepth && size >= 2 * opts.minSamplesLeaf
        ? bestSplit(
            data,
            y,
            weight,
            k,
            indices,
            start,
            end,
            size,
            parentScore,
            order,
            opts,
            rng,
            hist,
            leftCounts,
            counts,
          )
        : null;
    if (!split) {
      tree.threshold[node] = tree.leafValues.length;
      for (let c = 0; c < k; c++) tree.leafValues.push((counts[c] as number) / size);
      continue;
    }
    // Partition [start, end) so bins ≤ split.bin come first.
    const offset = split.feature * data.rows;
    let i = start;
    let j = end - 1;
    while (i <= j) {
      if ((data.bins[offset + (indices[i] as number)] as number) <= split.bin) i++;
      else {
        const t = indices[i] as number;
        indices[i] = indices[j] as number;
        indices[j] = t;
        j--;
      }
    }
    tree.feature[node] = split.feature;
    tree.threshold[node] = data.edges[split.feature]![split.bin] as number;
    const left = newNode();
    const right = newNode();
    tree.left[node] = left;
    tree.right[node] = right;
    stack.push({ start, end: i, depth: depth + 1, node: left });
    stack.push({ start: i, end, depth: depth + 1, node: right });
  }
  return tree;
}

/**
 * Best (column, bin) by Gini over ⌊maxFeatures⌋ random columns; as scikit-learn, it keeps
 * drawing columns past maxFeatures while none of them can split the node.
 */
function bestSplit(
  data: Binned,
  y: Int32Array,
  weight: Float64Array,
  k: number,
  indices: Int32Array,
  start: number,
  end: number,
  size: number,
  parentScore: number,
  order: Int32Array,
  opts: Required<ForestOptions>,
  rng: Rng,
  hist: Float64Array,
  leftCounts: Float64Array,
  counts: Float64Array,
): { feature: number; bin: number } | null {
  let best: { feature: number; bin: number } | null = null;
  let bestScore = parentScore + 1e-12;
  for (let tried = 0; tried < data.cols; tried++) {
    if (tried >= opts.maxFeatures && best) break;
    const pick = tried + rng.int(data.cols - tried);
    const f = order[pick] as number;
    order[pick] = order[tried] as number;
    order[tried] = f;
    const nb = (data.edges[f] as Float64Array).length + 1;
    if (nb < 2) continue;
    hist.fill(0, 0, nb * k);
    const offset = f * data.rows;
    for (let s = start; s < end; s++) {
      const r = indices[s] as number;
      hist[(data.bins[offset + r] as number) * k + (y[r] as number)]! += weight[r] as number;
    }
    leftCounts.fill(0);
    let nLeft = 0;
    for (let b = 0; b < nb - 1; b++) {
      for (let c = 0; c < k; c++) {
        const h = hist[b * k + c] as number;
        leftCounts[c]! += h;
        nLeft += h;
      }
      const nRight = size - nLeft;
      if (nLeft < opts.minSamplesLeaf) continue;
      if (nRight < opts.minSamplesLeaf) break;
      let sl = 0;
      let sr = 0;
      for (let c = 0; c < k; c++) {
        const l = leftCounts[c] as number;
        sl += l * l;
        const r = (counts[c] as number) - l;
        sr += r * r;
      }
      const score = sl / nLeft + sr / nRight;
      if (score > bestScore) {
        bestScore = score;
        best = { feature: f, bin: b };
      }
    }
  }
  return best;
}

/** Class probabilities (rows × classes), the mean of the trees' leaf distributions. */
export function forestProbabilities(params: ForestParams, x: Matrix): Float64Array {
  const k = params.classes;
  const out = new Float64Array(x.rows * k);
  const weight = 1 / params.trees.length;
  for (const tree of params.trees) {
    for (let i = 0; i < x.rows; i++) {
      let node = 0;
      while ((tree.feature[node] as number) >= 0) {
        const v = x.data[i * x.cols + (tree.feature[node] as number)] as number;
        node = v <= (tree.threshold[node] as number) ? (tree.left[node] as number) : (tree.right[node] as number);
      }
      const at = tree.threshold[node] as number;
      for (let c = 0; c < k; c++) out[i * k + c]! += (tree.leafValues[at + c] as number) * weight;
    }
  }
  return out;
}
