// Channel gains in linear light (exposure, white balance): the study tools of the face and tongue
// engines re-take photos with them.
import { SRGB_TO_LINEAR } from './lab.js';

/** 8-bit sRGB code of a linear-light value (clipped at 0 and 1). */
export const linearToSrgb8 = (l: number): number => {
  const c = Math.min(1, Math.max(0, l));
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
};

/** Interleaved 8-bit RGB with each channel multiplied by its gain in linear light. */
export function applyLinearGains(rgb: Uint8Array, gains: readonly [number, number, number]): Uint8Array {
  const lut = gains.map((g) => Uint8Array.from({ length: 256 }, (_, v) => linearToSrgb8(SRGB_TO_LINEAR[v]! * g)));
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < out.length; i += 3) {
    out[i] = lut[0]![rgb[i]!]!;
    out[i + 1] = lut[1]![rgb[i + 1]!]!;
    out[i + 2] = lut[2]![rgb[i + 2]!]!;
  }
  return out;
}
