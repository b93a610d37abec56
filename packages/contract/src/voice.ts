import voiceErrors from './errors/voice.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { bilingualTextSchema } from './constitution.js';

/** Error codes of the voice engine (34xxxxx). */
export const VOICE_ERRORS = defineErrors(voiceErrors);

/** A TCM listening reading (闻诊) with the measures behind it. */
export const voiceReadingSchema = z.object({
  code: z.enum(['weak_low', 'loud_coarse', 'hoarse', 'normal']),
  /** 语声低微 / 声高气粗 / 声音嘶哑 / 正常 */
  zh: z.string(),
  en: z.string(),
  /**
   * Decision-support wording: what the measures suggest, zh and en (a plain English string in
   * results saved before 2026-11; read it with `bilingualText`).
   */
  suggests: bilingualTextSchema,
  evidence: z.array(
    z.object({
      measure: z.string(),
      value: z.number().nullable(),
      rule: z.string(),
      met: z.boolean(),
      source: z.string(),
    }),
  ),
});
export type VoiceReading = z.infer<typeof voiceReadingSchema>;

/** Result of the voice engine for one recording. Units in the field names' comments. */
export const voiceResultSchema = z.object({
  version: engineVersionSchema,
  quality: z.object({
    /** 0..1: voiced fraction weighted by periodicity; 1 = clean sustained voice. */
    index: z.number(),
    sampleRateHz: z.number(),
    channels: z.number().int(),
    bitsPerSample: z.number().int(),
    durationS: z.number(),
    /** Fraction of samples at full scale. */
    clippedFraction: z.number(),
    truncatedHeader: z.boolean(),
    issues: z.array(z.string()),
  }),
  pitch: z.object({ meanHz: z.number(), sdHz: z.number(), minHz: z.number(), maxHz: z.number() }),
  /** Local jitter, % (Praat definition). */
  jitterLocalPct: z.number().nullable(),
  /** Local shimmer, % (Praat definition). */
  shimmerLocalPct: z.number().nullable(),
  /** Harmonics-to-noise ratio (cc), dB. */
  hnrDb: z.number().nullable(),
  /** Mean intensity, dB re 2e-5 with full scale = 1 Pa (Praat's convention; uncalibrated microphone). */
  intensityDb: z.number(),
  /** Voiced frames / all frames. */
  voicedFraction: z.number(),
  voicedDurationS: z.number(),
  pauses: z.object({ count: z.number().int(), totalS: z.number(), longestS: z.number() }),
  /** Syllable nuclei per second of recording. */
  speechRateSyllPerS: z.number(),
  readings: z.array(voiceReadingSchema),
});
export type VoiceResult = z.infer<typeof voiceResultSchema>;
