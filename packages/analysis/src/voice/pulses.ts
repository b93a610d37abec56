import { highIndex, lowIndex, nearestIndex, timeOf, type Sound } from './sound.js';
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

interface Match {
  t: number;
  r: number;
  peak: number;
}

function maximumCorrelation(s: Sound, t1: number, windowLength: number, tmin2: number, tmax2: number): Match {
  const x = s.samples;
  const n = x.length;
  const half = 0.5 * windowLength;
  const l1 = nearestIndex(s, t1 - half);
  const r1 = nearestIndex(s, t1 + half);
  const l2min = lowIndex(s, tmin2 - half);
  const l2max = highIndex(s, tmax2 - half);
  let best = -1;
  let rA = 0;
  let rB = 0;
  let rC = 0;
  let bestA = 0;
  let bestC = 0;
  let ir = 0;
  let peak = 0;
  // Only the overlap of both windows with the sound counts (Praat skips samples outside).
  // The norm of the moving window is updated as it slides, and the peak is read only for the
  // winning lag, so the inner loop is one multiply-add per sample.
  let n1 = 0;
  let n2 = 0;
  let k0Prev = NaN;
  let k1Prev = NaN;
  let l2Prev = NaN;
  for (let l2 = l2min; l2 <= l2max; l2++) {
    const k0 = Math.max(0, -l1, -l2);
    const k1 = Math.min(r1 - l1, n - 1 - l1, n - 1 - l2);
    let prod = 0;
    for (let k = k0; k <= k1; k++) prod += x[l1 + k]! * x[l2 + k]!;
    if (k0 !== k0Prev || k1 !== k1Prev) {
      n1 = 0;
      for (let k = k0; k <= k1; k++) n1 += x[l1 + k]! * x[l1 + k]!;
    }
    if (k0 === k0Prev && k1 === k1Prev && l2 === l2Prev + 1) {
      const out = x[l2Prev + k0]!;
      const inn = x[l2 + k1]!;
      n2 += inn * inn - out * out;
    } else {
      n2 = 0;
      for (let k = k0; k <= k1; k++) n2 += x[l2 + k]! * x[l2 + k]!;
    }
    k0Prev = k0;
    k1Prev = k1;
    l2Prev = l2;
    rA = rB;
    rB = rC;
    rC = prod ? prod / Math.sqrt(n1 * Math.max(n2, 1e-300)) : 0;
    if (rB > best && rB >= rA && rB >= rC) {
      bestA = rA;
      best = rB;
      bestC = rC;
      ir = l2 - 1;
    }
  }
  if (best > -1) {
    const l2 = ir;
    const k0 = Math.max(0, -l1, -l2);
    const k1 = Math.min(r1 - l1, n - 1 - l1, n - 1 - l2);
    for (let k = k0; k <= k1; k++) peak = Math.max(peak, Math.abs(x[l2 + k]!));
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
export function toPulses(s: Sound, pitch: PitchTrack): number[] {
  const points: number[] = [];
  let globalPeak = 0;
  for (const v of s.samples) globalPeak = Math.max(globalPeak, Math.abs(v));
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
      const m = maximumCorrelation(s, tmax, 1 / f0, tmax - 1.25 / f0, tmax - 0.8 / f0);
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
      const m = maximumCorrelation(s, tmax, 1 / f0, tmax + 0.8 / f0, tmax + 1.25 / f0);
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
