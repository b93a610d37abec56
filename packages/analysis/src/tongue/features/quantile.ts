// Quantiles by histogram: every plane is binned once at 0.1 units (finer than any threshold
// here), then the quantiles of any pixel subset cost one pass over the subset and the bins,
// instead of a sort per subset and channel.

import { HEAP, type Alloc } from '../../common/scratch.js';
import { roundHalfUp } from './stats.js';

export const BIN = 0.1;

/** A plane quantised to bins of BIN units starting at `lo`. */
export interface BinnedPlane {
  bins: Uint16Array;
  lo: number;
  count: number;
}

/** Bins the plane's pixels at `idx` (the only ones later asked for), or all of them. */
export function binPlane(plane: Float32Array, lo: number, hi: number, idx?: Int32Array, al: Alloc = HEAP): BinnedPlane {
  const count = Math.ceil((hi - lo) / BIN) + 1;
  const bins = al.u16(plane.length);
  const max = count - 1;
  const n = idx ? idx.length : plane.length;
  for (let k = 0; k < n; k++) {
    const i = idx ? idx[k]! : k;
    const b = roundHalfUp((plane[i]! - lo) / BIN);
    bins[i] = b < 0 ? 0 : b > max ? max : b;
  }
  return { bins, lo, count };
}

/** Quantiles (0-1) of the pixels at `idx`; NaN for an empty set. */
export function binnedQuantiles(p: BinnedPlane, idx: Int32Array, qs: readonly number[]): number[] {
  const n = idx.length;
  if (n === 0) return qs.map(() => Number.NaN);
  const hist = new Uint32Array(p.count);
  for (let k = 0; k < n; k++) hist[p.bins[idx[k]!]!]!++;
  // Rank of each quantile as in a sorted array (nearest rank), then one cumulative scan.
  const ranks = qs.map((q) => Math.min(n - 1, Math.max(0, Math.round(q * (n - 1)))));
  const order = ranks.map((r, k) => [r, k] as const).sort((u, v) => u[0] - v[0]);
  const out = new Array<number>(qs.length);
  let cum = 0;
  let j = 0;
  for (let b = 0; b < p.count && j < order.length; b++) {
    cum += hist[b]!;
    while (j < order.length && order[j]![0] < cum) {
      out[order[j]![1]] = p.lo + b * BIN;
      j++;
    }
  }
  return out;
}
