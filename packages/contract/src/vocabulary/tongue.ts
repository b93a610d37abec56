import words from './tongue.json' with { type: 'json' };
import {
  TONGUE_BODY_COLORS,
  TONGUE_COATING_COLORS,
  TONGUE_COATING_THICKNESS,
  TONGUE_GRADES,
  TONGUE_GREASY,
  TONGUE_MOISTURE,
  TONGUE_PEELED,
  TONGUE_SHAPES,
  TONGUE_SPOTS,
  TONGUE_ZONES,
} from '../tongue-features.js';
import { wordsFor, type Words } from './word.js';

/** The labelled tongue features, in the order the result page and the PDF list them. */
export const TONGUE_FEATURES = [
  'bodyColor',
  'coatingColor',
  'coatingThickness',
  'greasy',
  'peeled',
  'moisture',
  'cracks',
  'toothMarks',
  'spots',
  'shape',
] as const;
export type TongueFeature = (typeof TONGUE_FEATURES)[number];

// The words are data (tongue.json, with their sources); this module ties each table to the
// contract's ids of what the tongue engine writes.
export const TONGUE_FEATURE_WORDS = wordsFor('tongue.features', TONGUE_FEATURES, words.features);

const grades = wordsFor('tongue.grades', TONGUE_GRADES, words.grades);

/**
 * The words of each feature's labels, keyed by feature then label: the same label id can mean
 * different things in two features (`thin` coating vs `thin` tongue; `normal` moisture vs shape).
 * Wording follows shared/domain/tcm-diagnosis.md §1 (tongue.json `sources.labels`).
 */
export const TONGUE_LABEL_WORDS = {
  bodyColor: wordsFor('tongue.labels.bodyColor', TONGUE_BODY_COLORS, words.labels.bodyColor),
  coatingColor: wordsFor('tongue.labels.coatingColor', TONGUE_COATING_COLORS, words.labels.coatingColor),
  coatingThickness: wordsFor('tongue.labels.coatingThickness', TONGUE_COATING_THICKNESS, words.labels.coatingThickness),
  greasy: wordsFor('tongue.labels.greasy', TONGUE_GREASY, words.labels.greasy),
  peeled: wordsFor('tongue.labels.peeled', TONGUE_PEELED, words.labels.peeled),
  moisture: wordsFor('tongue.labels.moisture', TONGUE_MOISTURE, words.labels.moisture),
  cracks: grades,
  toothMarks: grades,
  spots: wordsFor('tongue.labels.spots', TONGUE_SPOTS, words.labels.spots),
  shape: wordsFor('tongue.labels.shape', TONGUE_SHAPES, words.labels.shape),
} as const satisfies { [F in TongueFeature]: Words<string> };

/** Tongue zones (舌尖 heart/lung, 舌中 spleen/stomach, 舌根 kidney, 舌边 liver/gallbladder). */
export const TONGUE_ZONE_WORDS = wordsFor('tongue.zones', TONGUE_ZONES, words.zones);

/** How a label was decided. */
export const FEATURE_METHOD_WORDS = wordsFor('tongue.methods', ['model', 'rule'] as const, words.methods);
