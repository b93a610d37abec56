import { laggedProducts } from '../signal/index.js';
import { extentOf, highIndex, lowIndex, nearestIndex, timeOf, type Sound } from './sound.js';
import { pitchAt, type PitchTrack } from './pitch.js';

/**
 * Glottal pulse marks by waveform cross-correlation, following the procedure Praat documents
 * for Sound & Pitch: To PointProcess (cc): start at the largest extremum in the middle of each
 * voiced stretch, then step one period left and right, placing each next mark where the
 * waveform best correlates with the previous period.
 */

interface Voiced {
  left: number;
  right: number;
}

function voicedIntervalAfter(p: PitchTrack, after: number): Voiced | undefined {
  const n = p.f0.length;
  let i = Math.max(0, Math.ceil((after - p.x1) / p.dt));
  while (i < n && !(p.f0[i]! > 0)) i++;
  if (i >= n) return undefined;
  let j = i;
  while (j + 1 < n && p.f0[j + 1]! > 0) j++;
  const left = p.x1 + i * p.dt - 0.5 * p.dt;
  const right = p.x1 + j * p.dt + 0.5 * p.dt;
  return { left, right };
}

function findExtremum(s: Sound, tmin: number, tmax: number): number {
  const x = s.samples;
  const a = Math.max(0, lowIndex(s, tmin));
  const b = Math.min(x.length - 1, highIndex(s, tmax));
  if (b < a) return (tmin + tmax) / 2;
  let imin = a;
  let imax = a;
  for (let i = a + 1; i <= b; i++) {
    if (x[i]! < x[imin]!) imin = i;
    if (x[i]! > x[imax]!) imax = i;
  }
  if (x[imin] === x[imax]) return timeOf(s, (a + b) / 2);
  const ie = Math.abs(x[imin]!) > Math.abs(x[imax]!) ? imin : imax;
  if (ie === a || ie === b) return timeOf(s, ie);
  const ym = x[ie]!;
  const yl = x[ie - 1]!;
  const yr = x[ie + 1]!;
  return timeOf(s, ie + (0.5 * (yr - yl)) / (2 * ym - yl - yr));
}

/**
 * Normalized correlation of x[a + k] with x[b + k] for k = 0..w, over the samples both windows
 * have inside the sound (Praat skips the rest).
 */
function windowCorr(x: Float64Array, a: number, b: number, w: number): number {
  const k0 = Math.max(0, -a, -b);
  const k1 = Math.min(w, x.length - 1 - a, x.length - 1 - b);
  let prod = 0;
  let e1 = 0;
  let e2 = 0;
  for (let k = k0; k <= k1; k++) {
    const u = x[a + k]!;
    const v = x[b + k]!;
    prod += u * v;
    e1 += u * u;
    e2 += v * v;
  }
  return prod ? prod / Math.sqrt(e1 * Math.max(e2, 1e-300)) : 0;
}

let rangeStore = new Float64Array(256);

/**
 * windowCorr for every b in b0..b1 (returned at index b - b0 of a reused buffer). Inside the
 * sound the first window's energy is summed once and the second's slides with b.
 */
function corrRange(x: Float64Array, a: number, w: number, b0: number, b1: number): Float64Array {
  const m = b1 - b0 + 1;
  if (rangeStore.length < m) rangeStore = new Float64Array(2 * m);
  const out = rangeStore;
  if (a < 0 || b0 < 0 || a + w >= x.length || b1 + w >= x.length) {
    for (let b = b0; b <= b1; b++) out[b - b0] = windowCorr(x, a, b, w);
    return out;
  }
  let e1 = 0;
  for (let k = 0; k <= w; k++) e1 += x[a + k]! * x[a + k]!;
  let e2 = 0;
  for (let k = 0; k <= w; k++) e2 += x[b0 + k]! * x[b0 + k]!;
  laggedProducts(x, a, b0, w + 1, m, out);
  for (let b = b0; b <= b1; b++) {
    const prod = out[b - b0]!;
    out[b - b0] = prod ? prod / Math.sqrt(e1 * Math.max(e2, 1e-300)) : 0;
    if (b < b1) e2 += x[b + w + 1]! * x[b + w + 1]! - x[b]! * x[b]!;
  }
  return out;
}

interface Match {
  t: number;
  r: number;
  peak: number;
}

/**
 * The lag search of Praat's To PointProcess (cc): the window of one period at t1 is compared
 * with windows starting between tmin2 and tmax2; the best local maximum of the normalized
 * correlation wins and is refined by a parabola. At high sample rates the correlation is smooth
 * over several samples: the best lag is first found on the band-limited `coarse` copy, and the
 * full-rate scan runs only within one coarse sample of it (without a coarse copy the scan is
 * Praat's exhaustive one).
 */
