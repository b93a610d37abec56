import { besselI0 } from '../signal/bessel.js';
import { decimateWith } from './decimate.js';
import type { Sound } from './sound.js';

/**
 * Bringing high-rate recordings (50 kHz clinical databases, 88.2/96/176.4/192 kHz studio
 * recorders) to an analysis rate of at most 48 kHz (docs/voice.md, "Sample rates").
 *
 * Praat analyses every file at its own rate. Up to 48 kHz the engine does the same, so its
 * measures stay those of Praat on the file itself. Above, nothing the measures use lies higher
 * than ~10 kHz (pitch ceiling 600 Hz; pulses, jitter and shimmer from the waveform's periods; HNR
 * from the periodicity of the whole band, dominated by the first few kHz), while every analysis
 * step costs in proportion to the rate. So the sound is decimated by the smallest integer factor
 * that brings it to 48 kHz or below (50 → 25, 96 → 48, 100 → 33.3, 192 → 48 kHz): an integer factor
 * keeps every output sample on an input sample (Praat's time grid, no fractional interpolation).
 */
export const MAX_ANALYSIS_RATE_HZ = 48000;

/** Integer decimation factor for a sample rate (1 up to 48 kHz). */
export const analysisFactor = (rateHz: number): number => Math.max(1, Math.ceil(rateHz / MAX_ANALYSIS_RATE_HZ - 1e-9));

/**
 * Anti-alias filter: Kaiser-windowed sinc (β = 8, ≥ 80 dB stop band) spanning 16 new-rate
 * periods on each side, cut-off at 0.42 of the new rate, so the transition band (≈ ±0.08 of the new
 * rate) ends at the new Nyquist frequency: nothing aliases, and everything below 0.34 of the new
 * rate (8.5 kHz at 25 kHz, 16 kHz at 48 kHz) passes within 0.01 dB.
 */
const CUTOFF = 0.42;
const HALF_PERIODS = 16;
const BETA = 8;

/** The center tap and one side of the normalized anti-alias low-pass for decimation by `factor`. */
export function antiAliasTaps(factor: number): Float64Array {
  const half = HALF_PERIODS * factor;
  const cut = CUTOFF / factor; // cycles per input sample
  const hs = new Float64Array(half + 1);
  const i0b = besselI0(BETA);
  let sum = 0;
  for (let k = 0; k <= half; k++) {
    const sinc = k === 0 ? 2 * cut : Math.sin(2 * Math.PI * cut * k) / (Math.PI * k);
    const r = k / (half + 1);
    const w = besselI0(BETA * Math.sqrt(1 - r * r)) / i0b;
    hs[k] = sinc * w;
    sum += k === 0 ? hs[k]! : 2 * hs[k]!;
  }
  for (let k = 0; k <= half; k++) hs[k] = hs[k]! / sum;
  return hs;
}

const tapCache = new Map<number, Float64Array>();

/** The sound at its analysis rate: itself up to 48 kHz, else decimated by `analysisFactor`. */
export function toAnalysisRate(s: Sound): Sound {
  const factor = analysisFactor(Math.round(1 / s.dx));
  if (factor <= 1) return s;
  let hs = tapCache.get(factor);
  if (!hs) tapCache.set(factor, (hs = antiAliasTaps(factor)));
  return decimateWith(s, factor, hs);
}
