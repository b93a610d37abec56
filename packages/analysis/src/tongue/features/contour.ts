// Outline measures: the tongue's proportions (shape 舌形) and the scallops that teeth press
// into its sides (tooth marks 齿痕). The outline is read row by row (tip at the bottom of the
// photo): the left and right edge of each row, compared with the same edge smoothed over
// SMOOTH_ROWS rows; an indentation is where the edge lies inside its smooth course.
import type { TongueCrop } from './prepare.js';
import type { PixelMaps } from './pixels.js';

export const SMOOTH_ROWS = 31;
/** Rows (0 = root, 1 = tip) whose edges are the sides that teeth touch. */
export const SIDE_FROM = 0.25;
export const SIDE_TO = 0.9;

/** Mean of x over a window of 2r + 1 samples (clipped at the ends). */
export function smooth(x: Float32Array, r: number): Float32Array {
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let s = 0;
    let n = 0;
    for (let k = Math.max(0, i - r); k <= Math.min(x.length - 1, i + r); k++) {
      s += x[k]!;
      n++;
    }
    out[i] = s / n;
  }
  return out;
}

/** Area of the convex hull of points (monotone chain). */
function hullArea(pts: [number, number][]): number {
  const p = pts.slice().sort((u, v) => u[0] - v[0] || u[1] - v[1]);
  if (p.length < 3) return 0;
  const cross = (o: number[], u: number[], v: number[]): number =>
    (u[0]! - o[0]!) * (v[1]! - o[1]!) - (u[1]! - o[1]!) * (v[0]! - o[0]!);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  let s = 0;
  for (let i = 0; i < hull.length; i++) {
    const u = hull[i]!;
    const v = hull[(i + 1) % hull.length]!;
    s += u[0] * v[1] - v[0] * u[1];
  }
  return Math.abs(s) / 2;
}

/** Inward offsets of both edges from their course smoothed over `window` rows, interleaved. */
function dents(
  xl: Float32Array,
  xr: Float32Array,
  window: number,
): { d: number[]; rms: number; p90: number; max: number } {
  const r = (window - 1) / 2;
  const sl = smooth(xl, r);
  const sr = smooth(xr, r);
  const d: number[] = [];
  let sumSq = 0;
  for (let k = 0; k < xl.length; k++) {
    const dl = xl[k]! - sl[k]!;
    const dr = sr[k]! - xr[k]!;
    d.push(dl, dr);
    sumSq += dl * dl + dr * dr;
  }
  const pos = d.filter((x) => x > 0).sort((p, q) => p - q);
  return {
    d,
    rms: Math.sqrt(sumSq / Math.max(1, d.length)),
    p90: pos.length ? pos[Math.floor(0.9 * (pos.length - 1))]! : 0,
    max: pos.length ? pos[pos.length - 1]! : 0,
  };
}

/** Local maxima of the inward offset (either side) deeper than `depth` pixels. */
function scallops(d: number[], rows: number, depth: number): number {
  let n = 0;
  for (const side of [0, 1]) {
    for (let k = 2; k < rows - 2; k++) {
      const x = d[2 * k + side]!;
      if (x > depth && x >= d[2 * (k - 1) + side]! && x >= d[2 * (k + 1) + side]! && x > d[2 * (k - 2) + side]!) n++;
    }
  }
  return n;
}

/**
 * The left and right edge of every row of the sides (SIDE_FROM to SIDE_TO of the length, from
 * row y0), a row without tongue taking its predecessor's edges. Shared with side-strips.ts.
 */
export function sideEdges(maps: PixelMaps): { y0: number; rows: number; xl: Float32Array; xr: Float32Array } {
  const { top, bottom, left, right } = maps;
  const length = bottom - top + 1;
  const y0 = top + Math.round(SIDE_FROM * (length - 1));
  const y1 = top + Math.round(SIDE_TO * (length - 1));
  const rows = Math.max(0, y1 - y0 + 1);
  const xl = new Float32Array(rows);
  const xr = new Float32Array(rows);
  for (let k = 0; k < rows; k++) {
    const y = y0 + k;
    xl[k] = left[y]! < 0 ? (k > 0 ? xl[k - 1]! : 0) : left[y]!;
    xr[k] = right[y]! < 0 ? (k > 0 ? xr[k - 1]! : 0) : right[y]!;
  }
  return { y0, rows, xl, xr };
}

