// Crops the photo to the tongue, scales it so the tongue's longer side is WORK_SIDE pixels (the
// texture filters and thresholds are tuned at that scale, whatever the camera resolution) and
// converts it to CIELAB (D65).
import { rgbBufferToLab } from '../../color/index.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import { maskBox } from '../measures.js';
import { roundHalfUp } from './stats.js';

/** Interleaved 8-bit RGB pixels with a tongue mask (1 = tongue) of the same size. */
export interface TongueImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Longer side of the tongue's bounding box after scaling, in pixels. */
export const WORK_SIDE = 256;

export interface TongueCrop {
  w: number;
  h: number;
  /** 1 = tongue, per crop pixel. */
  mask: Uint8Array;
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  /** The crop's 8-bit RGB pixels (interleaved). */
  rgb: Uint8Array;
  /** Tongue pixels in the crop. */
  count: number;
  /** Crop pixels per input pixel. */
  scale: number;
}

/**
 * Area-averages the bounding box of the mask onto a grid whose longer side is WORK_SIDE (never
 * enlarging by more than 2x), keeping a crop pixel as tongue when at least half its area is.
 */
export function prepareCrop(image: TongueImage, mask: Uint8Array, al: Alloc = HEAP): TongueCrop | null {
  const { width, height, data } = image;
  const found = maskBox(mask, width, height);
  if (!found.w) return null;
  const box = { x0: found.x, y0: found.y };
  const bw = found.w;
  const bh = found.h;
  const scale = Math.min(2, WORK_SIDE / Math.max(bw, bh));
  const w = Math.max(1, Math.round(bw * scale));
  const h = Math.max(1, Math.round(bh * scale));
  const rgb = al.u8(w * h * 3);
  const cropMask = al.u8(w * h);
  let count = 0;
  const colFrom = al.i32(w);
  const colTo = al.i32(w);
  for (let x = 0; x < w; x++) {
    colFrom[x] = box.x0 + Math.floor((x * bw) / w);
    colTo[x] = Math.max(colFrom[x]! + 1, box.x0 + Math.floor(((x + 1) * bw) / w));
  }
  for (let y = 0; y < h; y++) {
    const sy0 = box.y0 + Math.floor((y * bh) / h);
    const sy1 = Math.max(sy0 + 1, box.y0 + Math.floor(((y + 1) * bh) / h));
    for (let x = 0; x < w; x++) {
      const sx0 = colFrom[x]!;
      const sx1 = colTo[x]!;
      let r = 0;
      let g = 0;
      let bl = 0;
      let m = 0;
      let n = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = sy * width + sx;
          const p = i * 3;
          r += data[p]!;
          g += data[p + 1]!;
          bl += data[p + 2]!;
          m += mask[i] ? 1 : 0;
          n++;
        }
      }
      const o = y * w + x;
      rgb[o * 3] = roundHalfUp(r / n);
      rgb[o * 3 + 1] = roundHalfUp(g / n);
      rgb[o * 3 + 2] = roundHalfUp(bl / n);
      if (m * 2 >= n) {
        cropMask[o] = 1;
        count++;
      }
    }
  }
  const lab = rgbBufferToLab(rgb, 3, { L: al.f32(w * h), a: al.f32(w * h), b: al.f32(w * h) });
  return { w, h, mask: cropMask, rgb, L: lab.L, a: lab.a, b: lab.b, count, scale };
}

/**
 * Input of the texture network: the crop centred on a WORK_SIDE x WORK_SIDE square, planes R, G,
 * B (0-1, zero outside the tongue) and the mask, as 8-bit planes (value / 255 is the tensor).
 */
export function networkInput(crop: TongueCrop, al: Alloc = HEAP): Uint8Array {
  const S = WORK_SIDE;
  const out = al.u8(4 * S * S);
  const ox = Math.floor((S - crop.w) / 2);
  const oy = Math.floor((S - crop.h) / 2);
  for (let y = 0; y < crop.h; y++) {
    for (let x = 0; x < crop.w; x++) {
      const i = y * crop.w + x;
      if (!crop.mask[i]) continue;
      const o = (y + oy) * S + (x + ox);
      if (o < 0 || o >= S * S) continue;
      out[o] = crop.rgb[i * 3]!;
      out[S * S + o] = crop.rgb[i * 3 + 1]!;
      out[2 * S * S + o] = crop.rgb[i * 3 + 2]!;
      out[3 * S * S + o] = 255;
    }
  }
  return out;
}
