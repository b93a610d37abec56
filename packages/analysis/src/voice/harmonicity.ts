import { crossCorrelation, laggedProducts } from '../signal/index.js';
import { decimate } from './decimate.js';
import { lowIndex, meanWithEdges, peakAboutMean, rangeStats, type Sound } from './sound.js';

/**
 * Harmonics-to-noise ratio as Praat's To Harmonicity (cc) computes it with its standard
 * settings (time step 0.01 s, floor 75 Hz, silence threshold 0.1, one period per window): per
 * frame, the strongest peak r of the normalized forward cross-correlation gives
 * HNR = 10 log10(r / (1 - r)); the mean runs over the frames that have a peak.
 *
 * With these settings every path cost is zero, so Praat's Viterbi path simply takes each
 * frame's strongest candidate; only that peak's height matters. Instead of correlating at every
 * lag at the full sample rate (an FFT of 2048 points per frame at 44.1 kHz), the peaks are
 * located on a band-limited copy at about 11 kHz, and each promising one is then climbed and
 * measured exactly at the full rate by direct products over a few lags, its top found by a
 * parabola through the three highest lags (Praat refines with a sinc; a peak spans many samples,
 * and the mean HNR agrees with Praat's to 0.02 dB at 16 kHz and 0.00 dB at 44.1 kHz:
 * docs/voice.md). At 8-16 kHz the "coarse" copy is the sound itself.
 */
const FLOOR_HZ = 75;
const TIME_STEP_S = 0.01;
const SILENCE_THRESHOLD = 0.1;
/** Coarse peaks within this of the best coarse peak are climbed at full rate (0.01 to 0.1 give the same means to 0.01 dB on the test files). */
const COARSE_MARGIN = 0.03;
/** Working rate of the coarse search (Hz): at least this, an integer fraction of the input rate. */
const COARSE_RATE_HZ = 11000;

/** The decimation factor that keeps the coarse copy at or above COARSE_RATE_HZ. */
export const coarseFactor = (rateHz: number): number => Math.max(1, Math.floor(rateHz / COARSE_RATE_HZ));

/** Mean HNR (dB) over the frames that have a periodicity peak; NaN when none. */
export function meanHnr(s: Sound, coarse: Sound = decimate(s, coarseFactor(1 / s.dx))): number {
  const frames = harmonicityFrames(s, coarse);
  let sum = 0;
  let n = 0;
  for (const r of frames) {
    if (!(r > 0)) continue;
    sum += r <= 1e-15 ? -150 : r > 1 - 1e-15 ? 150 : 10 * Math.log10(r / (1 - r));
    n++;
  }
  return n ? sum / n : NaN;
}

/** Strength of each frame's strongest periodicity peak; 0 where the frame is unvoiced. */
export function harmonicityFrames(s: Sound, coarse: Sound): Float64Array {
  const dx = s.dx;
  const nsampPeriod = Math.floor(1 / dx / FLOOR_HZ);
  const halfPeriod = Math.floor(nsampPeriod / 2) + 1;
  const dtWindow = 1 / FLOOR_HZ;
  const halfWindow = Math.floor(Math.floor(dtWindow / dx) / 2) - 1;
  const nWin = halfWindow * 2;
  if (halfWindow < 2) return new Float64Array(0);
  const maximumLag = nWin; // min(nWin / periodsPerWindow + 2, nWin) with one period per window
  const nFrames = Math.floor((s.duration - (1 / FLOOR_HZ + dtWindow)) / TIME_STEP_S) + 1;
  if (nFrames < 1) return new Float64Array(0);
  const t1 = s.x1 - 0.5 * dx + 0.5 * s.duration - 0.5 * nFrames * TIME_STEP_S + 0.5 * TIME_STEP_S;
  const out = new Float64Array(nFrames);

  const globalPeak = peakAboutMean(s);
  if (!(globalPeak > 0)) return out;

  const D = Math.round(coarse.dx / dx);
  const cWin = Math.floor(nWin / D);
  const w: HnrWork = {
    s,
    coarse,
    nsampPeriod,
    halfPeriod,
    halfWindow,
    nWin,
    maximumLag,
    t1,
    globalPeak,
    D,
    cWin,
    seg: new Float64Array(maximumLag + nWin),
    sq: new Float64Array(maximumLag + nWin + 1),
    cHead: new Float64Array(cWin),
    cSeg: new Float64Array(cWin + maximumLag + 1),
    cc: new Float64Array(maximumLag + 1),
    rcBuf: new Float64Array(maximumLag + 1),
    small: new Float64Array(4 * D + 8),
    near: new Float64Array(3),
  };
  for (let f = 0; f < nFrames; f++) out[f] = frameStrength(w, f);
  return out;
}

