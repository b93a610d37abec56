import { VOICE_ERRORS, type VoiceResult } from '@tcm/contract';
import { EngineError } from '../common/index.js';
import { isWavError, mean, parseWav, round, sd, type WavAudio } from '../signal/index.js';
import { coarseFactor, meanHnr } from './harmonicity.js';
import { meanIntensity, toIntensity } from './intensity.js';
import { jitterLocal, shimmerLocal } from './perturbation.js';
import { PRAAT_PITCH_AC, toPitch } from './pitch.js';
import { prosody, SILENCE_BELOW_MAX_DB } from './prosody.js';
import { toPulses } from './pulses.js';
import { voiceReadings } from './readings.js';
import { extentOf, makeSound } from './sound.js';
import { decimate } from './decimate.js';

/**
 * 0.3.0: every measure at the file's own rate and the pitch search on the full band, as Praat
 * (0.2.0 decimated above 48 kHz and searched pitch on an ~11 kHz copy, which lost the noise above
 * it: HNR up to 4 dB high and jitter 30 % low on noisy 50 kHz vowels; docs/voice.md).
 */
export const VOICE_ENGINE_VERSION = 'voice@0.3.0';

/** Input limits; the clipping and silence levels are provisional choices (docs/voice.md). */
export const VOICE_LIMITS = {
  minRateHz: 8000,
  maxRateHz: 192000,
  /** Peak below this (fraction of full scale, -60 dBFS) counts as silence. */
  silentPeak: 0.001,
  /** Samples at >= 99.9 % of full scale in runs of three or more. */
  clipLevel: 0.999,
  maxClippedFraction: 0.01,
  maxBadSampleFraction: 0.01,
  /** Seconds of sounding voice required. */
  minVoiceS: 1,
};

/** Decodes WAV bytes, mapping reader failures onto the voice error codes. */
export function readVoiceWav(bytes: Uint8Array): WavAudio {
  try {
    return parseWav(bytes);
  } catch (e) {
    if (isWavError(e))
      throw new EngineError(
        e.kind === 'unsupported-encoding' ? VOICE_ERRORS.VOICE_UNSUPPORTED_ENCODING : VOICE_ERRORS.VOICE_UNREADABLE,
        { reason: e.detail?.reason },
      );
    throw e;
  }
}

/**
 * The mono mix is analyzed and dropped within one call, so its buffer is reused from call to
 * call (a fresh multi-megabyte array costs more to fault in than the pass that fills it); longer
 * recordings than this get their own array rather than pinning a large one.
 */
const REUSE_SAMPLES = 48000 * 30;
let monoStore = new Float64Array(0);

function toMono(audio: WavAudio): { mono: Float64Array; bad: number; clipped: number; peak?: number } {
  const chans = audio.channels;
  const n = chans[0]?.length ?? 0;
  let mono: Float64Array;
  if (n > REUSE_SAMPLES) mono = new Float64Array(n);
  else {
    if (monoStore.length < n) monoStore = new Float64Array(n);
    mono = monoStore.subarray(0, n);
  }
  const multi = chans.length > 1;
  const lim = VOICE_LIMITS.clipLevel;
  let bad = 0;
  let clipped = 0;
  let peak = 0;
  // One pass per channel: sum into mono (invalid samples count as 0), and clipping (a sample at
  // full scale with both neighbors there too). The peak of several channels is taken over the
  // channels themselves; a single channel's comes with the sound's block statistics.
  for (let ch = 0; ch < chans.length; ch++) {
    const c = chans[ch]!;
    let prevHigh = false;
    let curHigh = n > 0 && Math.abs(c[0]!) >= lim;
    for (let i = 0; i < n; i++) {
      let v = c[i]!;
      if (!Number.isFinite(v)) {
        bad++;
        v = 0;
      }
      mono[i] = ch === 0 ? v : mono[i]! + v;
      if (multi && Math.abs(v) > peak) peak = Math.abs(v);
      const nextHigh = i + 1 < n && Math.abs(c[i + 1]!) >= lim;
      if (curHigh && prevHigh && nextHigh) clipped++;
      prevHigh = curHigh;
      curHigh = nextHigh;
    }
  }
  if (multi) for (let i = 0; i < n; i++) mono[i] = mono[i]! / chans.length;
  return {
    mono,
    bad: bad / Math.max(1, n * chans.length),
    clipped: clipped / Math.max(1, n * chans.length),
    peak: multi ? peak : undefined,
  };
}

