// The measurements behind the quality checks, on the working image and the final tongue mask.
// They are kept apart from the thresholds (quality.ts) so that the calibration script
// (calibrate-quality.ts) prints their distributions over the dataset with the same code.
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
  /** Share of tongue pixels with every channel >= 250 (washed out), and with L* < 20 (crushed). */
  clipped: number;
  dark: number;
  /** Hue angle (degrees) and chroma of the mean CIELAB colour of a ring of lips and skin around the tongue. */
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
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? { x: 0, y: 0, w: 0, h: 0 } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Focus measure on the tongue, box-averaged down to SHARP_WIDTH px across so it does not depend on resolution. */
function sharpness(img: RgbImage, mask: Uint8Array, box: Box): number {
  const k = Math.max(1, box.w / SHARP_WIDTH);
  const gw = Math.max(3, Math.floor(box.w / k));
  const gh = Math.max(3, Math.floor(box.h / k));
  const grey = new Float32Array(gw * gh);
  const inside = new Float32Array(gw * gh);
  const cnt = new Float32Array(gw * gh);
  const { data, width } = img;
  for (let y = box.y; y < box.y + box.h; y++) {
    const gy = Math.min(gh - 1, Math.floor((y - box.y) / k));
    for (let x = box.x; x < box.x + box.w; x++) {
      const gx = Math.min(gw - 1, Math.floor((x - box.x) / k));
      const p = y * width + x;
      const g = gy * gw + gx;
      grey[g] = grey[g]! + 0.299 * data[3 * p]! + 0.587 * data[3 * p + 1]! + 0.114 * data[3 * p + 2]!;
      inside[g] = inside[g]! + mask[p]!;
      cnt[g] = cnt[g]! + 1;
    }
  }
  for (let g = 0; g < grey.length; g++) {
    grey[g] = grey[g]! / (cnt[g]! || 1);
    inside[g] = inside[g]! >= cnt[g]! ? 1 : 0;
  }
  // Only cells whose 5 x 5 neighbourhood is all tongue: the tongue's own edge is not texture.
  let lap = 0;
  let sum = 0;
  let n = 0;
  for (let y = 2; y < gh - 2; y++)
    for (let x = 2; x < gw - 2; x++) {
      let all = true;
      for (let dy = -2; dy <= 2 && all; dy++)
        for (let dx = -2; dx <= 2 && all; dx++) all = inside[(y + dy) * gw + x + dx] === 1;
      if (!all) continue;
      const g = y * gw + x;
      lap += Math.abs(4 * grey[g]! - grey[g - 1]! - grey[g + 1]! - grey[g - gw]! - grey[g + gw]!);
      sum += grey[g]!;
      n++;
    }
  return n ? (100 * lap) / Math.max(sum, 1) : 0;
}

/** All quality measurements of one photo. `secondRatio` comes from the segmentation step. */
export function measureQuality(img: RgbImage, mask: Uint8Array, secondRatio: number): QualityMeasures {
  const { width: w, height: h, data } = img;
  const box = maskBox(mask, w, h);
  // Ring: pixels within 8 % of the tongue width outside it (lips, teeth, skin).
  const r = Math.max(2, Math.round(0.08 * box.w));
  const near = boxSum(mask, w, h, r);
  const lab = [0, 0, 0];
  const Ls: number[] = [];
  let area = 0;
  let clipped = 0;
  let dark = 0;
  let ra = 0;
  let rb = 0;
  let rn = 0;
  // Every pixel for the counts; colour statistics on every second row and column (enough, and faster).
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const inT = mask[p] === 1;
      if (inT) area++;
      const sampled = (x & 1) === 0 && (y & 1) === 0;
      if (!sampled || (!inT && near[p] === 0)) continue;
      const R = data[3 * p]!;
      const G = data[3 * p + 1]!;
      const B = data[3 * p + 2]!;
      linearRgbToLab(SRGB_TO_LINEAR[R]!, SRGB_TO_LINEAR[G]!, SRGB_TO_LINEAR[B]!, lab);
      if (inT) {
        Ls.push(lab[0]!);
        if (R >= 250 && G >= 250 && B >= 250) clipped++;
        if (lab[0]! < 20) dark++;
      } else {
        ra += lab[1]!;
        rb += lab[2]!;
        rn++;
      }
    }
  Ls.sort((a, b) => a - b);
  const nT = Ls.length || 1;
  const ma = rn ? ra / rn : 0;
  const mb = rn ? rb / rn : 0;
  return {
    areaFraction: area / (w * h),
    widthPx: box.w,
    secondRatio,
    sharpness: box.w ? sharpness(img, mask, box) : 0,
    medianL: Ls.length ? Ls[Ls.length >> 1]! : 0,
    clipped: clipped / nT,
    dark: dark / nT,
    ringHue: (Math.atan2(mb, ma) * 180) / Math.PI,
    ringChroma: Math.hypot(ma, mb),
  };
}
