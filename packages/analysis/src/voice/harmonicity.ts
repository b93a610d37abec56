import { toPitch, type PitchSettings } from './pitch.js';
import type { Sound } from './sound.js';

/**
 * Harmonics-to-noise ratio by forward cross-correlation, as in Praat's To Harmonicity (cc)
 * with its standard settings (time step 0.01 s, floor 75 Hz, silence threshold 0.1, one period
 * per window): per frame HNR = 10 log10(r / (1 - r)) of the strongest correlation peak.
 */
const HNR_SETTINGS = (rateHz: number): PitchSettings => ({
  method: 'cc',
  timeStep: 0.01,
  floor: 75,
  ceiling: 0.5 * rateHz,
  periodsPerWindow: 1,
  maxCandidates: 15,
  silenceThreshold: 0.1,
  voicingThreshold: 0,
  octaveCost: 0,
  octaveJumpCost: 0,
  voicedUnvoicedCost: 0,
  refineDepth: 700,
  // Only the strongest peak decides the HNR; refining far weaker ones cannot change it.
  refineMargin: 0.05,
});

/** Mean HNR (dB) over the frames that have a periodicity peak; NaN when none. */
export function meanHnr(s: Sound): number {
  const p = toPitch(s, HNR_SETTINGS(1 / s.dx));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < p.f0.length; i++) {
    if (!(p.f0[i]! > 0)) continue;
    const r = p.strength[i]!;
    sum += r <= 1e-15 ? -150 : r > 1 - 1e-15 ? 150 : 10 * Math.log10(r / (1 - r));
    n++;
  }
  return n ? sum / n : NaN;
}
