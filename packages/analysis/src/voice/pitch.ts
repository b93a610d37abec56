import { autocorrelation, autocorrelationPair, improveMaximum, interpolateSinc, nextPow2 } from '../signal/index.js';
import { lowIndex, meanWithEdges, peakAboutMean, type Sound } from './sound.js';

/**
 * Periodicity analysis after Boersma (1993), "Accurate short-term analysis of the fundamental
 * frequency and the harmonics-to-noise ratio of a sampled sound", the algorithm behind Praat's
 * To Pitch (ac). Candidates per frame from the normalized autocorrelation of a Hanning-windowed
 * frame, then a Viterbi path through them. (To Harmonicity (cc) is in harmonicity.ts.)
 */

export interface PitchSettings {
  method: 'ac';
  /** Time step (s); 0 picks Praat's default of periodsPerWindow / floor / 4. */
  timeStep: number;
  /** Pitch floor (Hz). */
  floor: number;
  /** Pitch ceiling (Hz). */
  ceiling: number;
  periodsPerWindow: number;
  maxCandidates: number;
  silenceThreshold: number;
  voicingThreshold: number;
  octaveCost: number;
  octaveJumpCost: number;
  voicedUnvoicedCost: number;
  /** Sinc depth used to refine candidate maxima (70 or 700 in Praat). */
  refineDepth: number;
}

/** Praat's standard To Pitch (ac) settings: floor 75 Hz, ceiling 600 Hz. */
export const PRAAT_PITCH_AC: PitchSettings = {
  method: 'ac',
  timeStep: 0,
  floor: 75,
  ceiling: 600,
  periodsPerWindow: 3,
  maxCandidates: 15,
  silenceThreshold: 0.03,
  voicingThreshold: 0.45,
  octaveCost: 0.01,
  octaveJumpCost: 0.35,
  voicedUnvoicedCost: 0.14,
  refineDepth: 70,
};

/** Per-frame candidates in flat arrays: frame i's k-th candidate sits at index i * max + k. */
interface Candidates {
  max: number;
  count: Int32Array;
  /** Frequency (Hz); 0 for the unvoiced candidate. */
  f: Float64Array;
  s: Float64Array;
  intensity: Float64Array;
}

interface Candidate {
  f: number;
  s: number;
}

export interface PitchTrack {
  x1: number;
  dt: number;
  /** Chosen frequency per frame (Hz); 0 where unvoiced. */
  f0: Float64Array;
  /** Correlation strength of the chosen candidate per frame. */
  strength: Float64Array;
  /** Local peak relative to the global peak, per frame. */
  intensity: Float64Array;
  ceiling: number;
  /** Index of the chosen candidate per frame (0: the unvoiced one). */
  choice?: Int32Array;
}

