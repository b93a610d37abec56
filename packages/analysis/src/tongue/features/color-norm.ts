// Colour normalization for the colour models (issue 36 item 2): the light falling on the tongue
// (its colour temperature and the exposure) is estimated from the whole photo, and the tongue crop
// is brought, by channel gains in linear light, to the light of the photos the colour models were
// trained on. Body and coating colour are then read from that crop; the other features keep
// reading the photo as it is.
//
// The estimate is a band mean: per channel, the mean linear value of the pixels between the
// BAND_LO and BAND_HI quantiles of that channel. Channel gains keep each channel's pixel order,
// so the same pixels stay in the band and the estimate scales exactly with the gains, as long as
// the band is neither clipped nor crushed. On the device photos the red channel's median is
// about code 200 (linear 0.58), which +1 EV clips; the band ends at the 30th percentile (about
// linear 0.42) so that one stop of over-exposure still leaves it unclipped. Shades-of-grey
// (robustness/light.ts), which weights the brightest pixels, is thrown off by exactly those
// clipped highlights (+1 EV changed more labels with it than without).
import { rgbBufferToLab, SRGB_TO_LINEAR, applyLinearGains } from '../../color/index.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import type { TongueCrop, TongueImage } from './prepare.js';

export const BAND_LO = 0.05;
export const BAND_HI = 0.3;

/** Per channel, the mean linear value of the pixels between the lo and hi quantiles of that channel. */
export function bandEstimate(
  image: TongueImage,
  lo = BAND_LO,
  hi = BAND_HI,
  skip?: Uint8Array,
): [number, number, number] {
  const hist = [new Float64Array(256), new Float64Array(256), new Float64Array(256)] as const;
  const { data } = image;
  let n = 0;
  for (let p = 0, i = 0; i < data.length; p++, i += 3) {
    if (skip?.[p]) continue;
    hist[0][data[i]!]!++;
    hist[1][data[i + 1]!]!++;
    hist[2][data[i + 2]!]!++;
    n++;
  }
  const out: [number, number, number] = [0, 0, 0];
  if (n === 0) return out;
  const from = lo * n;
  const to = hi * n;
  for (let c = 0; c < 3; c++) {
    const h = hist[c]!;
    let cum = 0;
    let sum = 0;
    for (let v = 0; v < 256 && cum < to; v++) {
      // The part of this code's pixels that lies inside [from, to) of the ranking.
      const inBand = Math.max(0, Math.min(cum + h[v]!, to) - Math.max(cum, from));
      sum += inBand * SRGB_TO_LINEAR[v]!;
      cum += h[v]!;
    }
    out[c] = sum / Math.max(1e-9, to - from);
  }
  return out;
}

/**
 * Band estimate of the photos the colour models were trained on (median over the TonguExpert
 * training photos, printed by `npx tsx training/tongue-features/dump-colour.ts --reference`).
 */
export const REFERENCE_LIGHT: readonly [number, number, number] = [0.2983, 0.0983, 0.0775];

/** Gains (linear light) that bring the photo's band estimate to REFERENCE_LIGHT; at most ×8 or ÷8. */
export function lightGains(image: TongueImage, reference = REFERENCE_LIGHT): [number, number, number] {
  const e = bandEstimate(image);
  return e.map((v, c) => Math.min(8, Math.max(1 / 8, reference[c]! / Math.max(1e-6, v)))) as [number, number, number];
}

/** The crop with its pixels multiplied by the gains in linear light, and its CIELAB planes recomputed. */
export function normalizedCrop(
  crop: TongueCrop,
  gains: readonly [number, number, number],
  al: Alloc = HEAP,
): TongueCrop {
  const rgb = al.u8(crop.rgb.length);
  rgb.set(applyLinearGains(crop.rgb, gains));
  const n = crop.w * crop.h;
  const lab = rgbBufferToLab(rgb, 3, { L: al.f32(n), a: al.f32(n), b: al.f32(n) });
  return { ...crop, rgb, L: lab.L, a: lab.a, b: lab.b };
}
