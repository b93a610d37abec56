import { PULSE_ERRORS, type PulseChannelResult } from '@tcm/contract';
import { EngineError } from '../common/index.js';
import { filtfilt, lowpass, median, round } from '../signal/index.js';
import { detectBeats, REFRACTORY_S } from './beats.js';
import { measureDiagram } from './morphology.js';
import { GAP_FACTOR, rhythmOf } from './rhythm.js';
import { ensembleAverage } from './template.js';

/**
 * Input limits of the pulse engine. Length and rate limits are the spec's and physiology's;
 * the others are provisional engineering choices (docs/pulse.md).
 */
export const PULSE_LIMITS = {
  minSeconds: 10,
  /** Share of NaN/empty samples that is bridged by interpolation; more is rejected. */
  maxBadFraction: 0.05,
  /** Share of samples stuck at the global extremes (runs of >= 3) that counts as clipping. */
  maxClippedFraction: 0.02,
  /** Beats correlating at least this with the averaged beat are accepted. */
  beatCorrelation: 0.8,
  /** Quality index below which the recording is mostly noise. */
  minQuality: 0.5,
  /** Share of accepted beats below which the recording is mostly noise. */
  minAcceptedShare: 0.5,
  minRateBpm: 30,
  maxRateBpm: 220,
};

/** Replaces NaN runs by linear interpolation; returns the bad share. */
export function bridgeGaps(x: Float64Array): number {
  let bad = 0;
  const n = x.length;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(x[i]!)) {
      if (last >= 0 && i - last > 1)
        for (let k = last + 1; k < i; k++) x[k] = x[last]! + ((x[i]! - x[last]!) * (k - last)) / (i - last);
      else if (last < 0) for (let k = 0; k < i; k++) x[k] = x[i]!;
      last = i;
    } else bad++;
  }
  if (last >= 0) for (let k = last + 1; k < n; k++) x[k] = x[last]!;
  return n ? bad / n : 1;
}

function clippedShare(x: Float64Array): number {
  let mn = Infinity;
  let mx = -Infinity;
  for (const v of x) {
    mn = Math.min(mn, v);
    mx = Math.max(mx, v);
  }
  let stuck = 0;
  let run = 0;
  let runVal = NaN;
  const flush = () => {
    if (run >= 3) stuck += run;
  };
  for (const v of x) {
    if ((v === mx || v === mn) && v === runVal) run++;
    else {
      flush();
      run = v === mx || v === mn ? 1 : 0;
      runVal = v;
    }
  }
  flush();
  return stuck / x.length;
}