/** Runs the periodicity analysis on a sound and returns the best path (frequencies in Hz). */
export function toPitch(sound: Sound, st: PitchSettings): PitchTrack {
  const { samples: x, dx } = sound;
  const nx = x.length;
  const maxCand = Math.max(st.maxCandidates, Math.floor(st.ceiling / st.floor));
  if (lagStore.length < maxCand) lagStore = new Int32Array(maxCand);
  const dt = st.timeStep > 0 ? st.timeStep : st.periodsPerWindow / st.floor / 4;
  const nsampPeriod = Math.floor(1 / dx / st.floor);
  const halfPeriod = Math.floor(nsampPeriod / 2) + 1;
  const ceiling = Math.min(st.ceiling, 0.5 / dx);
  const dtWindow = st.periodsPerWindow / st.floor;
  const halfWindow = Math.floor(Math.floor(dtWindow / dx) / 2) - 1;
  const nWin = halfWindow * 2;
  const empty: PitchTrack = {
    x1: 0,
    dt,
    f0: new Float64Array(0),
    strength: new Float64Array(0),
    intensity: new Float64Array(0),
    ceiling,
  };
  if (halfWindow < 2) return empty;
  const maximumLag = Math.min(Math.floor(nWin / st.periodsPerWindow) + 2, nWin);
  const brentMax = Math.floor(nWin * 0.5); // Praat's interpolation depth 0.5 for the ac method
  // Frames fitted symmetrically in the duration (Praat's Sampled_shortTermAnalysis).
  const nFrames = Math.floor((sound.duration - dtWindow) / dt) + 1;
  if (nFrames < 1) return empty;
  const t1 = sound.x1 - 0.5 * dx + 0.5 * sound.duration - 0.5 * nFrames * dt + 0.5 * dt;

  const globalPeak = peakAboutMean(sound);

  const fftSize = nextPow2(nWin * 1.5);
  const window = new Float64Array(nWin);
  for (let j = 1; j <= nWin; j++) window[j - 1] = 0.5 - 0.5 * Math.cos((j * 2 * Math.PI) / (nWin + 1));
  const windowR = autocorrelation(window, fftSize, nWin);
  const r0 = windowR[0]!;
  for (let i = 0; i <= nWin; i++) windowR[i] = windowR[i]! / r0;

  // Candidates in flat arrays, maxCand slots per frame; slot 0 is the unvoiced candidate (f 0).
  const cands: Candidates = {
    max: maxCand,
    count: new Int32Array(nFrames).fill(1),
    f: new Float64Array(nFrames * maxCand),
    s: new Float64Array(nFrames * maxCand),
    intensity: new Float64Array(nFrames),
  };
  // r over lags -brentMax..brentMax, stored at index lag + brentMax.
  const r = new Float64Array(2 * brentMax + 1);
  // Windowed frames wait in pairs: two real frames share each complex transform.
  const pending = [new Float64Array(nWin), new Float64Array(nWin)];
  const pendingFrame = [-1, -1];
  let nPending = 0;
  const acs = [new Float64Array(brentMax + 1), new Float64Array(brentMax + 1)];

  /** Normalized r of frame f from its autocorrelation, then its candidates. */
  const candidates = (f: number, ac: Float64Array): void => {
    if (!(ac[0]! > 0)) return;
    r[brentMax] = 1;
    for (let lag = 1; lag <= brentMax; lag++) {
      const v = ac[lag]! / (ac[0]! * windowR[lag]!);
      r[brentMax + lag] = v;
      r[brentMax - lag] = v;
    }
    const base = f * maxCand;
    const lags = lagStore;
    let n = 1;
    for (let i = 2; i < maximumLag && i < brentMax; i++) {
      const ri = r[brentMax + i]!;
      const rm = r[brentMax + i - 1]!;
      const rp = r[brentMax + i + 1]!;
      if (!(ri > 0.5 * st.voicingThreshold && ri > rm && ri >= rp)) continue;
      const dr = 0.5 * (rp - rm);
      const d2r = 2 * ri - rm - rp;
      const fMax = 1 / dx / (i + dr / d2r);
      let sMax = interpolateSinc(r, 1 / dx / fMax + brentMax, 30);
      if (sMax > 1) sMax = 1 / sMax;
      let place = -1;
      if (n < maxCand) place = n++;
      else {
        // Full: replace the weakest (by strength with the octave cost) if this one beats it.
        let weakest = 2;
        for (let k = 1; k < n; k++) {
          const ls = cands.s[base + k]! - st.octaveCost * Math.log2(st.floor / cands.f[base + k]!);
          if (ls < weakest) {
            weakest = ls;
            place = k;
          }
        }
        if (sMax - st.octaveCost * Math.log2(st.floor / fMax) <= weakest) place = -1;
      }
      if (place > 0) {
        cands.f[base + place] = fMax;
        cands.s[base + place] = sMax;
        lags[place] = i;
      }
    }
    cands.count[f] = n;
    // Every candidate is refined before the path search, as Praat does: the parabolic and
    // sinc-30 first estimates differ enough at low rates (few samples per period) to change the
    // path, e.g. to the subharmonic on parts of a steady 199 Hz vowel at 8 kHz (docs/voice.md).
    for (let k = 1; k < n; k++) {
      const c = refined(r, lags[k]!, brentMax, dx, st.refineDepth);
      cands.f[base + k] = c.f;
      cands.s[base + k] = c.s;
    }
  };
  const flush = (): void => {
    if (nPending === 2) {
      autocorrelationPair(pending[0]!, pending[1]!, fftSize, brentMax, acs[0]!, acs[1]!);
      candidates(pendingFrame[0]!, acs[0]!);
      candidates(pendingFrame[1]!, acs[1]!);
    } else if (nPending === 1) {
      autocorrelation(pending[0]!, fftSize, brentMax, acs[0]);
      candidates(pendingFrame[0]!, acs[0]!);
    }
    nPending = 0;
  };

  for (let f = 0; f < nFrames; f++) {
    const t = t1 + f * dt;
    const left = lowIndex(sound, t);
    const right = left + 1;
    if (globalPeak === 0) continue;
    // Mean over one period each side; samples beyond the ends repeat the edge sample.
    const lo = right - nsampPeriod;
    const hi = left + nsampPeriod;
    const localMean = meanWithEdges(sound, lo, hi);
    const start = right - halfWindow;
    const frame = pending[nPending]!;
    if (start >= 0 && start + nWin <= nx) {
      for (let j = 0; j < nWin; j++) frame[j] = (x[start + j]! - localMean) * window[j]!;
    } else {
      for (let j = 0; j < nWin; j++) frame[j] = (x[Math.min(nx - 1, Math.max(0, start + j))]! - localMean) * window[j]!;
    }
    let localPeak = 0;
    const a = Math.max(0, halfWindow - halfPeriod);
    const b = Math.min(nWin - 1, halfWindow + halfPeriod - 1);
    for (let j = a; j <= b; j++) {
      const v = Math.abs(frame[j]!);
      if (v > localPeak) localPeak = v;
    }
    const intensity = localPeak > globalPeak ? 1 : localPeak / globalPeak;
    cands.intensity[f] = intensity;
    if (localPeak === 0) continue;
    // Frames this quiet are voiceless whatever their correlation: their unvoiced strength
    // beats any voiced candidate (strength <= 1) by more than two voicing transitions cost, so
    // the best path never runs through their voiced candidates and they need not be computed.
    const unvoiced =
      st.voicingThreshold + Math.max(0, 2 - intensity / (st.silenceThreshold / (1 + st.voicingThreshold)));
    if (st.silenceThreshold > 0 && unvoiced > 1 + 2 * st.voicedUnvoicedCost * (0.01 / dt) + 1e-9) continue;
    pendingFrame[nPending++] = f;
    if (nPending === 2) flush();
  }
  flush();
  return pathFinder(cands, t1, dt, st, ceiling);
}