/** Analyses one WAV recording: pitch (Hz), jitter/shimmer (%), HNR (dB), intensity (dB), pauses, rate. */
export function analyzeVoice(bytes: Uint8Array): VoiceResult {
  const audio = readVoiceWav(bytes);
  const L = VOICE_LIMITS;
  if (audio.sampleRate < L.minRateHz || audio.sampleRate > L.maxRateHz)
    throw new EngineError(VOICE_ERRORS.VOICE_SAMPLE_RATE, { sampleRateHz: audio.sampleRate });
  const { mono, bad, clipped, peak: channelPeak } = toMono(audio);
  if (bad > L.maxBadSampleFraction) throw new EngineError(VOICE_ERRORS.VOICE_BAD_SAMPLES, { fraction: bad });
  // Every measure runs at the file's own rate, as Praat's: noise above any lower analysis rate
  // counts in Praat's HNR, jitter and voicing (docs/voice.md, "Harmonic-heavy and noisy voices").
  const sound = makeSound(mono, audio.sampleRate);
  const extent = mono.length ? extentOf(sound) : { min: 0, max: 0 };
  const peak = channelPeak ?? Math.max(Math.abs(extent.min), Math.abs(extent.max));
  if (mono.length < 2 || peak < L.silentPeak) throw new EngineError(VOICE_ERRORS.VOICE_SILENT, { peak });
  if (clipped > L.maxClippedFraction) throw new EngineError(VOICE_ERRORS.VOICE_CLIPPED, { clippedFraction: clipped });
  if (sound.duration < L.minVoiceS) throw new EngineError(VOICE_ERRORS.VOICE_TOO_SHORT, { durationS: sound.duration });
  const intensity = toIntensity(sound);
  const topDb = Math.max(...intensity.db);
  const soundingS = intensity.db.filter((v) => v >= topDb - SILENCE_BELOW_MAX_DB).length * intensity.dt;
  // The pitch search runs on the full band, as Praat's: on a band-limited copy the candidates'
  // strengths lose the noise above the band, which moved voicing and octave choices away from
  // Praat's on noisy voices. Only the HNR peak search and the pulse search's first pass use an
  // ~11 kHz copy, each checked at the full rate after (docs/voice.md, "Speed").
  const factor = coarseFactor(audio.sampleRate);
  const coarse = decimate(sound, factor);
  const pitch = toPitch(sound, PRAAT_PITCH_AC);
  const voiced = Array.from(pitch.f0).filter((f) => f > 0);
  const voicedS = voiced.length * pitch.dt;
  if (soundingS < L.minVoiceS || voiced.length < 3)
    throw new EngineError(VOICE_ERRORS.VOICE_TOO_SHORT, { soundingS, voicedS });

  const pulses = toPulses(sound, pitch, factor > 1 ? coarse : undefined);
  const jit = jitterLocal(pulses);
  const shim = shimmerLocal(sound, pulses);
  const hnr = meanHnr(sound, coarse);
  const intensityDb = meanIntensity(intensity);
  const pr = prosody(intensity, pitch);
  const meanStrength = mean(Array.from(pitch.strength).filter((_, i) => pitch.f0[i]! > 0));
  const voicedFraction = voiced.length / pitch.f0.length;
  const pct = (v: number) => (Number.isFinite(v) ? round(v * 100, 3) : null);
  const issues: string[] = [];
  if (audio.truncated) issues.push('header announces more data than the file holds');
  if (bad > 0) issues.push('invalid samples were set to zero');
  if (clipped > 0) issues.push('some samples reach full scale');
  const measures = {
    jitterPct: pct(jit),
    shimmerPct: pct(shim),
    hnrDb: Number.isFinite(hnr) ? round(hnr, 2) : null,
    intensityDb: round(intensityDb, 2),
  };
  return {
    version: { engine: VOICE_ENGINE_VERSION },
    quality: {
      index: round(Math.min(1, (soundingS > 0 ? voicedS / soundingS : 0) * meanStrength), 3),
      sampleRateHz: audio.sampleRate,
      channels: audio.channels.length,
      bitsPerSample: audio.bitsPerSample,
      durationS: round(sound.duration, 3),
      clippedFraction: round(clipped, 5),
      truncatedHeader: audio.truncated,
      issues,
    },
    pitch: {
      meanHz: round(mean(voiced), 2),
      sdHz: round(voiced.length > 1 ? sd(voiced) : 0, 2),
      minHz: round(Math.min(...voiced), 2),
      maxHz: round(Math.max(...voiced), 2),
    },
    jitterLocalPct: measures.jitterPct,
    shimmerLocalPct: measures.shimmerPct,
    hnrDb: measures.hnrDb,
    intensityDb: measures.intensityDb,
    voicedFraction: round(voicedFraction, 3),
    voicedDurationS: round(voicedS, 2),
    pauses: { count: pr.pauseCount, totalS: round(pr.pauseTotalS, 2), longestS: round(pr.longestPauseS, 2) },
    speechRateSyllPerS: round(pr.syllables / sound.duration, 2),
    readings: voiceReadings(measures),
  };
}
