// One definition of every score's direction (issue 17): what a number means, its range as the
// engine writes it, and which end reads as "more". The result page and the PDF both show a score
// through `shownScore` and name its scale with `SCORE_SCALES[id].scale`, so neither can turn a
// score around on its own (the PDF once printed 100 − score for skin measures).
import type { FaceMetricName } from './face.js';
import type { Word } from './word.js';

export interface ScoreScale {
  /** The score's short name, printed beside its number. */
  readonly name: Word;
  /** What the number measures. */
  readonly meaning: Word;
  /** The range as the engine writes it. */
  readonly min: number;
  readonly max: number;
  /** Which end reads as more (more pronounced, more severe, more likely, more of the type). */
  readonly more: 'high' | 'low';
  /** The scale as printed beside the numbers: the shown range and its direction. */
  readonly scale: Word;
}

/** A scale from 0 to `max` on which the high end reads as more (every score the engines write today). */
const higherIsMore = (name: Word, meaning: Word, max: number, scale: Word): ScoreScale => ({
  name,
  meaning,
  min: 0,
  max,
  more: 'high',
  scale,
});

const SKIN = higherIsMore(
  { zh: '明显程度', en: 'Pronounced' },
  { zh: '皮肤指标的明显程度', en: 'How pronounced a skin measure is' },
  100,
  { zh: '皮肤指标（0–100，越高越明显）', en: 'Skin measures (0–100, higher = more pronounced)' },
);

/** Every score people read, by id; skin measures one per metric (their vocabulary ids). */
export const SCORE_SCALES = {
  'face.metric.spots': SKIN,
  'face.metric.wrinkles': SKIN,
  'face.metric.texture': SKIN,
  'face.metric.pores': SKIN,
  'face.metric.redness': SKIN,
  'face.metric.shine': SKIN,
  'face.metric.darkCircles': SKIN,
  'score.tongueProbability': higherIsMore(
    { zh: '概率', en: 'Probability' },
    { zh: '模型对该结论的概率', en: "The model's probability for the label" },
    1,
    { zh: '概率（0–100 %）', en: 'Probability (0–100 %)' },
  ),
  // A feature's position between its mildest and its most severe label; not a confidence.
  'score.tongueSeverity': higherIsMore(
    { zh: '严重程度', en: 'Severity' },
    { zh: '舌象特征偏向重度一端的程度', en: 'How far a tongue feature is toward its severe end' },
    1,
    { zh: '严重程度（0–100，越高越重）', en: 'Severity (0–100, higher = more severe)' },
  ),
  'score.constitution': higherIsMore(
    { zh: '转化分', en: 'Score' },
    { zh: '体质转化分', en: 'Constitution converted score' },
    100,
    { zh: '转化分（0–100，越高越符合）', en: 'Converted score (0–100, higher = more of the type)' },
  ),
  'score.syndrome': higherIsMore(
    { zh: '匹配分', en: 'Match score' },
    { zh: '证候匹配分', en: 'Pattern match score' },
    1,
    { zh: '匹配分（0–100，越高越符合）', en: 'Match score (0–100, higher = closer match)' },
  ),
} as const satisfies Record<`face.metric.${FaceMetricName}` | `score.${string}`, ScoreScale>;

export type ScoreId = keyof typeof SCORE_SCALES;

/**
 * A score as people read it: on 0–100 with "more" at the high end, whole numbers. A scale whose
 * engine writes "more" at the low end is turned here, once, and nowhere else.
 */
export function shownScore(id: ScoreId, raw: number): number {
  const s: ScoreScale = SCORE_SCALES[id];
  const share = Math.min(1, Math.max(0, (raw - s.min) / (s.max - s.min)));
  return Math.round((s.more === 'high' ? share : 1 - share) * 100);
}

/** The score id of a face metric. */
export const faceMetricScore = (metric: FaceMetricName): ScoreId => `face.metric.${metric}`;