/** A candidate refined from its sampled lag by Brent search on the sinc-interpolated r. */
function refined(r: Float64Array, lagIndex: number, brentMax: number, dx: number, depth: number): Candidate {
  const [pos, val] = improveMaximum(r, lagIndex + brentMax, depth);
  return { f: 1 / dx / (pos - brentMax), s: val > 1 ? 1 / val : val };
}

/** Sampled lags of one frame's candidates (the analysis runs on one thread). */
let lagStore = new Int32Array(0);

/** Viterbi search for the cheapest path through the candidates (Praat's Pitch_pathFinder). */
function pathFinder(c: Candidates, x1: number, dt: number, st: PitchSettings, ceiling: number): PitchTrack {
  const n = c.count.length;
  const m = c.max;
  const stepCorr = 0.01 / dt;
  const jumpCost = st.octaveJumpCost * stepCorr;
  const vuCost = st.voicedUnvoicedCost * stepCorr;
  const voiceless = (f: number) => f <= 0 || f > ceiling;
  // delta: best path score ending in each candidate; psi: the candidate before it; logs: log2 f.
  const delta = new Float64Array(n * m);
  const psi = new Int32Array(n * m);
  const logs = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    let unvoiced =
      st.silenceThreshold <= 0 ? 0 : 2 - c.intensity[i]! / (st.silenceThreshold / (1 + st.voicingThreshold));
    unvoiced = st.voicingThreshold + Math.max(0, unvoiced);
    for (let k = 0, j = i * m; k < c.count[i]!; k++, j++) {
      const f = c.f[j]!;
      const v = voiceless(f);
      delta[j] = v ? unvoiced : c.s[j]! - st.octaveCost * Math.log2(ceiling / f);
      logs[j] = v ? NaN : Math.log2(f);
    }
  }
  for (let i = 1; i < n; i++) {
    const p0 = (i - 1) * m;
    const c0 = i * m;
    const nPrev = c.count[i - 1]!;
    for (let k2 = 0; k2 < c.count[i]!; k2++) {
      const l2 = logs[c0 + k2]!;
      const cv = Number.isNaN(l2);
      let max = -Infinity;
      let place = 0;
      for (let k1 = 0; k1 < nPrev; k1++) {
        const l1 = logs[p0 + k1]!;
        const pv = Number.isNaN(l1);
        const cost = pv !== cv ? vuCost : cv ? 0 : jumpCost * Math.abs(l1 - l2);
        const v = delta[p0 + k1]! - cost;
        if (v > max) {
          max = v;
          place = k1;
        }
      }
      delta[c0 + k2] = delta[c0 + k2]! + max;
      psi[c0 + k2] = place;
    }
  }
  const f0 = new Float64Array(n);
  const strength = new Float64Array(n);
  const choice = new Int32Array(n);
  const intensity = c.intensity;
  if (!n) return { x1, dt, f0, strength, intensity, ceiling, choice };
  let place = 0;
  const lastRow = (n - 1) * m;
  for (let k = 1; k < c.count[n - 1]!; k++) if (delta[lastRow + k]! > delta[lastRow + place]!) place = k;
  for (let i = n - 1; i >= 0; i--) {
    const j = i * m + place;
    f0[i] = voiceless(c.f[j]!) ? 0 : c.f[j]!;
    strength[i] = c.s[j]!;
    choice[i] = place;
    place = psi[j]!;
  }
  return { x1, dt, f0, strength, intensity, ceiling, choice };
}

/** Pitch value (Hz) at time t with linear interpolation between voiced frames; NaN if unvoiced. */
export function pitchAt(p: PitchTrack, t: number): number {
  const n = p.f0.length;
  const ireal = (t - p.x1) / p.dt;
  const ileft = Math.floor(ireal);
  let phase = ireal - ileft;
  let near: number;
  let far: number;
  if (phase < 0.5) {
    near = ileft;
    far = ileft + 1;
  } else {
    far = ileft;
    near = ileft + 1;
    phase = 1 - phase;
  }
  if (near < 0 || near >= n) return NaN;
  const fn = p.f0[near]!;
  if (!(fn > 0)) return NaN;
  if (far < 0 || far >= n) return fn;
  const ff = p.f0[far]!;
  if (!(ff > 0)) return fn;
  return fn + phase * (ff - fn);
}
