// The measurements behind the quality checks, on the working image and the final tongue mask.
// They are kept apart from the thresholds (quality.ts) so that the calibration script
// (calibrate-quality.ts) prints their distributions over the dataset with the same code.
import { HEAP, type Alloc } from '../common/scratch.js';
import { SRGB_TO_LINEAR, linearRgbToLab } from '../color/index.js';
import type { RgbImage } from './decode.js';
import { boxSum } from './mask.js';

export interface QualityMeasures {
  /** Tongue pixels / photo pixels. */
  areaFraction: number;
  /** Tongue bounding-box width in working-image pixels (the features see this resolution). */
  widthPx: number;
  /** Second-largest / largest tongue-like region, before the largest is kept (0 when only one). */
  secondRatio: number;
  /** Focus: mean |Laplacian| of grey inside the tongue at a fixed tongue width, per mean grey (x100). */
  sharpness: number;
  /** Median L* of the tongue. */
  medianL: number;
  /** Share of tongue pixels with every channel >= 250 (washed out). */
  clipped: number;
  /** Hue angle (degrees) and chroma of the mean CIELAB color of a ring of lips and skin around the tongue. */
  ringHue: number;
  ringChroma: number;
}

/** Tongue width at which sharpness is measured: resolution-independent focus. */
const SHARP_WIDTH = 256;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function maskBox(mask: Uint8Array, w: number, h: number): Box {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  // Each row is scanned from both ends only up to the extent already found: a tongue row is
  // mostly skipped, and the bounds come out the same as from a full scan.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let l = 0;
    while (l < w && !mask[row + l]) l++;
    if (l === w) continue;
    if (y < y0) y0 = y;
    y1 = y;
    if (l < x0) x0 = l;
    let r = w - 1;
    while (r > x1 && !mask[row + r]) r--;
    if (r > x1) x1 = r;
  }
  return x1 < 0 ? { x: 0, y: 0, w: 0, h: 0 } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Focus measure on the tongue, box-averaged down to SHARP_WIDTH px across so it does not depend on resolution. */
function sharpness(img: RgbImage, mask: Uint8Array, box: Box, al: Alloc): number {
  const k = Math.max(1, box.w / SHARP_WIDTH);
  const gw = Math.max(3, Math.floor(box.w / k));
  const gh = Math.max(3, Math.floor(box.h / k));
  // Sums in integers (grey x 1000): exact, and no float rounding on each of the many additions.
  const grey = al.f64(gw * gh);
  const outside = al.u8(gw * gh);
  const cnt = al.i32(gw * gh);
  const { data, width } = img;
  const colCell = al.i32(box.w);
  for (let x = 0; x < box.w; x++) colCell[x] = Math.min(gw - 1, Math.floor(x / k));
  for (let y = box.y; y < box.y + box.h; y++) {
    const row = Math.min(gh - 1, Math.floor((y - box.y) / k)) * gw;
    for (let x = 0, p = y * width + box.x; x < box.w; x++, p++) {
      const g = row + colCell[x]!;
      const q = 3 * p;
      grey[g] = grey[g]! + (299 * data[q]! + 587 * data[q + 1]! + 114 * data[q + 2]!);
      if (!mask[p]) outside[g] = 1;
      cnt[g] = cnt[g]! + 1;
    }
  }
  for (let g = 0; g < grey.length; g++) grey[g] = grey[g]! / 1000 / (cnt[g]! || 1);
  // Only cells whose 5 x 5 neighborhood is all tongue: the tongue's own edge is not texture.
  // Separable: a cell qualifies when its 5 horizontal neighbors each head 5 vertical all-tongue cells.
  const colOk = al.u8(gw * gh);
  for (let y = 2; y < gh - 2; y++)
    for (let x = 0; x < gw; x++) {
      const g = y * gw + x;
      colOk[g] =
        outside[g - 2 * gw]! | outside[g - gw]! | outside[g]! | outside[g + gw]! | outside[g + 2 * gw]! ? 0 : 1;
    }
  let lap = 0;
  let sum = 0;
  let n = 0;
  for (let y = 2; y < gh - 2; y++)
    for (let x = 2; x < gw - 2; x++) {
      const g = y * gw + x;
      if (!(colOk[g - 2]! & colOk[g - 1]! & colOk[g]! & colOk[g + 1]! & colOk[g + 2]!)) continue;
      lap += Math.abs(4 * grey[g]! - grey[g - 1]! - grey[g + 1]! - grey[g - gw]! - grey[g + gw]!);
      sum += grey[g]!;
      n++;
    }
  return n ? (100 * lap) / Math.max(sum, 1) : 0;
}

