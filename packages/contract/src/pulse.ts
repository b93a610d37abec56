import pulseErrors from './errors/pulse.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { bilingualTextSchema } from './constitution.js';

/**
 * The rate-missing message for a table (command line, issue 18): the columns the file has, the
 * time column found (if any) and why it gave no rate, and the option that gives the rate.
 */
export function pulseRateMissingText(columns: readonly string[], time?: string): { zh: string; en: string } {
  const list = columns.map((c) => `"${c}"`);
  const zhTime = time
    ? `时间列 "${time}" 的间隔不规则或不在 20–10000 Hz`
    : '没有可识别的时间列(如 time、t、timestamp、time_s、Time (s)、t_ms,单位 s、ms 或 µs)';
  const enTime = time
    ? `the time column "${time}" has irregular steps or a rate outside 20–10000 Hz`
    : 'no column is named like time (time, t, timestamp, time_s, Time (s), t_ms; units s, ms or µs)';
  return {
    zh: `找不到采样率:文件中的列为 ${list.join('、')};${zhTime},文件名中也没有采样率(如 …-125hz.csv)。请用 --rate HZ 指定采样率。`,
    en: `The sample rate was not found: the file's columns are ${list.join(', ')}; ${enTime}, and the file name gives no rate (like …-125hz.csv). Give it with --rate HZ.`,
  };
}

/** Error codes of the pulse engine (33xxxxx). */
export const PULSE_ERRORS = defineErrors(pulseErrors);

/** Positions of the wrist (寸口) pulse. */
export const pulsePositionSchema = z.enum(['寸', '关', '尺']);

/** One channel of a JSON pulse capture. */
export const pulseChannelSchema = z.object({
  samples: z.array(z.number().nullable()),
  position: pulsePositionSchema.optional(),
  /** Hold-down level (浮/中/沉) or force; force in grams or mmHg when `forceUnit` says so. */
  pressure: z.union([z.enum(['浮', '中', '沉']), z.number()]).optional(),
  forceUnit: z.string().optional(),
});

/** JSON pulse input: `{ rate, samples }` or `{ rate, channels: [...] }`; rate in Hz. */
export const pulseJsonInputSchema = z.union([
  z.object({ rate: z.number().positive(), samples: z.array(z.number().nullable()), unit: z.string().optional() }),
  z.object({ rate: z.number().positive(), channels: z.array(pulseChannelSchema).min(1), unit: z.string().optional() }),
]);
export type PulseJsonInput = z.infer<typeof pulseJsonInputSchema>;

const evidenceSchema = z.object({
  measure: z.string(),
  value: z.number().nullable(),
  rule: z.string(),
  met: z.boolean(),
  source: z.string(),
});

/** A pulse class (脉象) suggested by the waveform, with the values that led to it. */
export const pulseClassSchema = z.object({
  group: z.enum(['rate', 'rhythm', 'shape', 'depth']),
  code: z.string(),
  /** 迟 / 数 / 平 / 促 / 结 / 代 / 滑 / 弦 / 细 / 洪 / 浮 / 沉 / 中 */
  zh: z.string(),
  en: z.string(),
  /** What the values suggest, zh and en (a plain English string in results saved before 2026-11). */
  suggests: bilingualTextSchema,
  evidence: z.array(evidenceSchema),
});
export type PulseClass = z.infer<typeof pulseClassSchema>;

/** Pulse-diagram (脉图) parameters of the ensemble-averaged beat; times in s, heights in input units. */
export const pulseDiagramSchema = z.object({
  h1: z.number(),
  h3: z.number().nullable(),
  h4: z.number().nullable(),
  h5: z.number().nullable(),
  t1: z.number(),
  t4: z.number().nullable(),
  t5: z.number().nullable(),
  t: z.number(),
  w: z.number().nullable(),
  h3_h1: z.number().nullable(),
  h4_h1: z.number().nullable(),
  h5_h1: z.number().nullable(),
  w_t: z.number().nullable(),
  t1_t: z.number(),
});
export type PulseDiagram = z.infer<typeof pulseDiagramSchema>;

/** Result for one pulse channel. */
export const pulseChannelResultSchema = z.object({
  position: pulsePositionSchema.nullable(),
  pressure: z.union([z.string(), z.number()]).nullable(),
  quality: z.object({
    /** 0..1: mean correlation of the beats with their ensemble average. */
    index: z.number(),
    acceptedBeats: z.number().int(),
    totalBeats: z.number().int(),
    issues: z.array(z.string()),
  }),
  /** Mean rate over the recording, beats per minute. */
  rateBpm: z.number(),
  /** Rate from the median interval (robust to pauses), bpm. */
  medianRateBpm: z.number(),
  /** Beat-to-beat intervals, ms. */
  rrMs: z.array(z.number()),
  rhythm: z.object({
    irregularBeats: z.number().int(),
    pauses: z.number().int(),
    pauseIndices: z.array(z.number().int()),
  }),
  hrv: z.object({ sdnnMs: z.number(), rmssdMs: z.number() }),
  /** Ensemble-averaged beat, 100 points from onset to next onset, scaled 0..1. */
  averagedBeat: z.array(z.number()),
  diagram: pulseDiagramSchema,
  /** Amplitude of the averaged beat in input units (for the pressure series). */
  amplitude: z.number(),
});
export type PulseChannelResult = z.infer<typeof pulseChannelResultSchema>;

/** Result of the pulse engine for one capture. */
export const pulseResultSchema = z.object({
  version: engineVersionSchema,
  sampleRateHz: z.number(),
  durationS: z.number(),
  quality: z.object({ index: z.number(), issues: z.array(z.string()) }),
  /** Summary of the best channel. */
  rateBpm: z.number(),
  channels: z.array(pulseChannelResultSchema),
  classes: z.array(pulseClassSchema),
});
export type PulseResult = z.infer<typeof pulseResultSchema>;
