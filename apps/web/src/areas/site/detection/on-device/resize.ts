// The server resizes the photo to the segmenter's square input with sharp (libvips: for a
// reduction by more than 2 x gap 2, a box shrink by the whole factor first, then Lanczos-3 over
// the rest, the kernel widened by the reduction). The browser has no libvips; this does the same
// steps in floating point, so the network sees nearly the same pixels on both sides (libvips
// rounds its fixed-point taps differently: ±1 level at most; docs/tongue.md gives the effect
// on the mask and labels, measured by e2e/tongue-on-device.test.ts).

/** Interleaved 8-bit RGB pixels, as the engine takes them. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/** Per output index: the first input index and the normalised taps. */
function taps(inSize: number, outSize: number): { first: Int32Array; weights: Float64Array[] } {
  const scale = inSize / outSize;
  const stretch = Math.max(1, scale);
  const support = 3 * stretch;
  const first = new Int32Array(outSize);
  const weights: Float64Array[] = [];
  for (let o = 0; o < outSize; o++) {
    const centre = (o + 0.5) * scale - 0.5;
    const lo = Math.ceil(centre - support);
    const hi = Math.floor(centre + support);
    const w = new Float64Array(hi - lo + 1);
    let sum = 0;
    for (let i = lo; i <= hi; i++) sum += w[i - lo] = lanczos3((i - centre) / stretch);
    for (let k = 0; k < w.length; k++) w[k]! /= sum;
    first[o] = lo;
    weights.push(w);
  }
  return { first, weights };
}

/** Box average by whole factors kx, ky (the pixels left over at the edge are dropped, as vips_shrink does). */
function boxShrink(img: RgbImage, kx: number, ky: number): RgbImage {
  const width = Math.floor(img.width / kx);
  const height = Math.floor(img.height / ky);
  const data = new Uint8Array(width * height * 3);
  const n = kx * ky;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let dy = 0; dy < ky; dy++)
          for (let dx = 0; dx < kx; dx++) s += img.data[((y * ky + dy) * img.width + x * kx + dx) * 3 + c]!;
        data[(y * width + x) * 3 + c] = Math.round(s / n);
      }
  return { data, width, height };
}

/** `img` resized to width x height, aspect not kept (sharp's `resize(w, h, { fit: 'fill' })`). */
export function resizeRgbFill(img: RgbImage, width: number, height: number): Uint8Array {
  // vips_resize's gap 2: shrink by floor(factor / 2) when that is 2 or more.
  const kx = Math.max(1, Math.floor(img.width / width / 2));
  const ky = Math.max(1, Math.floor(img.height / height / 2));
  const src = kx > 1 || ky > 1 ? boxShrink(img, kx, ky) : img;
  const { width: W, height: H, data } = src;
  const h = taps(W, width);
  const v = taps(H, height);
  // Horizontal pass into floats, then vertical, edges clamped.
  const mid = new Float64Array(width * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < width; x++) {
      const w = h.weights[x]!;
      const lo = h.first[x]!;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < w.length; k++) {
        const sx = Math.min(W - 1, Math.max(0, lo + k));
        const p = (y * W + sx) * 3;
        r += w[k]! * data[p]!;
        g += w[k]! * data[p + 1]!;
        b += w[k]! * data[p + 2]!;
      }
      const q = (y * width + x) * 3;
      mid[q] = r;
      mid[q + 1] = g;
      mid[q + 2] = b;
    }
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const w = v.weights[y]!;
    const lo = v.first[y]!;
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = 0; k < w.length; k++)
          s += w[k]! * mid[(Math.min(H - 1, Math.max(0, lo + k)) * width + x) * 3 + c]!;
        out[(y * width + x) * 3 + c] = Math.min(255, Math.max(0, Math.round(s)));
      }
  }
  return out;
}