/** Buffers and constants shared by the frames of one harmonicity analysis. */
interface HnrWork {
  s: Sound;
  coarse: Sound;
  nsampPeriod: number;
  halfPeriod: number;
  halfWindow: number;
  nWin: number;
  maximumLag: number;
  t1: number;
  globalPeak: number;
  /** Decimation factor of the coarse copy. */
  D: number;
  cWin: number;
  /** The frame's stretch minus its local mean, and the running sums of its squares. */
  seg: Float64Array;
  sq: Float64Array;
  cHead: Float64Array;
  cSeg: Float64Array;
  cc: Float64Array;
  rcBuf: Float64Array;
  small: Float64Array;
  near: Float64Array;
}

/** Normalized correlation from the lagged product p (sumx2: the window's energy). */
function norm(w: HnrWork, sumx2: number, lag: number, p: number): number {
  const sumy2 = w.sq[lag + w.nWin]! - w.sq[lag]!;
  return sumy2 > 0 ? p / Math.sqrt(sumx2 * sumy2) : 0;
}

/** Normalized correlation at one full-rate lag, by direct products (0 outside the stretch). */
function rAt(w: HnrWork, sumx2: number, localMaxLag: number, lag: number): number {
  return lag < 1 || lag > localMaxLag ? 0 : norm(w, sumx2, lag, dot(w.seg, 0, lag, w.nWin));
}

/**
 * Frame f's harmonicity strength: its strongest correlation peak, or 0 where the frame is
 * unvoiced. One function per frame, so that the JIT optimizes it whole within the first call.
 */
