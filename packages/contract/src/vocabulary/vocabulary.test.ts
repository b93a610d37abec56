import { describe, expect, it } from 'vitest';
import { constitutionCodeSchema, constitutionResultVerdictSchema } from '../constitution.js';
import { COMPLEXIONS, GLOSS, ITA_CATEGORIES, LIP_COLORS } from '../face.js';
import { riskLevelSchema } from '../report.js';
import { tongueFeaturesSchema } from '../tongue-features.js';
import { voiceReadingSchema } from '../voice.js';
import { vitalsIndicatorSchema, vitalsRiskLevelSchema } from '../vitals.js';
import {
  adviceKeyWord,
  constitutionWord,
  SYNTHESIS_PATTERN_IDS,
  tongueLabelWord,
  VOCABULARY,
  vocabularyWord,
  TONGUE_FEATURES,
  type Word,
  wordsFor,
} from './index.js';

/** A word people may read: not empty, not an identifier (camelCase, snake_case, `lab.x`). */
const IDENTIFIER = /^[a-z]+[A-Z_][A-Za-z_]*$|^[a-z]+\.[A-Za-z]+$/;
const problems = (id: string, w: Partial<Word> | undefined): string[] => {
  const out: string[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const text = w?.[lang];
    if (typeof text !== 'string' || !text.trim()) out.push(`${id}: no ${lang} word`);
    else if (IDENTIFIER.test(text) || (lang === 'zh' && text === id.split('.').pop()))
      out.push(`${id}: ${lang} word is an identifier`);
  }
  if (w?.zh && !/\p{Script=Han}|[LabCh]\*|^[A-Za-z0-9/ ]+$/u.test(w.zh)) out.push(`${id}: zh word has no Chinese`);
  return out;
};

describe('the vocabulary', () => {
  it('gives every id both words, none of them an identifier', () => {
    expect(Object.keys(VOCABULARY).length).toBeGreaterThan(200);
    expect(Object.entries(VOCABULARY).flatMap(([id, w]) => problems(id, w))).toEqual([]);
  });

  it('fails on an id without both words', () => {
    expect(problems('tongue.bodyColor.new', { zh: '新' })).toEqual(['tongue.bodyColor.new: no en word']);
    expect(problems('measure.lab.L', { zh: '明度', en: 'lab.L' })).toEqual(['measure.lab.L: en word is an identifier']);
  });

  it('refuses a data table with an id left out, half worded, or a key that is no id', () => {
    const a = { zh: '甲', en: 'A' };
    expect(() => wordsFor('t', ['a', 'b'] as const, { a })).toThrow('vocabulary t: no words for b');
    expect(() => wordsFor('t', ['a', 'b'] as const, { a, b: { zh: '乙' } })).toThrow('no words for b');
    expect(() => wordsFor('t', ['a'] as const, { a, c: a })).toThrow('vocabulary t: c is no id');
    expect(wordsFor('t', ['a'] as const, { a })).toEqual({ a });
  });

  it('words every label, class and code the contract lets an engine write', () => {
    const ids: string[] = [];
    for (const f of TONGUE_FEATURES) {
      const labels = tongueFeaturesSchema.shape[f].shape.label.options;
      ids.push(`tongue.feature.${f}`, ...labels.map((l: string) => `tongue.${f}.${l}`));
    }
    ids.push(...COMPLEXIONS.map((c) => `face.complexion.${c}`), ...GLOSS.map((g) => `face.gloss.${g}`));
    ids.push(...LIP_COLORS.map((c) => `face.lips.${c}`), ...ITA_CATEGORIES.map((c) => `face.skinTone.${c}`));
    ids.push(...voiceReadingSchema.shape.code.options.map((c) => `voice.reading.${c}`));
    ids.push(...constitutionResultVerdictSchema.options.map((v) => `constitution.verdict.${v}`));
    ids.push(
      ...riskLevelSchema.options.map((l) => `risk.${l}`),
      ...vitalsRiskLevelSchema.options.map((l) => `risk.${l}`),
    );
    ids.push(...SYNTHESIS_PATTERN_IDS.map((p) => `pattern.${p}`));
    ids.push(...vitalsIndicatorSchema.options.map((i) => `vitals.indicator.${i}`));
    ids.push('measure.widthLengthRatio', 'measure.lab.L', 'measure.lab.a', 'measure.lab.b', 'measure.coverage');
    expect(ids.filter((id) => !VOCABULARY[id])).toEqual([]);
    for (const c of constitutionCodeSchema.options) expect(constitutionWord(c, 'en')).not.toBe(c);
  });

  it('settles the wordings the screen and the PDF disagreed on (issue 16)', () => {
    expect(tongueLabelWord('bodyColor', 'purple', 'zh')).toBe('青紫');
    expect(tongueLabelWord('coatingColor', 'white', 'zh')).toBe('白');
    expect(tongueLabelWord('peeled', 'mirror', 'zh')).toBe('镜面舌');
    // The same label id in two features keeps two meanings.
    expect(tongueLabelWord('shape', 'thin', 'zh')).not.toBe(tongueLabelWord('coatingThickness', 'thin', 'zh'));
    expect(vocabularyWord('constitution.type.phlegmDamp', 'zh')).toBe('痰湿质');
    expect(vocabularyWord('no.such.id', 'en')).toBe('no.such.id');
  });

  it('words every kind of advice key, never the raw key (the conclusion configuration page)', () => {
    const keys = [
      'default',
      ...constitutionCodeSchema.options.map((c) => `constitution:${c}`),
      ...SYNTHESIS_PATTERN_IDS.map((p) => `pattern:${p}`),
      ...vitalsIndicatorSchema.options.map((i) => `risk:${i}`),
      'risk:bmi:underweight',
      'risk:bloodPressure:high_normal',
      'risk:level:high',
    ];
    for (const lang of ['zh', 'en'] as const) {
      const raw = keys.filter((k) => {
        const w = adviceKeyWord(k, lang);
        return w === k || /[a-z]:[A-Za-z]|_/.test(w);
      });
      expect(raw, lang).toEqual([]);
    }
    expect(adviceKeyWord('pattern:qi_deficiency', 'zh')).toBe('证型：气虚证');
    expect(adviceKeyWord('constitution:B', 'en')).toBe('Constitution: Qi deficiency');
    expect(adviceKeyWord('risk:bmi:underweight', 'zh')).toBe('风险：体重指数 · 体重过低');
    // An id from a newer engine, or a malformed key: shown as it is rather than guessed.
    expect(adviceKeyWord('pattern:new_one', 'zh')).toBe('pattern:new_one');
    expect(adviceKeyWord('constitution:Z', 'en')).toBe('constitution:Z');
    expect(adviceKeyWord('risk:bmi:underweight:x', 'en')).toBe('risk:bmi:underweight:x');
  });
});
