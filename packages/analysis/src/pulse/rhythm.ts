import { mean, median, sd } from '../signal/index.js';

/**
 * Rate, rhythm and HRV from beat-to-beat intervals. Pause and irregular-beat rules are
 * provisional (shared/domain/pulse-parameters.md §3 found no published cut-off): an interval
 * longer than 1.5 × the median is a pause, one differing from the median by more than 20 % is
 * irregular; intervals beyond 2.5 × the median are taken as signal loss, not as rhythm.
 */
export const PAUSE_FACTOR = 1.5;
export const IRREGULAR_FRACTION = 0.2;
export const GAP_FACTOR = 2.5;

export interface Rhythm {
  /** Valid intervals (s). */
  rr: number[];
  meanRateBpm: number;
  medianRateBpm: number;
  irregularBeats: number;
  /** Indices (into rr) of the pauses. */
  pauseIndices: number[];
  sdnnMs: number;
  rmssdMs: number;
}

/** Rhythm measures from intervals in seconds (already cleared of artefact intervals). */
export function rhythmOf(rr: readonly number[]): Rhythm {
  const med = median(rr);
  const pauseIndices: number[] = [];
  let irregularBeats = 0;
  rr.forEach((x, i) => {
    if (x > PAUSE_FACTOR * med) pauseIndices.push(i);
    else if (Math.abs(x - med) > IRREGULAR_FRACTION * med) irregularBeats++;
  });
  let ss = 0;
  for (let i = 1; i < rr.length; i++) ss += (rr[i]! - rr[i - 1]!) ** 2;
  return {
    rr: [...rr],
    meanRateBpm: 60 / mean(rr),
    medianRateBpm: 60 / med,
    irregularBeats,
    pauseIndices,
    sdnnMs: rr.length > 1 ? sd(rr) * 1000 : 0,
    rmssdMs: rr.length > 1 ? Math.sqrt(ss / (rr.length - 1)) * 1000 : 0,
  };
}