/** Analyses one channel (samples in input units, rate in Hz) after the capture checks. */
export function analyzeChannel(raw: Float64Array, rate: number): Omit<PulseChannelResult, 'position' | 'pressure'> {
  const L = PULSE_LIMITS;
  const x = Float64Array.from(raw);
  const bad = bridgeGaps(x);
  if (bad > L.maxBadFraction) throw new EngineError(PULSE_ERRORS.PULSE_BAD_SAMPLES, { badFraction: round(bad, 4) });
  if (x.length / rate < L.minSeconds)
    throw new EngineError(PULSE_ERRORS.PULSE_TOO_SHORT, { seconds: round(x.length / rate, 2) });
  let mn = Infinity;
  let mx = -Infinity;
  for (const v of x) {
    mn = Math.min(mn, v);
    mx = Math.max(mx, v);
  }
  if (!(mx - mn > 1e-9 * Math.max(1, Math.abs(mx)))) throw new EngineError(PULSE_ERRORS.PULSE_FLAT, { range: mx - mn });
  const clipped = clippedShare(x);
  if (clipped > L.maxClippedFraction)
    throw new EngineError(PULSE_ERRORS.PULSE_CLIPPED, { clippedFraction: round(clipped, 4) });

  const beats = detectBeats(x, rate);
  if (beats.onsets.length < 4) throw new EngineError(PULSE_ERRORS.PULSE_NOISY, { beats: beats.onsets.length });
  // Shape is read from the low-passed wave: 10 Hz keeps the notch, drops tremor and mains.
  const y = filtfilt(x, [lowpass(10, rate)]);
  let ens = ensembleAverage(y, beats.onsets, () => true);
  const medAmp = median(ens.amp.filter(Number.isFinite));
  const ok = (k: number) => ens.corr[k]! >= L.beatCorrelation && ens.amp[k]! > 0.3 * medAmp && ens.amp[k]! < 3 * medAmp;
  // Second pass: the template from the good beats only, then judge every beat against it.
  const firstOk = ens.corr.map((_, k) => ok(k));
  ens = ensembleAverage(y, beats.onsets, (k) => firstOk[k]!);
  const closed = ens.corr.slice(0, -1);
  const accepted = closed.map((_, k) => ok(k));
  const acceptedCount = accepted.filter(Boolean).length;
  const quality = closed.length ? closed.reduce((s, c) => s + Math.max(0, c), 0) / closed.length : 0;
  const issues: string[] = [];
  if (bad > 0) issues.push(`${round(bad * 100, 2)} % missing samples bridged`);
  if (quality < L.minQuality || acceptedCount < L.minAcceptedShare * closed.length)
    throw new EngineError(PULSE_ERRORS.PULSE_NOISY, {
      quality: round(quality, 3),
      acceptedBeats: acceptedCount,
      beats: closed.length,
    });

  // Intervals between upstrokes of accepted beats; longer than the gap limit = signal loss.
  const up = beats.upstrokes;
  const allRr = up.slice(1).map((u, k) => (u - up[k]!) / rate);
  const medRr = median(allRr.filter((_, k) => accepted[k] && (k + 1 >= accepted.length || accepted[k + 1])));
  const rr: number[] = [];
  let excluded = 0;
  allRr.forEach((v, k) => {
    const good =
      accepted[k] && (k + 1 >= accepted.length || accepted[k + 1]) && v <= GAP_FACTOR * medRr && v >= REFRACTORY_S;
    if (good) rr.push(v);
    else excluded++;
  });
  if (rr.length < 3) throw new EngineError(PULSE_ERRORS.PULSE_NOISY, { validIntervals: rr.length });
  if (excluded) issues.push(`${excluded} intervals next to artefacts or signal loss left out`);
  const rh = rhythmOf(rr);
  if (rh.meanRateBpm < L.minRateBpm || rh.meanRateBpm > L.maxRateBpm)
    throw new EngineError(PULSE_ERRORS.PULSE_RATE_IMPLAUSIBLE, { rateBpm: round(rh.meanRateBpm, 1) });
  const period = median(rr);
  const diagram = measureDiagram(ens.template, rate, period);
  const tpl = ens.template;
  const tMax = Math.max(...tpl);
  const tMin = Math.min(...tpl);
  const averagedBeat = Array.from({ length: 100 }, (_, i) => {
    const v = tpl[Math.min(tpl.length - 1, Math.round((i * (tpl.length - 1)) / 99))]!;
    return round((v - tMin) / (tMax - tMin || 1), 4);
  });
  return {
    quality: { index: round(quality, 3), acceptedBeats: acceptedCount, totalBeats: closed.length, issues },
    rateBpm: round(rh.meanRateBpm, 2),
    medianRateBpm: round(rh.medianRateBpm, 2),
    rrMs: rr.map((v) => round(v * 1000, 1)),
    rhythm: { irregularBeats: rh.irregularBeats, pauses: rh.pauseIndices.length, pauseIndices: rh.pauseIndices },
    hrv: { sdnnMs: round(rh.sdnnMs, 2), rmssdMs: round(rh.rmssdMs, 2) },
    averagedBeat,
    diagram,
    amplitude: round(diagram.h1, 6),
  };
}
