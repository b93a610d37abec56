// Texture measures on L*: dark thin valleys (cracks 裂纹), small red dots (prickles 点刺), small
// dark bluish dots (stasis spots 瘀点) and specular highlights (moisture 润燥). All are measured
// inside the tongue shrunk by EDGE_MARGIN pixels, so the tongue's own outline is not a "line".
import { HEAP, type Alloc } from '../../common/scratch.js';
import type { TongueCrop } from './prepare.js';
import { boxBlur, dilate, erode, valleyResponse } from './filters.js';
import { PIXEL_HIGHLIGHT, ZONE_CENTRE, ZONE_SIDES, ZONE_TIP, type PixelMaps } from './pixels.js';
import { binnedQuantiles, binPlane } from './quantile.js';
import { meanAt, summarize } from './stats.js';

/** Pixels (at the working scale) kept away from the outline. */
export const EDGE_MARGIN = 6;

/** Counts 8-connected components of `on` pixels and returns their sizes. */
function components(on: Uint8Array, w: number, h: number, s: Alloc): number[] {
  return componentShapes(on, w, h, s).map((c) => c.size);
}

interface Component {
  size: number;
  /** Longer side of the bounding box over the square root of the size: 1-2 for dots, high for lines. */
  elongation: number;
}

/** 8-connected components of `on` pixels with their size and elongation. */
function componentShapes(on: Uint8Array, w: number, h: number, al: Alloc): Component[] {
  const seen = al.u8(on.length);
  const sizes: Component[] = [];
  // Every pixel is pushed at most once, so a stack as long as the plane never overflows.
  const stack = al.i32(on.length);
  let top = 0;
  for (let s = 0; s < on.length; s++) {
    if (!on[s] || seen[s]) continue;
    let size = 0;
    let x0 = w;
    let x1 = 0;
    let y0 = h;
    let y1 = 0;
    stack[top++] = s;
    seen[s] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      size++;
      const y = Math.floor(i / w);
      const x = i - y * w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const j = yy * w + xx;
          if (on[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    sizes.push({ size, elongation: (Math.max(x1 - x0, y1 - y0) + 1) / Math.sqrt(size) });
  }
  return sizes;
}

/** Sum of the squared values at idx, in index order. */
function sumSquares(plane: Float32Array, idx: Int32Array): number {
  let s = 0;
  for (let k = 0; k < idx.length; k++) s += plane[idx[k]!]! * plane[idx[k]!]!;
  return s;
}

export function measureTexture(crop: TongueCrop, maps: PixelMaps, al: Alloc = HEAP): Record<string, number> {
  const { w, h, L, a, b } = crop;
  const m = al.f32(w * h);
  // Plain locals for the per-pixel loops below (property loads hoisted out of them).
  const { tongue, cls, zone: zones, left, right } = maps;
  const nT = tongue.length;
  for (let k = 0; k < nT; k++) m[tongue[k]!] = 1;
  // Erosion of a 0/1 mask: where its box mean is 1 (one zero in the window lowers it by 1/169).
  const inner = boxBlur(m, w, h, EDGE_MARGIN, al);
  // Index lists sized for the whole tongue, filled once and cut to length (no growing arrays).
  const innerAll = al.i32(nT);
  const centreAll = al.i32(nT);
  const midAll = al.i32(nT);
  const sideAll = al.i32(nT);
  let nIn = 0;
  let nCtr = 0;
  let nMid = 0;
  let nSide = 0;
  let nSpot = 0;
  // The tongue list is in row order: the row advances instead of a division per pixel.
  let y = maps.top;
  for (let k = 0; k < nT; k++) {
    const i = tongue[k]!;
    if (inner[i]! < 0.999 || cls[i] === PIXEL_HIGHLIGHT) continue;
    innerAll[nIn++] = i;
    const zone = zones[i];
    if (zone === ZONE_CENTRE) centreAll[nCtr++] = i;
    // The midline band (middle fifth of each row), where the central fissure runs.
    while (i >= (y + 1) * w) y++;
    const u = (i - y * w - left[y]!) / Math.max(1, right[y]! - left[y]!);
    if (u > 0.4 && u < 0.6) midAll[nMid++] = i;
    if (zone === ZONE_TIP || zone === ZONE_SIDES) nSpot++;
    if (zone === ZONE_SIDES) sideAll[nSide++] = i;
  }
  const innerIdx = innerAll.subarray(0, nIn);
  const midIdx = midAll.subarray(0, nMid);
  const v: Record<string, number> = {};
  // Highlights pull the closing up around them; clip L* at the highlight level first.
  const Lc = al.f32(L.length);
  Lc.set(L);
  const cap = maps.medianL + 15;
  for (let i = 0; i < Lc.length; i++) if (Lc[i]! > cap) Lc[i] = cap;
  const closing = erode(dilate(Lc, w, h, 3, al), w, h, 3, al);
  const tophat = al.f32(w * h);
  for (let i = 0; i < tophat.length; i++) tophat[i] = closing[i]! - Lc[i]!;
  const v1 = valleyResponse(Lc, w, h, 1, innerIdx, al);
  const v2 = valleyResponse(Lc, w, h, 3, innerIdx, al);
  const thBinned = binPlane(tophat, 0, 60, innerIdx, al);
  for (const [name, idx] of [
    ['in', innerIdx],
    ['ctr', centreAll.subarray(0, nCtr)],
    ['mid', midIdx],
    // Tooth marks press ridges and grooves into the sides: the same line measures there.
    ['side', sideAll.subarray(0, nSide)],
  ] as const) {
    const th = summarize(tophat, idx, [4, 8, 12]);
    v[`th_mean_${name}`] = th.mean;
    v[`th_gt4_${name}`] = th.shares[0]!;
    v[`th_gt8_${name}`] = th.shares[1]!;
    v[`th_gt12_${name}`] = th.shares[2]!;
    const q = binnedQuantiles(thBinned, idx, [0.9, 0.99]);
    v[`th_p90_${name}`] = q[0]! || 0;
    v[`th_p99_${name}`] = q[1]! || 0;
    for (const [plane, key] of [
      [v1, 'v1'],
      [v2, 'v2'],
    ] as const) {
      const r = summarize(plane, idx, [2, 4]);
      v[`${key}_mean_${name}`] = r.mean;
      v[`${key}_gt2_${name}`] = r.shares[0]!;
      v[`${key}_gt4_${name}`] = r.shares[1]!;
    }
  }
  // Long dark lines: connected pixels of a strong valley; cracks are long, pores are dots.
  const line = al.u8(w * h);
  for (let k = 0; k < nIn; k++) {
    const i = innerIdx[k]!;
    if (tophat[i]! > 6) line[i] = 1;
  }
  const shapes = componentShapes(line, w, h, al);
  const sizes = shapes.map((c) => c.size);
  const long = sizes.filter((s) => s >= 40);
  // Line-like components (long for their area).
  const thin = shapes.filter((c) => c.size >= 15 && c.elongation >= 3);
  v.crack_elong_share = thin.reduce((p, c) => p + c.size, 0) / Math.max(1, innerIdx.length);
  v.crack_elong_max = shapes.reduce((m, c) => (c.size >= 15 ? Math.max(m, c.elongation) : m), 0);
  // The central fissure: share of the midline band's rows that hold a strong valley pixel.
  const rowsWith = al.u8(h);
  const rowsAll = al.u8(h);
  for (let k = 0; k < nMid; k++) {
    const i = midIdx[k]!;
    const y = Math.floor(i / w);
    rowsAll[y] = 1;
    if (tophat[i]! > 6) rowsWith[y] = 1;
  }
  v.mid_line_rows =
    rowsWith.reduce((p, c) => p + c, 0) /
    Math.max(
      1,
      rowsAll.reduce((p, c) => p + c, 0),
    );
  v.crack_long_share = long.reduce((p, c) => p + c, 0) / Math.max(1, innerIdx.length);
  v.crack_long_count = long.length;
  v.crack_max_len = sizes.length ? Math.max(...sizes) / Math.max(1, Math.sqrt(innerIdx.length)) : 0;

  // Spots: small blobs standing out from the mean of their 9 x 9 neighborhood.
  const La = boxBlur(L, w, h, SPOT_RADIUS, al);
  const aa = boxBlur(a, w, h, SPOT_RADIUS, al);
  const ba = boxBlur(b, w, h, SPOT_RADIUS, al);
  const red = al.u8(w * h);
  const dark = al.u8(w * h);
  for (let k = 0; k < nIn; k++) {
    const i = innerIdx[k]!;
    if (a[i]! - aa[i]! > PRICKLE_DELTA_A) red[i] = 1;
    if (L[i]! - La[i]! < -STASIS_DELTA_L && b[i]! - ba[i]! < -STASIS_DELTA_B) dark[i] = 1;
  }
  const spotArea = Math.max(1, innerIdx.length) / 1000;
  v.prickle_per_1000px = components(red, w, h, al).filter((s) => s <= 30).length / spotArea;
  v.stasis_per_1000px = components(dark, w, h, al).filter((s) => s >= 3 && s <= 80).length / spotArea;
  v.spot_zone_share = nSpot / Math.max(1, innerIdx.length);

  // Moisture: specular highlights as a share of the tongue and how many separate glints.
  const hl = al.u8(w * h);
  for (let k = 0; k < nT; k++) {
    const i = tongue[k]!;
    if (cls[i] === PIXEL_HIGHLIGHT) hl[i] = 1;
  }
  const glints = components(hl, w, h, al);
  v.glint_per_1000px = glints.length / (maps.tongue.length / 1000);
  v.L_std_in = Math.sqrt(
    Math.max(0, sumSquares(L, innerIdx) / Math.max(1, innerIdx.length) - (meanAt(L, innerIdx) || 0) ** 2),
  );
  return v;
}

/** Radius of the neighborhood spots are compared with (9 x 9 pixels at the working scale). */
export const SPOT_RADIUS = 4;
/** A prickle is at least this much redder (a*) than its 3-pixel neighborhood. */
export const PRICKLE_DELTA_A = 6;
/** A stasis spot is this much darker (L*) and bluer (b*) than its neighborhood. */
export const STASIS_DELTA_L = 10;
export const STASIS_DELTA_B = 3;