export function measureContour(crop: TongueCrop, maps: PixelMaps): Record<string, number> {
  const { w, L, a, b } = crop;
  const { top, bottom, left, right } = maps;
  const length = bottom - top + 1;
  const v: Record<string, number> = {};
  let maxW = 0;
  const pts: [number, number][] = [];
  for (let y = top; y <= bottom; y++) {
    if (left[y]! < 0) continue;
    maxW = Math.max(maxW, right[y]! - left[y]! + 1);
    pts.push([left[y]!, y], [right[y]! + 1, y], [left[y]!, y + 1], [right[y]! + 1, y + 1]);
  }
  v.width_length_ratio = maxW / Math.max(1, length);
  v.fill_ratio = maps.tongue.length / Math.max(1, maxW * length);
  v.solidity = maps.tongue.length / Math.max(1, hullArea(pts));
  const rowAt = (t: number): number => top + Math.round(t * (length - 1));
  const widthAt = (t: number): number => {
    const y = rowAt(t);
    return left[y]! < 0 ? 0 : (right[y]! - left[y]! + 1) / Math.max(1, maxW);
  };
  v.width_at_50 = widthAt(0.5);
  v.width_at_75 = widthAt(0.75);
  v.width_at_90 = widthAt(0.9);

  const { y0, rows, xl, xr } = sideEdges(maps);
  const y1 = y0 + rows - 1;
  const scale = maxW / 100;
  const main = dents(xl, xr, SMOOTH_ROWS);
  v.edge_rms = main.rms / scale;
  v.dent_p90 = main.p90 / scale;
  v.dent_max = main.max / scale;
  v.scallops_1pct = scallops(main.d, rows, scale);
  v.scallops_2pct = scallops(main.d, rows, 2 * scale);
  // Finer and coarser smoothing: small, close bites and broad waves of the outline.
  const fine = dents(xl, xr, 15);
  v.edge_rms_15 = fine.rms / scale;
  v.scallops_1pct_15 = scallops(fine.d, rows, scale);
  v.edge_rms_61 = dents(xl, xr, 61).rms / scale;
  // Tooth marks often leave a paler, bluish band along the sides: color of the outer band of
  // the side rows against the tongue's center line.
  let bandL = 0;
  let bandA = 0;
  let bandB = 0;
  let nb = 0;
  let midL = 0;
  let midA = 0;
  let midB = 0;
  let nm = 0;
  const band = Math.max(2, Math.round(maxW * 0.06));
  for (let y = y0; y <= y1; y++) {
    if (left[y]! < 0) continue;
    const c = Math.round((left[y]! + right[y]!) / 2);
    for (let k = 1; k <= band; k++) {
      for (const x of [left[y]! + k, right[y]! - k]) {
        bandL += L[y * w + x]!;
        bandA += a[y * w + x]!;
        bandB += b[y * w + x]!;
        nb++;
      }
    }
    midL += L[y * w + c]!;
    midA += a[y * w + c]!;
    midB += b[y * w + c]!;
    nm++;
  }
  v.side_band_dL = nb && nm ? bandL / nb - midL / nm : 0;
  v.side_band_da = nb && nm ? bandA / nb - midA / nm : 0;
  v.side_band_db = nb && nm ? bandB / nb - midB / nm : 0;
  // Ripple of the side band's lightness along the tongue: tooth marks alternate pressed (shaded)
  // and raised (lit) stretches. Per-row mean L* of the band minus its course over 15 rows.
  const prof = new Float32Array(rows);
  for (let k = 0; k < rows; k++) {
    const y = y0 + k;
    let s = 0;
    let n = 0;
    if (left[y]! >= 0) {
      for (let j = 1; j <= band; j++) {
        s += L[y * w + left[y]! + j]! + L[y * w + right[y]! - j]!;
        n += 2;
      }
    }
    prof[k] = n ? s / n : k > 0 ? prof[k - 1]! : 0;
  }
  const profSmooth = smooth(prof, 7);
  let ripple = 0;
  for (let k = 0; k < rows; k++) ripple += (prof[k]! - profSmooth[k]!) ** 2;
  v.side_band_ripple = Math.sqrt(ripple / Math.max(1, rows));
  return v;
}
