import type { Sound } from './sound.js';

/**
 * Intensity contour as Praat's To Intensity describes it: a Kaiser window 6.4 / minimum pitch
 * long, mean subtracted, squared and averaged, in dB re (2e-5)^2 with samples taken as Pa.
 */
export interface IntensityTrack {
  x1: number;
  dt: number;
  db: Float64Array;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 60; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
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
  // weighted sums run over blocks of BLOCK samples (exact block sums from prefix sums of x and
  // x², each block weighted at its centre): the midpoint rule, off by far less than 0.01 dB.
  const BLOCK = Math.max(1, Math.floor(half / 64));
  const p1 = new Float64Array(x.length + 1);
  const p2 = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) {
    p1[i + 1] = p1[i]! + x[i]!;
    p2[i + 1] = p2[i]! + x[i]! * x[i]!;
  }
  for (let f = 0; f < nFrames; f++) {
    const c = Math.round((t1 + f * dt - s.x1) / s.dx);
    // One pass: weighted mean square minus the squared weighted mean.
    let sw = 0;
    let sx = 0;
    let sxx = 0;
    const kEnd = Math.min(nWin, x.length - c + half);
    for (let k = Math.max(0, half - c); k < kEnd; k += BLOCK) {
      const k2 = Math.min(kEnd, k + BLOCK);
      const i0 = c - half + k;
      const i1 = c - half + k2;
      const wk = BLOCK === 1 ? w[k]! : w[Math.min(nWin - 1, Math.round((k + k2 - 1) / 2))]!;
      sw += wk * (k2 - k);
      sx += wk * (p1[i1]! - p1[i0]!);
      sxx += wk * (p2[i1]! - p2[i0]!);
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
