import { COMPLEXIONS, FACE_REGIONS, GLOSS, ITA_CATEGORIES, LIP_COLORS } from '../face.js';
import type { Words } from './word.js';

type Of<T extends readonly string[]> = T[number];

/** What the face section shows, one row each (the skin metrics are the engine's `metrics` keys). */
export const FACE_FEATURE_WORDS: Words<'complexion' | 'gloss' | 'lips' | 'skinTone'> = {
  complexion: { zh: '面色', en: 'Complexion' },
  gloss: { zh: '光泽', en: 'Gloss' },
  lips: { zh: '唇色', en: 'Lip color' },
  skinTone: { zh: '肤色（ITA）', en: 'Skin tone (ITA)' },
};

/** 五色 complexion classes (shared/domain/tcm-diagnosis.md §2). */
export const COMPLEXION_WORDS: Words<Of<typeof COMPLEXIONS>> = {
  normal: { zh: '常色（红黄隐隐，明润含蓄）', en: 'Normal (red and yellow faintly showing)' },
  blue_green: { zh: '青', en: 'Blue-green' },
  red: { zh: '赤', en: 'Red' },
  yellow: { zh: '黄', en: 'Yellow' },
  pale: { zh: '白', en: 'Pale' },
  dark: { zh: '黑', en: 'Dark' },
};

export const GLOSS_WORDS: Words<Of<typeof GLOSS>> = {
  lustrous: { zh: '有光泽', en: 'Lustrous' },
  dull: { zh: '少光泽', en: 'Little lustre' },
};

export const LIP_COLOR_WORDS: Words<Of<typeof LIP_COLORS>> = {
  pale: { zh: '淡白', en: 'Pale' },
  light_red: { zh: '淡红', en: 'Light red' },
  red: { zh: '红', en: 'Red' },
  dark_purple: { zh: '紫暗', en: 'Dark purple' },
};

/** Skin-tone categories of the individual typology angle. */
export const SKIN_TONE_WORDS: Words<Of<typeof ITA_CATEGORIES>> = {
  very_light: { zh: '非常白皙', en: 'Very light' },
  light: { zh: '白皙', en: 'Light' },
  intermediate: { zh: '中等', en: 'Intermediate' },
  tan: { zh: '小麦色', en: 'Tan' },
  brown: { zh: '棕色', en: 'Brown' },
  dark: { zh: '深色', en: 'Dark' },
};

export const FACE_METRICS = ['spots', 'wrinkles', 'texture', 'pores', 'redness', 'shine', 'darkCircles'] as const;
export type FaceMetricName = (typeof FACE_METRICS)[number];

/** The cosmetic skin metrics (0-100 scores). */
export const FACE_METRIC_WORDS: Words<FaceMetricName> = {
  spots: { zh: '色斑', en: 'Spots' },
  wrinkles: { zh: '皱纹', en: 'Wrinkles' },
  texture: { zh: '纹理', en: 'Texture' },
  pores: { zh: '毛孔', en: 'Pores' },
  redness: { zh: '泛红', en: 'Redness' },
  shine: { zh: '油光', en: 'Shine' },
  darkCircles: { zh: '黑眼圈', en: 'Dark circles' },
};

export const FACE_REGION_WORDS: Words<Of<typeof FACE_REGIONS>> = {
  forehead: { zh: '额部', en: 'Forehead' },
  nose: { zh: '鼻部', en: 'Nose' },
  leftCheek: { zh: '左颊', en: 'Left cheek' },
  rightCheek: { zh: '右颊', en: 'Right cheek' },
  chin: { zh: '颏部', en: 'Chin' },
  leftUnderEye: { zh: '左眼下', en: 'Left under-eye' },
  rightUnderEye: { zh: '右眼下', en: 'Right under-eye' },
  lips: { zh: '唇', en: 'Lips' },
};
