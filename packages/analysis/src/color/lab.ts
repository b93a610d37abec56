// sRGB (IEC 61966-2-1) -> CIE XYZ -> CIELAB with the D65 white point, as skin-color
// studies and the ITA angle use. Pure functions; the 8-bit path uses a lookup table because
// the engines convert hundreds of thousands of pixels per photo.

const D65 = { x: 0.95047, y: 1.0, z: 1.08883 } as const;
const EPS = 216 / 24389;
const KAPPA = 24389 / 27;

/** Linear-light value 0-1 of one 8-bit sRGB channel. */
export const SRGB_TO_LINEAR: Float64Array = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return t;
})();

const f = (t: number): number => (t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

/** CIELAB (D65, L* 0-100) of linear-light RGB 0-1, written into `out` ([L, a, b]). */
export function linearRgbToLab(
  r: number,
  g: number,
  b: number,
  out: Float64Array | number[] = [0, 0, 0],
): Float64Array | number[] {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / D65.x;
  const y = (0.2126729 * r + 0.7151522 * g + 0.072175 * b) / D65.y;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / D65.z;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  out[0] = 116 * fy - 16;
  out[1] = 500 * (fx - fy);
  out[2] = 200 * (fy - fz);
  return out;
}

/** CIELAB (D65) of one 8-bit sRGB color: { L 0-100, a, b }. */
export function srgbToLab(r: number, g: number, b: number): { L: number; a: number; b: number } {
  const o = linearRgbToLab(SRGB_TO_LINEAR[r & 255]!, SRGB_TO_LINEAR[g & 255]!, SRGB_TO_LINEAR[b & 255]!);
  return { L: o[0]!, a: o[1]!, b: o[2]! };
}

/** Planar CIELAB images (L*, a*, b*) of an interleaved 8-bit RGB buffer with `channels` per pixel. */
export function rgbBufferToLab(
  rgb: Uint8Array,
  channels: number,
  into?: { L: Float32Array; a: Float32Array; b: Float32Array },
): { L: Float32Array; a: Float32Array; b: Float32Array } {
  const n = Math.floor(rgb.length / channels);
  const L = into?.L ?? new Float32Array(n);
  const A = into?.a ?? new Float32Array(n);
  const B = into?.b ?? new Float32Array(n);
  const lin = SRGB_TO_LINEAR;
  // Same arithmetic as linearRgbToLab, inlined: this loop runs on every pixel of the face.
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const r = lin[rgb[p]!]!;
    const g = lin[rgb[p + 1]!]!;
    const bl = lin[rgb[p + 2]!]!;
    const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / D65.x;
    const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * bl;
    const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * bl) / D65.z;
    const fx = x > EPS ? Math.cbrt(x) : (KAPPA * x + 16) / 116;
    const fy = y > EPS ? Math.cbrt(y) : (KAPPA * y + 16) / 116;
    const fz = z > EPS ? Math.cbrt(z) : (KAPPA * z + 16) / 116;
    L[i] = 116 * fy - 16;
    A[i] = 500 * (fx - fy);
    B[i] = 200 * (fy - fz);
  }
  return { L, a: A, b: B };
}

/** Chroma C*ab and hue angle h_ab in degrees (0-360) of a CIELAB color. */
export function labToLch(a: number, b: number): { C: number; h: number } {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return { C: Math.hypot(a, b), h: h < 0 ? h + 360 : h };
}
