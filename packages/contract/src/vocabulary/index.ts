// One vocabulary for every word people read about an engine result: the web's result page, the
// PDF report and (soon) the research area look words up here by the ids the engines write, so a
// feature is worded the same everywhere. Ids are stable; words may be reworded. docs/vocabulary.md.
import { EVIDENCE_MEASURES } from '../evidence-labels.js';
import type { ConstitutionCode } from '../constitution.js';
import { CONSTITUTION_TYPE_OF_CODE, CONSTITUTION_TYPE_WORDS, RISK_LEVEL_WORDS, VERDICT_WORDS } from './constitution.js';
import {
  COMPLEXION_WORDS,
  FACE_FEATURE_WORDS,
  FACE_METRIC_WORDS,
  FACE_REGION_WORDS,
  GLOSS_WORDS,
  LIP_COLOR_WORDS,
  SKIN_TONE_WORDS,
} from './face.js';
import { PATTERN_WORDS } from './patterns.js';
import { PULSE_CLASS_WORDS, VOICE_READING_WORDS } from './pulse-voice.js';
import {
  FEATURE_METHOD_WORDS,
  TONGUE_FEATURE_WORDS,
  TONGUE_LABEL_WORDS,
  TONGUE_ZONE_WORDS,
  type TongueFeature,
} from './tongue.js';
import { VITALS_BAND_WORDS, VITALS_INDICATOR_WORDS } from './vitals-words.js';
import type { Word, WordLang } from './word.js';

export * from './word.js';
export * from './tongue.js';
export * from './face.js';
export * from './pulse-voice.js';
export * from './constitution.js';
export * from './scores.js';
export * from './patterns.js';
export * from './vitals-words.js';
export * from './advice-keys.js';

const prefixed = (prefix: string, words: Readonly<Record<string, Word>>): [string, Word][] =>
  Object.entries(words).map(([id, w]) => [`${prefix}.${id}`, w]);

/**
 * Every word by its full id (`tongue.bodyColor.purple`, `face.complexion.red`,
 * `pulse.class.slow`, `voice.reading.hoarse`, `constitution.type.balanced`,
 * `constitution.verdict.yes`, `risk.low`, `pattern.qi_deficiency`, `vitals.indicator.bmi`,
 * `vitals.band.overweight`, `measure.lab.L`, …): the flat list research and the
 * completeness test read.
 */
export const VOCABULARY: Readonly<Record<string, Word>> = Object.fromEntries([
  ...prefixed('tongue.feature', TONGUE_FEATURE_WORDS),
  ...Object.entries(TONGUE_LABEL_WORDS).flatMap(([f, words]) => prefixed(`tongue.${f}`, words)),
  ...prefixed('tongue.zone', TONGUE_ZONE_WORDS),
  ...prefixed('method', FEATURE_METHOD_WORDS),
  ...prefixed('face.feature', FACE_FEATURE_WORDS),
  ...prefixed('face.complexion', COMPLEXION_WORDS),
  ...prefixed('face.gloss', GLOSS_WORDS),
  ...prefixed('face.lips', LIP_COLOR_WORDS),
  ...prefixed('face.skinTone', SKIN_TONE_WORDS),
  ...prefixed('face.metric', FACE_METRIC_WORDS),
  ...prefixed('face.region', FACE_REGION_WORDS),
  ...prefixed('pulse.class', PULSE_CLASS_WORDS),
  ...prefixed('voice.reading', VOICE_READING_WORDS),
  ...prefixed('constitution.type', CONSTITUTION_TYPE_WORDS),
  ...prefixed('constitution.verdict', VERDICT_WORDS),
  ...prefixed('risk', RISK_LEVEL_WORDS),
  ...prefixed('pattern', PATTERN_WORDS),
  ...prefixed('vitals.indicator', VITALS_INDICATOR_WORDS),
  ...prefixed('vitals.band', VITALS_BAND_WORDS),
  ...prefixed('measure', EVIDENCE_MEASURES),
]);

/**
 * The word of a full id in `lang`. An id the vocabulary lacks comes back as it is (a result saved
 * by a newer engine must still show); the vocabulary test keeps the engines' ids covered.
 */
export const vocabularyWord = (id: string, lang: WordLang): string => VOCABULARY[id]?.[lang] ?? id;

/** The word of a tongue feature's label (`bodyColor`, `purple` → 青紫 / Blue-purple). */
export function tongueLabelWord(feature: string, label: string, lang: WordLang): string {
  const words = (TONGUE_LABEL_WORDS as Record<string, Record<string, Word> | undefined>)[feature];
  return words?.[label]?.[lang] ?? label;
}

/** The name of a tongue feature (`bodyColor` → 舌色 / Body color). */
export const tongueFeatureWord = (feature: string, lang: WordLang): string =>
  (TONGUE_FEATURE_WORDS as Record<string, Word | undefined>)[feature]?.[lang] ?? feature;

export const isTongueFeature = (name: string): name is TongueFeature => Object.hasOwn(TONGUE_FEATURE_WORDS, name);

/** The constitution type of a scale letter, worded (`A` → 平和质 / Balanced). */
export const constitutionWord = (code: ConstitutionCode, lang: WordLang): string =>
  CONSTITUTION_TYPE_WORDS[CONSTITUTION_TYPE_OF_CODE[code]][lang];

/** A word from one group by the id an engine wrote; an unknown id shows as the engine's own word. */
export const wordOf = (words: Readonly<Record<string, Word>>, id: string, lang: WordLang, fallback?: string): string =>
  words[id]?.[lang] ?? fallback ?? id;