function frameStrength(w: HnrWork, f: number): number {
  const { s, coarse, nsampPeriod, halfPeriod, halfWindow, nWin, maximumLag, D, cWin } = w;
  const { seg, sq, cHead, cc, rcBuf, small, near } = w;
  const x = s.samples;
  const dx = s.dx;
  const nx = x.length;
  const cx = coarse.samples;
  const dtWindow = 1 / FLOOR_HZ;
  const globalPeak = w.globalPeak;
  const t1 = w.t1;
  const t = t1 + f * TIME_STEP_S;
  const left = lowIndex(s, t);
  const right = left + 1;
  // Mean over one period each side (edge samples repeated, as the exhaustive loop reads them).
  const lo = right - nsampPeriod;
  const hi = left + nsampPeriod;
  const localMean = meanWithEdges(s, lo, hi);
  const start = right - halfWindow;
  let localPeak = 0;
  const a = Math.max(0, halfWindow - halfPeriod);
  const b = Math.min(nWin - 1, halfWindow + halfPeriod - 1);
  // Edge samples repeated: the clamped indices cover exactly the range between the clamped ends.
  if (b >= a) {
    const lo2 = Math.min(nx - 1, Math.max(0, start + a));
    const { min, max } = rangeStats(s, lo2, Math.min(nx - 1, Math.max(0, start + b)));
    localPeak = Math.max(Math.abs(max - localMean), Math.abs(localMean - min));
  }
  const intensity = localPeak > globalPeak ? 1 : localPeak / globalPeak;
  // Praat's unvoiced candidate scores max(0, 2 - intensity / silenceThreshold); a frame this
  // quiet stays unvoiced whatever its correlation (strength <= 1), so it is not computed.
  const unvoiced = Math.max(0, 2 - intensity / SILENCE_THRESHOLD);
  if (localPeak === 0 || unvoiced >= 1) return 0;

  const s0 = Math.max(0, lowIndex(s, t - 0.5 * (1 / FLOOR_HZ + dtWindow)));
  const span = Math.min(maximumLag + nWin, nx - s0);
  const localMaxLag = span - nWin;
  if (localMaxLag < 2) return 0;
  // Running sums of seg² two samples per step (half the dependent adds).
  sq[0] = 0;
  let i2 = 0;
  for (; i2 + 1 < span; i2 += 2) {
    const v0 = x[s0 + i2]! - localMean;
    const v1 = x[s0 + i2 + 1]! - localMean;
    seg[i2] = v0;
    seg[i2 + 1] = v1;
    const base = sq[i2]!;
    sq[i2 + 1] = base + v0 * v0;
    sq[i2 + 2] = base + (v0 * v0 + v1 * v1);
  }
  if (i2 < span) {
    const v = x[s0 + i2]! - localMean;
    seg[i2] = v;
    sq[i2 + 1] = sq[i2]! + v * v;
  }
  const sumx2 = sq[nWin]!;
  if (!(sumx2 > 0)) return 0;

  // Coarse: the same stretch on the band-limited copy, correlated by FFT.
  const c0 = Math.max(0, Math.round((s.x1 + s0 * dx - coarse.x1) / coarse.dx));
  const cMaxLag = Math.min(Math.floor(localMaxLag / D), cx.length - c0 - cWin);
  if (cMaxLag < 2 || cWin < 2) return 0;
  const cSeg = w.cSeg.subarray(0, cWin + cMaxLag);
  for (let i = 0; i < cSeg.length; i++) cSeg[i] = cx[c0 + i]! - localMean;
  cHead.set(cSeg.subarray(0, cWin));
  crossCorrelation(cHead, cSeg, cMaxLag, cc);
  let cx2 = 0;
  for (let i = 0; i < cWin; i++) cx2 += cHead[i]! * cHead[i]!;
  let cy2 = cx2;
  const rc = rcBuf.subarray(0, cMaxLag + 1);
  rc.fill(0);
  rc[0] = 1; // as at full rate: lag 0 correlates perfectly, so lag 1 is never a peak
  for (let lag = 1; lag <= cMaxLag; lag++) {
    const y0 = cSeg[lag - 1]!;
    const yZ = cSeg[lag + cWin - 1]!;
    cy2 += yZ * yZ - y0 * y0;
    rc[lag] = cx2 > 0 && cy2 > 0 ? cc[lag]! / Math.sqrt(cx2 * cy2) : 0;
  }
  let bestCoarse = 0;
  for (let lag = 1; lag < cMaxLag; lag++)
    if (rc[lag]! > rc[lag - 1]! && rc[lag]! >= rc[lag + 1]!) bestCoarse = Math.max(bestCoarse, rc[lag]!);

  // Fine: climb each promising coarse peak at full rate; Praat's candidates are local maxima
  // at lags 2 .. maximumLag - 1 with positive correlation.
  let best = 0;
  // Lags below two coarse samples cannot show as coarse peaks; they are always measured.
  for (let lag = 0; lag < cMaxLag; lag++) {
    if (lag > 0 && !(rc[lag]! > rc[lag - 1]! && rc[lag]! >= rc[lag + 1]! && rc[lag]! >= bestCoarse - COARSE_MARGIN))
      continue;
    if (lag === 0) {
      // Lags below two coarse samples cannot show as coarse peaks: scan them at full rate,
      // four lags per pass over the window.
      const hiLag = Math.min(2 * D + 2, maximumLag);
      const have = Math.min(hiLag, localMaxLag);
      laggedProducts(seg, 0, 1, nWin, have, small);
      for (let i = 2; i < hiLag; i++) {
        const rm = i - 1 <= have ? norm(w, sumx2, i - 1, small[i - 2]!) : 0;
        const ri = i <= have ? norm(w, sumx2, i, small[i - 1]!) : 0;
        const rp = i + 1 <= have ? norm(w, sumx2, i + 1, small[i]!) : 0;
        if (ri > 0 && ri > rm && ri >= rp) best = Math.max(best, peakValue(rm, ri, rp));
      }
      continue;
    }
    // Climb from the coarse peak (placed by a parabola) to the nearest full-rate local maximum.
    const c2 = 2 * rc[lag]! - rc[lag - 1]! - rc[lag + 1]!;
    const shift = c2 > 0 ? (0.5 * (rc[lag + 1]! - rc[lag - 1]!)) / c2 : 0;
    let i = Math.min(Math.max(2, Math.round((lag + shift) * D)), maximumLag - 1);
    // The three lags around the start in one pass (lags beyond the stretch read as 0).
    laggedProducts(seg, 0, i - 1, nWin, Math.max(0, Math.min(3, localMaxLag - i + 2)), near);
    let rm = i - 1 <= localMaxLag ? norm(w, sumx2, i - 1, near[0]!) : 0;
    let ri = i <= localMaxLag ? norm(w, sumx2, i, near[1]!) : 0;
    let rp = i + 1 <= localMaxLag ? norm(w, sumx2, i + 1, near[2]!) : 0;
    for (let guard = 0; guard < 4 * D + 8; guard++) {
      if (rp > ri && i + 1 < maximumLag) {
        rm = ri;
        ri = rp;
        i++;
        rp = rAt(w, sumx2, localMaxLag, i + 1);
      } else if (rm > ri && i - 1 >= 2) {
        rp = ri;
        ri = rm;
        i--;
        rm = rAt(w, sumx2, localMaxLag, i - 1);
      } else break;
    }
    if (ri > 0 && ri > rm && ri >= rp) best = Math.max(best, peakValue(rm, ri, rp));
  }
  return best > unvoiced ? best : 0;
}

/** Sum of x[a + i] * x[b + i] for i < n. */
function dot(x: Float64Array, a: number, b: number, n: number): number {
  let p = 0;
  for (let i = 0; i < n; i++) p += x[a + i]! * x[b + i]!;
  return p;
}

/** Height of the parabola through three neighboring correlations (Praat folds values above 1). */
function peakValue(rm: number, ri: number, rp: number): number {
  const d2r = 2 * ri - rm - rp;
  const v = d2r > 0 ? ri + (0.125 * (rp - rm) * (rp - rm)) / d2r : ri;
  return v > 1 ? 1 / v : v;
}
