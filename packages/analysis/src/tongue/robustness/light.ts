// Light and white balance in linear sRGB: the channel gains a change of colour temperature gives
// a camera that kept its white balance, and a shades-of-grey colour-constancy estimate.
import { applyLinearGains, SRGB_TO_LINEAR } from '../../color/index.js';
import type { RgbImage } from '../decode.js';

const toLinear = SRGB_TO_LINEAR;

/** CIE 1931 xy of a Planckian radiator, Kim et al. (2002) cubic approximation, 1667–25000 K. */
export function planckianXy(t: number): [number, number] {
  const x =
    t <= 4000
      ? -0.2661239e9 / t ** 3 - 0.234358e6 / t ** 2 + 0.8776956e3 / t + 0.17991
      : -3.0258469e9 / t ** 3 + 2.1070379e6 / t ** 2 + 0.2226347e3 / t + 0.24039;
  const y =
    t <= 2222
      ? -1.1063814 * x ** 3 - 1.3481102 * x ** 2 + 2.18555832 * x - 0.20219683
      : t <= 4000
        ? -0.9549476 * x ** 3 - 1.37418593 * x ** 2 + 2.09137015 * x - 0.16748867
        : 3.081758 * x ** 3 - 5.8733867 * x ** 2 + 3.75112997 * x - 0.37001483;
  return [x, y];
}

/** Linear sRGB of a white of chromaticity xy (Y = 1). */
function xyToLinearRgb([x, y]: [number, number]): [number, number, number] {
  const X = x / y;
  const Z = (1 - x - y) / y;
  return [
    3.2404542 * X - 1.5371385 - 0.4985314 * Z,
    -0.969266 * X + 1.8760108 + 0.041556 * Z,
    0.0556434 * X - 0.2040259 + 1.0572252 * Z,
  ];
}

/**
 * Gains (G = 1) that turn a photo white-balanced for `from` K into the same scene lit at `to` K
 * with the white balance left at `from`: lower `to` is warmer (redder).
 */
export function temperatureGains(to: number, from = 6500): [number, number, number] {
  const a = xyToLinearRgb(planckianXy(to));
  const b = xyToLinearRgb(planckianXy(from));
  const g = a.map((v, i) => v / b[i]!) as [number, number, number];
  return [g[0] / g[1], 1, g[2] / g[1]];
}

/** The image with each channel multiplied in linear light (clipped at white). */
export function applyGains(img: RgbImage, gains: readonly [number, number, number]): RgbImage {
  return { data: applyLinearGains(img.data, gains), width: img.width, height: img.height };
}

/**
 * Shades-of-grey illuminant estimate (Finlayson and Trezzi 2004; Minkowski norm p = 6) over the
 * pixels that are neither clipped nor black, in linear light (per-pixel mean, so it follows
 * exposure too).
 */
export function shadesOfGreyEstimate(img: RgbImage, p = 6): [number, number, number] {
  const sum: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < img.data.length; i += 3) {
    const r = img.data[i]!;
    const g = img.data[i + 1]!;
    const b = img.data[i + 2]!;
    if (Math.max(r, g, b) >= 250 || Math.max(r, g, b) < 8) continue;
    sum[0] += toLinear[r]! ** p;
    sum[1] += toLinear[g]! ** p;
    sum[2] += toLinear[b]! ** p;
  }
  return sum.map((s) => (s / (img.width * img.height)) ** (1 / p)) as [number, number, number];
}

/** Gains (G = 1) that make the shades-of-grey estimate neutral grey. */
export function shadesOfGreyGains(img: RgbImage, p = 6): [number, number, number] {
  const e = shadesOfGreyEstimate(img, p);
  return [e[1] / e[0], 1, e[1] / e[2]];
}

/**
 * Gains that bring the photo's shades-of-grey estimate (all three channels: white balance and
 * exposure) to `reference`, the median estimate of the photos the colour models were trained on:
 * a photo taken as the training photos were is left almost as it is.
 */
export function toReferenceGains(
  img: RgbImage,
  reference: readonly [number, number, number],
): [number, number, number] {
  const e = shadesOfGreyEstimate(img);
  return [reference[0] / e[0], reference[1] / e[1], reference[2] / e[2]];
}

/**
 * Median shades-of-grey estimate of 489 training photos (TonguExpert device photos), printed by
 * `npx tsx packages/analysis/src/tongue/robustness/reference-light.ts`.
 */
export const TRAINING_LIGHT: readonly [number, number, number] = [0.6565, 0.3376, 0.3429];
