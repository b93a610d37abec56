import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constitutionTypeSchema, constitutionVerdictSchema, riskLevelSchema } from '@tcm/contract';
import { LABELS, label } from './labels.js';
import { formatRange } from './sections/format.js';
import { formatIsoDate } from '@tcm/contract';

const sources = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(new URL(`${e.name}/`, dir))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [readFileSync(new URL(e.name, dir), 'utf8')]
        : [],
  );

describe('label dictionary', () => {
  it('has zh and en text for every key, Chinese text in zh', () => {
    for (const [key, e] of Object.entries(LABELS)) {
      expect(e.zh.trim(), key).not.toBe('');
      expect(e.en.trim(), key).not.toBe('');
      expect(e.en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(LABELS['section.tongue'].zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('holds every key the renderer names, literal or built from an enum', () => {
    const code = sources(new URL('./', import.meta.url)).join('\n');
    const literal = [
      ...code.matchAll(
        /'((?:report|record|header|sex|age|page|footer|section|col|risk|vitals|tongue|face|skin|pulse|voice|constitution|verdict|advice|version|disclaimer)\.[A-Za-z.]+)'/g,
      ),
    ]
      .map((m) => m[1]!)
      // Model paths handed to error details ('tongue.photo') are not labels.
      .filter((k) => !k.endsWith('.photo') && !k.endsWith('.'));
    expect(literal.length).toBeGreaterThan(30);
    const built = [
      ...riskLevelSchema.options.map((r) => `risk.${r}`),
      ...constitutionTypeSchema.options.map((c) => `constitution.type.${c}`),
      ...constitutionVerdictSchema.options.map((v) => `constitution.verdict.${v}`),
      'sex.male',
      'sex.female',
      'record.visit.first',
      'record.visit.followUp',
    ];
    // A key of the dictionary or an id of the contract's vocabulary.
    for (const key of [...literal, ...built])
      for (const lang of ['zh', 'en'] as const) expect(label(lang, key), `${lang} ${key}`).not.toBe(key);
  });

  it('fills placeholders and passes unknown text through', () => {
    expect(label('zh', 'page.of', { p: 2, n: 5 })).toBe('第 2 页 / 共 5 页');
    expect(label('en', 'age.years', { n: 34 })).toBe('34 years');
    expect(label('en', 'h3/h1')).toBe('h3/h1');
    // Engine words come from the vocabulary, by id; the keys models used before it are no ids.
    expect(label('zh', 'tongue.feature.bodyColor')).toBe('舌色');
    expect(label('zh', 'constitution.type.phlegmDamp')).toBe('痰湿质');
    expect(label('en', 'constitution.verdict.basically_yes')).toBe('Basically yes');
    for (const retired of ['tongue.bodyColour', 'constitution.phlegmDamp', 'verdict.basicallyYes', 'skin.pores'])
      expect(label('en', retired)).toBe(retired);
    expect(label('zh', 'measure.h3/h1')).toBe('重搏前波比 h3/h1');
  });
});

describe('formatting', () => {
  it('prints reference ranges with the precision of their bounds', () => {
    expect(formatRange({ low: 3.9, high: 6 })).toBe('3.9–6.0');
    expect(formatRange({ high: 420 })).toBe('≤ 420');
    expect(formatRange({ low: 95 })).toBe('≥ 95');
    expect(formatRange({ text: '< 120' })).toBe('< 120');
    expect(formatRange(undefined)).toBe('—');
  });

  it('shows dates in the report language, with minutes when a time is given', () => {
    expect(formatIsoDate('2026-11-22T09:40:00+08:00', 'zh')).toBe('2026-11-22 09:40');
    expect(formatIsoDate('2026-11-22', 'zh')).toBe('2026-11-22');
    expect(formatIsoDate('2026-11-22T09:40:00+08:00', 'en')).toBe('2026-11-22 09:40');
  });
});
