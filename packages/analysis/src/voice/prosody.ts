import type { IntensityTrack } from './intensity.js';
import type { PitchTrack } from './pitch.js';
import { pitchAt } from './pitch.js';

/**
 * Pauses and speech rate after de Jong & Wempe (2009), "Praat script to detect syllable nuclei
 * and measure speech rate automatically", Behavior Research Methods 41:385-390: silence is
 * intensity more than 25 dB below the 99th-percentile level, pauses last at least 0.3 s, and a
 * syllable nucleus is a voiced intensity peak standing at least 2 dB above the dip before it.
 */
export const SILENCE_BELOW_MAX_DB = 25;
export const MIN_PAUSE_S = 0.3;
export const MIN_DIP_DB = 2;

export interface Prosody {
  pauseCount: number;
  pauseTotalS: number;
  longestPauseS: number;
  syllables: number;
}

/** Pauses (between sounding stretches) and syllable nuclei from intensity and pitch contours. */
export function prosody(it: IntensityTrack, pitch: PitchTrack): Prosody {
  const db = it.db;
  const n = db.length;
  const sorted = Array.from(db).sort((a, b) => a - b);
  const top = sorted[Math.floor(0.99 * (n - 1))] ?? -300;
  const silentBelow = top - SILENCE_BELOW_MAX_DB;
  const sounding = Array.from(db, (v) => v >= silentBelow);
  const first = sounding.indexOf(true);
  const last = sounding.lastIndexOf(true);
  let pauseCount = 0;
  let pauseTotalS = 0;
  let longestPauseS = 0;
  let run = 0;
  for (let i = first; i <= last && first >= 0; i++) {
    if (!sounding[i]) run++;
    if ((sounding[i] || i === last) && run > 0) {
      const d = run * it.dt;
      if (d >= MIN_PAUSE_S) {
        pauseCount++;
        pauseTotalS += d;
        longestPauseS = Math.max(longestPauseS, d);
      }
      run = 0;
    }
  }
  // Syllable nuclei: local maxima above the silence level, 2 dB over the preceding dip, voiced.
  let syllables = 0;
  let dip = Infinity;
  for (let i = 1; i + 1 < n; i++) {
    dip = Math.min(dip, db[i]!);
    const peak = db[i]! > db[i - 1]! && db[i]! >= db[i + 1]!;
    if (!peak || db[i]! < silentBelow || db[i]! - dip < MIN_DIP_DB) continue;
    if (!(pitchAt(pitch, it.x1 + i * it.dt) > 0)) continue;
    syllables++;
    dip = db[i]!;
  }
  return { pauseCount, pauseTotalS, longestPauseS, syllables };
}
