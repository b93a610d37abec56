import words from './face.json' with { type: 'json' };
import { COMPLEXIONS, FACE_REGIONS, GLOSS, ITA_CATEGORIES, LIP_COLORS } from '../face.js';
import { wordsFor } from './word.js';

// The words are data (face.json, with their sources); this module ties each table to the
// contract's ids of what the face engine writes.

/** What the face section shows, one row each (the skin metrics are the engine's `metrics` keys). */
export const FACE_FEATURE_WORDS = wordsFor(
  'face.features',
  ['complexion', 'gloss', 'lips', 'skinTone'] as const,
  words.features,
);

/** 五色 complexion classes (shared/domain/tcm-diagnosis.md §2). */
export const COMPLEXION_WORDS = wordsFor('face.complexions', COMPLEXIONS, words.complexions);

export const GLOSS_WORDS = wordsFor('face.gloss', GLOSS, words.gloss);

export const LIP_COLOR_WORDS = wordsFor('face.lipColors', LIP_COLORS, words.lipColors);

/** Skin-tone categories of the individual typology angle. */
export const SKIN_TONE_WORDS = wordsFor('face.skinTones', ITA_CATEGORIES, words.skinTones);

export const FACE_METRICS = ['spots', 'wrinkles', 'texture', 'pores', 'redness', 'shine', 'darkCircles'] as const;
export type FaceMetricName = (typeof FACE_METRICS)[number];

/** The cosmetic skin metrics (0-100 scores). */
export const FACE_METRIC_WORDS = wordsFor('face.metrics', FACE_METRICS, words.metrics);

export const FACE_REGION_WORDS = wordsFor('face.regions', FACE_REGIONS, words.regions);
