import type { Words } from './word.js';

/**
 * Pulse classes (脉象) by the code the pulse engine writes (shared/domain/tcm-diagnosis.md §3).
 * A class missing here is a type error in `PULSE_CLASS_CODES` users and a failing vocabulary test.
 */
export const PULSE_CLASS_CODES = [
  'slow',
  'rapid',
  'even',
  'regularly_intermittent',
  'hasty',
  'knotted',
  'wiry',
  'slippery',
  'thin',
  'surging',
  'floating',
  'deep',
  'middle',
] as const;
export type PulseClassCode = (typeof PULSE_CLASS_CODES)[number];

export const PULSE_CLASS_WORDS: Words<PulseClassCode> = {
  slow: { zh: '迟脉', en: 'Slow' },
  rapid: { zh: '数脉', en: 'Rapid' },
  even: { zh: '平（脉率正常）', en: 'Even rate' },
  regularly_intermittent: { zh: '代脉', en: 'Regularly intermittent' },
  hasty: { zh: '促脉', en: 'Hasty' },
  knotted: { zh: '结脉', en: 'Knotted' },
  wiry: { zh: '弦脉', en: 'Wiry' },
  slippery: { zh: '滑脉', en: 'Slippery' },
  thin: { zh: '细脉', en: 'Thin' },
  surging: { zh: '洪脉', en: 'Surging' },
  floating: { zh: '浮脉', en: 'Floating' },
  deep: { zh: '沉脉', en: 'Deep' },
  middle: { zh: '中（不浮不沉）', en: 'Middle depth' },
};

export const VOICE_READING_CODES = ['weak_low', 'loud_coarse', 'hoarse', 'normal'] as const;
export type VoiceReadingCode = (typeof VOICE_READING_CODES)[number];

/** Listening readings (闻诊) by the code the voice engine writes (tcm-diagnosis.md §4). */
export const VOICE_READING_WORDS: Words<VoiceReadingCode> = {
  weak_low: { zh: '语声低微', en: 'Weak and low' },
  loud_coarse: { zh: '声高气粗', en: 'Loud and coarse' },
  hoarse: { zh: '声音嘶哑', en: 'Hoarse' },
  normal: { zh: '正常', en: 'Normal' },
};
