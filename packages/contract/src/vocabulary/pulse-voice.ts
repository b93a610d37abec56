import words from './pulse-voice.json' with { type: 'json' };
import { wordsFor } from './word.js';

/**
 * Pulse classes (脉象) by the code the pulse engine writes (shared/domain/tcm-diagnosis.md §3; the
 * words are data, pulse-voice.json).
 * A class without both words there fails the import (`wordsFor`) and the vocabulary test.
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

export const PULSE_CLASS_WORDS = wordsFor('pulse-voice.pulseClasses', PULSE_CLASS_CODES, words.pulseClasses);

export const VOICE_READING_CODES = ['weak_low', 'loud_coarse', 'hoarse', 'normal'] as const;
export type VoiceReadingCode = (typeof VOICE_READING_CODES)[number];

/** Listening readings (闻诊) by the code the voice engine writes (tcm-diagnosis.md §4). */
export const VOICE_READING_WORDS = wordsFor('pulse-voice.voiceReadings', VOICE_READING_CODES, words.voiceReadings);
