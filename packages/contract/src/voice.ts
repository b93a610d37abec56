import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { bilingualTextSchema } from './constitution.js';

/** Error codes of the voice engine (34xxxxx). */
export const VOICE_ERRORS = defineErrors({
  VOICE_UNREADABLE: {
    code: 3400001,
    status: 400,
    zh: '无法读取录音文件,请上传 WAV 格式',
    en: 'The recording cannot be read; upload a WAV file',
  },
  VOICE_UNSUPPORTED_ENCODING: {
    code: 3400002,
    status: 400,
    zh: '不支持的 WAV 编码,请使用 8/16/24/32 位整数或浮点 PCM',
    en: 'Unsupported WAV encoding; use 8/16/24/32-bit integer or float PCM',
  },
  VOICE_SAMPLE_RATE: {
    code: 3400003,
    status: 400,
    zh: '采样率须在 8–192 kHz 之间',
    en: 'The sample rate must be between 8 and 192 kHz',
  },
  VOICE_SILENT: {
    code: 3400004,
    status: 400,
    zh: '录音几乎无声,请靠近麦克风重录',
    en: 'The recording is (almost) silent; record again closer to the microphone',
  },
  VOICE_CLIPPED: {
    code: 3400005,
    status: 400,
    zh: '录音音量过大被削波,请降低音量重录',
    en: 'The recording is clipped; record again at a lower level',
  },
  VOICE_TOO_SHORT: {
    code: 3400006,
    status: 400,
    zh: '有声部分不足 1 秒,请持续发声后重录',
    en: 'Less than 1 s of voice; record a longer sustained sound',
  },
  VOICE_BAD_SAMPLES: {
    code: 3400007,
    status: 400,
    zh: '录音含有无效采样值',
    en: 'The recording contains invalid sample values',
  },
});

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
