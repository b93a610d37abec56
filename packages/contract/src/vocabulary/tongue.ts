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
import type { Words } from './word.js';

type Of<T extends readonly string[]> = T[number];

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

export const TONGUE_FEATURE_WORDS: Words<TongueFeature> = {
  bodyColor: { zh: '舌色', en: 'Body color' },
  coatingColor: { zh: '苔色', en: 'Coating color' },
  coatingThickness: { zh: '苔质厚薄', en: 'Coating thickness' },
  greasy: { zh: '腻苔', en: 'Greasy coating' },
  peeled: { zh: '剥苔', en: 'Peeled coating' },
  moisture: { zh: '润燥', en: 'Moisture' },
  cracks: { zh: '裂纹', en: 'Cracks' },
  toothMarks: { zh: '齿痕', en: 'Tooth marks' },
  spots: { zh: '点刺/瘀点', en: 'Prickles / stasis spots' },
  shape: { zh: '舌形', en: 'Shape' },
};

const grades: Words<Of<typeof TONGUE_GRADES>> = {
  none: { zh: '无', en: 'None' },
  light: { zh: '轻度', en: 'Light' },
  severe: { zh: '明显', en: 'Marked' },
};

/**
 * The words of each feature's labels, keyed by feature then label: the same label id can mean
 * different things in two features (`thin` coating vs `thin` tongue; `normal` moisture vs shape).
 * Wording follows shared/domain/tcm-diagnosis.md §1 (青紫 for the purple body, 白 for a white
 * coating under the heading 苔色); 镜面舌 is the standard term for a fully peeled coating.
 */
export const TONGUE_LABEL_WORDS = {
  bodyColor: {
    pale: { zh: '淡白', en: 'Pale' },
    light_red: { zh: '淡红', en: 'Light red' },
    red: { zh: '红', en: 'Red' },
    crimson: { zh: '绛', en: 'Crimson' },
    purple: { zh: '青紫', en: 'Blue-purple' },
  } satisfies Words<Of<typeof TONGUE_BODY_COLORS>>,
  coatingColor: {
    white: { zh: '白', en: 'White' },
    light_yellow: { zh: '淡黄', en: 'Light yellow' },
    yellow: { zh: '黄', en: 'Yellow' },
    grey_black: { zh: '灰黑', en: 'Grey-black' },
  } satisfies Words<Of<typeof TONGUE_COATING_COLORS>>,
  coatingThickness: {
    thin: { zh: '薄', en: 'Thin' },
    thick: { zh: '厚', en: 'Thick' },
  } satisfies Words<Of<typeof TONGUE_COATING_THICKNESS>>,
  greasy: {
    not_greasy: { zh: '不腻', en: 'Not greasy' },
    greasy: { zh: '腻', en: 'Greasy' },
  } satisfies Words<Of<typeof TONGUE_GREASY>>,
  peeled: {
    none: { zh: '无', en: 'None' },
    partial: { zh: '花剥', en: 'Partly peeled' },
    mirror: { zh: '镜面舌', en: 'Mirror tongue' },
  } satisfies Words<Of<typeof TONGUE_PEELED>>,
  moisture: {
    moist: { zh: '水滑', en: 'Moist' },
    normal: { zh: '润', en: 'Normal' },
    dry: { zh: '燥', en: 'Dry' },
  } satisfies Words<Of<typeof TONGUE_MOISTURE>>,
  cracks: grades,
  toothMarks: grades,
  spots: {
    none: { zh: '无', en: 'None' },
    prickles: { zh: '点刺', en: 'Prickles' },
    stasis_spots: { zh: '瘀点', en: 'Stasis spots' },
    both: { zh: '点刺与瘀点', en: 'Prickles and stasis spots' },
  } satisfies Words<Of<typeof TONGUE_SPOTS>>,
  shape: {
    normal: { zh: '正常', en: 'Normal' },
    swollen: { zh: '胖大', en: 'Swollen' },
    thin: { zh: '瘦薄', en: 'Thin' },
  } satisfies Words<Of<typeof TONGUE_SHAPES>>,
} as const satisfies { [F in TongueFeature]: Readonly<Record<string, { zh: string; en: string }>> };

/** Tongue zones (舌尖 heart/lung, 舌中 spleen/stomach, 舌根 kidney, 舌边 liver/gallbladder). */
export const TONGUE_ZONE_WORDS: Words<Of<typeof TONGUE_ZONES>> = {
  tip: { zh: '舌尖', en: 'Tip' },
  centre: { zh: '舌中', en: 'Center' },
  root: { zh: '舌根', en: 'Root' },
  sides: { zh: '舌边', en: 'Sides' },
};

/** How a label was decided. */
export const FEATURE_METHOD_WORDS: Words<'model' | 'rule'> = {
  model: { zh: '模型判断', en: 'Model' },
  rule: { zh: '测量规则', en: 'Measured rule' },
};