/** Grey levels of the luminance histogram (Y in linear light, 0-1). */
const Y_BINS = 4096;

/** Ring cells: the ring is found on a grid of CELL x CELL pixel cells (its color is a mean). */
const CELL = 4;

/** All quality measurements of one photo. `secondRatio` comes from the segmentation step. */
export function measureQuality(
  img: RgbImage,
  mask: Uint8Array,
  secondRatio: number,
  al: Alloc = HEAP,
): QualityMeasures {
  const { width: w, height: h, data } = img;
  const box = maskBox(mask, w, h);
  // Ring: cells within 8 % of the tongue width outside it (lips, teeth, skin), looked for only
  // in the box around the tongue grown by that margin.
  const r = Math.max(CELL, Math.round(0.08 * box.w));
  const x0 = Math.max(0, box.x - r);
  const y0 = Math.max(0, box.y - r);
  const gw = Math.ceil((Math.min(w, box.x + box.w + r) - x0) / CELL);
  const gh = Math.ceil((Math.min(h, box.y + box.h + r) - y0) / CELL);
  const cellTongue = al.u8(Math.max(0, gw * gh));
  const lin = SRGB_TO_LINEAR;
  const hist = al.i32(Y_BINS);
  let area = 0;
  let clipped = 0;
  let nT = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    const crow = Math.floor((y - y0) / CELL) * gw;
    for (let x = box.x, p = y * w + box.x; x < box.x + box.w; x++, p++) {
      if (!mask[p]) continue;
      area++;
      cellTongue[crow + Math.floor((x - x0) / CELL)] = 1;
      // Color on every second row and column is plenty for a median.
      if ((x & 1) !== 0 || (y & 1) !== 0) continue;
      const R = data[3 * p]!;
      const G = data[3 * p + 1]!;
      const B = data[3 * p + 2]!;
      // L* is monotonic in the luminance Y: the median L* is L* of the median Y.
      const Y = 0.2126729 * lin[R]! + 0.7151522 * lin[G]! + 0.072175 * lin[B]!;
      hist[Math.min(Y_BINS - 1, Math.floor(Y * Y_BINS))]!++;
      if (R >= 250 && G >= 250 && B >= 250) clipped++;
      nT++;
    }
  }
  const near = boxSum(cellTongue, gw, gh, Math.ceil(r / CELL), al);
  const lab = [0, 0, 0];
  let ra = 0;
  let rb = 0;
  let rn = 0;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const c = gy * gw + gx;
      if (cellTongue[c] || !near[c]) continue;
      const x = Math.min(w - 1, x0 + gx * CELL + (CELL >> 1));
      const y = Math.min(h - 1, y0 + gy * CELL + (CELL >> 1));
      const p = 3 * (y * w + x);
      linearRgbToLab(lin[data[p]!]!, lin[data[p + 1]!]!, lin[data[p + 2]!]!, lab);
      ra += lab[1]!;
      rb += lab[2]!;
      rn++;
    }
  let medianL = 0;
  for (let i = 0, seen = 0; i < Y_BINS; i++) {
    seen += hist[i]!;
    if (seen * 2 >= nT && nT) {
      const Y = (i + 0.5) / Y_BINS;
      medianL = Y > 216 / 24389 ? 116 * Math.cbrt(Y) - 16 : (24389 / 27) * Y;
      break;
    }
  }
  const ma = rn ? ra / rn : 0;
  const mb = rn ? rb / rn : 0;
  return {
    areaFraction: area / (w * h),
    widthPx: box.w,
    secondRatio,
    sharpness: box.w ? sharpness(img, mask, box, al) : 0,
    medianL,
    clipped: nT ? clipped / nT : 0,
    ringHue: (Math.atan2(mb, ma) * 180) / Math.PI,
    ringChroma: Math.hypot(ma, mb),
  };
}
