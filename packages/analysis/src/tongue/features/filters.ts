// Separable image filters on float planes (w x h), the building blocks of the texture measures.

function pass(src: Float32Array, w: number, h: number, r: number, horizontal: boolean, op: 'max' | 'min'): Float32Array {
  const out = new Float32Array(w * h);
  const n = horizontal ? w : h;
  const m = horizontal ? h : w;
  const stride = horizontal ? 1 : w;
  const lineStep = horizontal ? w : 1;
  for (let j = 0; j < m; j++) {
    const base = j * lineStep;
    for (let i = 0; i < n; i++) {
      const a = Math.max(0, i - r);
      const b = Math.min(n - 1, i + r);
      let v = src[base + a * stride]!;
      for (let k = a + 1; k <= b; k++) {
        const x = src[base + k * stride]!;
        if (op === 'max' ? x > v : x < v) v = x;
      }
      out[base + i * stride] = v;
    }
  }
  return out;
}

/** Grey dilation (max) over a (2r+1)^2 square. */
export const dilate = (src: Float32Array, w: number, h: number, r: number): Float32Array =>
  pass(pass(src, w, h, r, true, 'max'), w, h, r, false, 'max');

/** Grey erosion (min) over a (2r+1)^2 square. */
export const erode = (src: Float32Array, w: number, h: number, r: number): Float32Array =>
  pass(pass(src, w, h, r, true, 'min'), w, h, r, false, 'min');

/** Gaussian blur with standard deviation sigma (kernel radius 3 sigma, edges clamped). */
export function gaussian(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const k = new Float32Array(2 * r + 1);
  let s = 0;
  for (let i = -r; i <= r; i++) s += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let i = -r; i <= r; i++) v += k[i + r]! * src[y * w + Math.min(w - 1, Math.max(0, x + i))]!;
      tmp[y * w + x] = v;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let i = -r; i <= r; i++) v += k[i + r]! * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x]!;
      out[y * w + x] = v;
    }
  }
  return out;
}

/**
 * Largest Hessian eigenvalue of a (blurred) plane, scaled by sigma^2: high where the plane has a
 * dark valley (a crack in L*), whatever the valley's direction.
 */
export function valleyResponse(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const g = gaussian(src, w, h, sigma);
  const out = new Float32Array(w * h);
  const s2 = sigma * sigma;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const dxx = g[i - 1]! - 2 * g[i]! + g[i + 1]!;
      const dyy = g[i - w]! - 2 * g[i]! + g[i + w]!;
      const dxy = (g[i + w + 1]! - g[i + w - 1]! - g[i - w + 1]! + g[i - w - 1]!) / 4;
      const l = (dxx + dyy) / 2 + Math.sqrt(((dxx - dyy) / 2) ** 2 + dxy * dxy);
      out[i] = l > 0 ? l * s2 : 0;
    }
  }
  return out;
}