function maximumCorrelation(
  s: Sound,
  t1: number,
  windowLength: number,
  tmin2: number,
  tmax2: number,
  coarse: Sound | undefined,
): Match {
  const x = s.samples;
  const n = x.length;
  const half = 0.5 * windowLength;
  const l1 = nearestIndex(s, t1 - half);
  const r1 = nearestIndex(s, t1 + half);
  const l2min = lowIndex(s, tmin2 - half);
  const l2max = highIndex(s, tmax2 - half);
  const w1 = r1 - l1;
  // Coarse pass on the band-limited copy (factor D): the best lag there; the full-rate scan then
  // runs only within one coarse sample of it.
  const D = coarse ? Math.round(coarse.dx / s.dx) : 1;
  let from = l2min;
  let to = l2max;
  let best = -1;
  let bestA = 0;
  let bestC = 0;
  let ir = 0;
  if (coarse && D > 1 && l2max - l2min > 4 * D) {
    const c = coarse.samples;
    const off = Math.round((coarse.x1 - s.x1) / s.dx);
    const c1 = Math.round((l1 - off) / D);
    const w = Math.floor((r1 - l1) / D);
    const cFrom = Math.ceil((l2min - off) / D);
    const cTo = Math.floor((l2max - off) / D);
    let bestLag = cFrom;
    let bestR = -Infinity;
    const rc = corrRange(c, c1, w, cFrom, cTo);
    for (let c2 = cFrom; c2 <= cTo; c2++) {
      const r = rc[c2 - cFrom]!;
      if (r > bestR) {
        bestR = r;
        bestLag = c2;
      }
    }
    from = Math.max(l2min, bestLag * D + off - D);
    to = Math.min(l2max, bestLag * D + off + D);
  }
  // Fine pass: Praat's scan over every lag of the (narrowed) range. A narrowed scan starts with
  // the true neighbors of its first lag; the full scan starts from zeros, as Praat's does.
  let rA = 0;
  let rB = 0;
  let rC = 0;
  const first = from > l2min ? from - 2 : from;
  const last = to + (to < l2max ? 1 : 0);
  const rf = corrRange(x, l1, w1, first, last);
  if (from > l2min) {
    rB = rf[0]!;
    rC = rf[1]!;
  }
  for (let l2 = from; l2 <= last; l2++) {
    rA = rB;
    rB = rC;
    rC = rf[l2 - first]!;
    if (rB > best && rB >= rA && rB >= rC) {
      bestA = rA;
      best = rB;
      bestC = rC;
      ir = l2 - 1;
    }
  }
  let peak = 0;
  if (best > -1) {
    const k0 = Math.max(0, -l1, -ir);
    const k1 = Math.min(w1, n - 1 - l1, n - 1 - ir);
    for (let k = k0; k <= k1; k++) peak = Math.max(peak, Math.abs(x[ir + k]!));
  }
  let t = t1;
  if (best > -1) {
    const d2r = 2 * best - bestA - bestC;
    if (d2r !== 0) {
      const dr = 0.5 * (bestC - bestA);
      best += (0.5 * dr * dr) / d2r;
      ir += dr / d2r;
    }
    t = t1 + (ir - l1) * s.dx;
  }
  return { t, r: best, peak };
}

/** Pulse (glottal closure) times in seconds, ascending. */
export function toPulses(s: Sound, pitch: PitchTrack, coarse?: Sound): number[] {
  const points: number[] = [];
  const x = s.samples;
  const { min, max } = extentOf(s);
  const globalPeak = x.length ? Math.max(Math.abs(min), Math.abs(max)) : 0;
  let addedRight = -1e300;
  let t = pitch.x1 - 0.5 * pitch.dt;
  const end = pitch.x1 + (pitch.f0.length - 0.5) * pitch.dt;
  for (let guard = 0; guard < 100000; guard++) {
    const iv = voicedIntervalAfter(pitch, t);
    if (!iv || iv.left >= end - 0.5 * pitch.dt) break;
    const mid = (iv.left + iv.right) / 2;
    const f0mid = pitchAt(pitch, mid);
    if (!(f0mid > 0)) {
      t = iv.right;
      continue;
    }
    let tmax = findExtremum(s, mid - 0.5 / f0mid, mid + 0.5 / f0mid);
    points.push(tmax);
    const save = tmax;
    for (;;) {
      const f0 = pitchAt(pitch, tmax);
      if (!(f0 > 0)) break;
      const m = maximumCorrelation(s, tmax, 1 / f0, tmax - 1.25 / f0, tmax - 0.8 / f0, coarse);
      tmax = m.r === -1 ? tmax - 1 / f0 : m.t;
      if (tmax < iv.left) {
        if (m.r > 0.7 && m.peak > 0.023333 * globalPeak && tmax - addedRight > 0.8 / f0) points.push(tmax);
        break;
      }
      if (m.r > 0.3 && (m.peak === 0 || m.peak > 0.01 * globalPeak) && tmax - addedRight > 0.8 / f0) points.push(tmax);
    }
    tmax = save;
    for (;;) {
      const f0 = pitchAt(pitch, tmax);
      if (!(f0 > 0)) break;
      const m = maximumCorrelation(s, tmax, 1 / f0, tmax + 0.8 / f0, tmax + 1.25 / f0, coarse);
      tmax = m.r === -1 ? tmax + 1 / f0 : m.t;
      if (tmax > iv.right) {
        if (m.r > 0.7 && m.peak > 0.023333 * globalPeak) {
          points.push(tmax);
          addedRight = tmax;
        }
        break;
      }
      if (m.r > 0.3 && (m.peak === 0 || m.peak > 0.01 * globalPeak)) {
        points.push(tmax);
        addedRight = tmax;
      }
    }
    t = iv.right;
  }
  // A point process keeps its points sorted and unique.
  points.sort((a, b) => a - b);
  return points.filter((p, i) => i === 0 || p !== points[i - 1]);
}
