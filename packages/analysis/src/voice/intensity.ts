import { besselI0 } from '../signal/bessel.js';
import { blocksOf, type Sound } from './sound.js';

/**
 * Intensity contour as Praat's To Intensity describes it: a Kaiser window 6.4 / minimum pitch
 * long, mean subtracted, squared and averaged, in dB re (2e-5)^2 with samples taken as Pa.
 */
export interface IntensityTrack {
  x1: number;
  dt: number;
  db: Float64Array;
}

/** Intensity (dB) every 0.8 / minPitch s with a 6.4 / minPitch s Kaiser window (minPitch in Hz). */
export function toIntensity(s: Sound, minPitch = 100): IntensityTrack {
  const x = s.samples;
  const dt = 0.8 / minPitch;
  const winDur = 6.4 / minPitch;
  const half = Math.floor(winDur / 2 / s.dx);
  const nWin = 2 * half + 1;
  const w = new Float64Array(nWin);
  const beta = 2 * Math.PI * Math.PI + 0.5;
  const i0b = besselI0(beta);
  for (let i = 0; i < nWin; i++) {
    const r = (i - half) / (half + 1);
    w[i] = besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / i0b;
  }
  const nFrames = Math.max(0, Math.floor((s.duration - winDur) / dt) + 1);
  const t1 = s.x1 - 0.5 * s.dx + 0.5 * s.duration - 0.5 * nFrames * dt + 0.5 * dt;
  const db = new Float64Array(nFrames);
  // The window spans thousands of samples at 44.1 kHz while its weight changes slowly, so the
  // weighted sums run over the sound's blocks of ~0.5 ms (block sums of x and x², each block
  // weighted at its center: the midpoint rule, off by far less than 0.01 dB); the partial blocks
  // at the window's ends are summed sample by sample.
  const blocks = blocksOf(s);
  const BLOCK = blocks.size;
  const s1 = blocks.sum;
  const s2 = blocks.sumSq;
  const nx = x.length;
  for (let f = 0; f < nFrames; f++) {
    const c = Math.round((t1 + f * dt - s.x1) / s.dx);
    const lo = Math.max(0, c - half); // first sample in the window
    const hi = Math.min(nx, c + half + 1); // one past the last
    let sw = 0;
    let sx = 0;
    let sxx = 0;
    const jLo = Math.ceil(lo / BLOCK);
    const jHi = Math.floor(hi / BLOCK); // blocks jLo..jHi-1 lie wholly inside the window
    const whole = jHi > jLo;
    // Sample by sample: lo..headEnd and tailStart..hi (everything when no block fits).
    const headEnd = whole ? jLo * BLOCK : hi;
    const tailStart = whole ? jHi * BLOCK : hi;
    for (let pass = 0; pass < 2; pass++) {
      const from = pass ? tailStart : lo;
      const to = pass ? hi : headEnd;
      for (let i = from; i < to; i++) {
        const wk = w[i - (c - half)]!;
        const v = x[i]!;
        sw += wk;
        sx += wk * v;
        sxx += wk * v * v;
      }
    }
    for (let j = jLo; j < jHi; j++) {
      const n = Math.min(nx, (j + 1) * BLOCK) - j * BLOCK;
      const wk = w[Math.min(nWin - 1, Math.round(j * BLOCK + (n - 1) / 2 - (c - half)))]!;
      sw += wk * n;
      sx += wk * s1[j]!;
      sxx += wk * s2[j]!;
    }
    const m = sw > 0 ? sx / sw : 0;
    const e = sw > 0 ? Math.max(0, sxx / sw - m * m) : 0;
    db[f] = e > 0 ? 10 * Math.log10(e / 4e-10) : -300;
  }
  return { x1: t1, dt, db };
}

/** Energy-averaged mean of an intensity contour (dB). */
export function meanIntensity(tr: IntensityTrack): number {
  let s = 0;
  let n = 0;
  for (const v of tr.db) {
    s += 10 ** (v / 10);
    n++;
  }
  return n && s > 0 ? 10 * Math.log10(s / n) : -300;
}
