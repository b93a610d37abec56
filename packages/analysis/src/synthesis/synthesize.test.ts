import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYNTHESIS_ERRORS, synthesisResultSchema } from '@tcm/contract';
import { engineErrorOf } from '../constitution/engine-error-of.js';
import { synthesize } from './synthesize.js';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('synthesize: the committed examples', () => {
  const full = synthesize(example('synthesize-qi-deficiency.json'));

  it('returns a result that matches the contract, with versions and a disclaimer', () => {
    expect(synthesisResultSchema.parse(full)).toBeTruthy();
    expect(full.engine.engine).toMatch(/^synthesis@/);
    expect(full.engine.model).toMatch(/^kb-/);
    expect(full.disclaimer.en).toContain('not a medical diagnosis');
  });

  it('scores the questionnaire and lets it and the four diagnoses point to qi deficiency', () => {
    expect(full.constitution?.summary).toMatchObject({ types: ['B'], tendencies: ['C'] });
    expect(full.modalities.missing).toEqual([]);
    const ids = full.patterns.map((p) => p.id);
    expect(ids.slice(0, 3)).toContain('qi_deficiency');
    expect(ids).not.toContain('damp_heat');
    const qi = full.patterns.find((p) => p.id === 'qi_deficiency')!;
    expect(qi.evidence.map((e) => e.key)).toEqual(
      expect.arrayContaining(['inquiry.constitution.B', 'tongue.bodyColor', 'voice.reading']),
    );
  });

  it('reports trends from the history and advice for the constitution', () => {
    expect(full.vitals?.trends.find((t) => t.field === 'weightKg')).toMatchObject({
      change: 1.5,
      changeSinceFirst: 3,
      direction: 'up',
    });
    expect(full.risks).toEqual([]);
    expect(full.advice.keys).toContain('constitution:B');
    expect(full.advice.items.teas.length).toBeGreaterThan(0);
  });

  it('partial input: missing modalities are said, risks listed, team advice applied', () => {
    const r = synthesize(example('synthesize-partial-team-config.json'));
    expect(r.modalities.missing).toEqual(['face', 'pulse', 'voice', 'inquiry']);
    expect(r.warnings[0]!.en).toContain('No face, pulse, voice, inquiry findings');
    expect(r.patterns[0]!.missingModalities.length).toBeGreaterThan(0);
    expect(r.risks[0]!.level).toBe('high');
    expect(r.ignoredFindings).toEqual([{ key: 'tongue.sublingualVeins', value: 'dilated', reason: 'unknown key' }]);
    expect(r.advice.teamConfig).toBe('team-42@3');
    expect(r.advice.keys).not.toContain('risk:tc');
    expect(r.advice.items.teas.some((t) => t.origin === 'team' && t.from.includes('pattern:damp_heat'))).toBe(true);
  });
});

describe('synthesize: incomplete and bad input', () => {
  it('an empty object is a valid (empty) synthesis', () => {
    const r = synthesize({});
    expect(r.patterns).toEqual([]);
    expect(r.modalities.missing).toHaveLength(6);
    expect(r.advice.keys).toEqual(['default']);
    expect(r.warnings.map((w) => w.en).join(' ')).toContain('do not point to any pattern');
  });

  it('a scored questionnaire replaces a given score for the same key', () => {
    const answers = (example('synthesize-qi-deficiency.json').inquiry as { answers: Record<string, number> }).answers;
    const r = synthesize({
      sex: 'female',
      inquiry: { answers },
      findings: [{ key: 'inquiry.constitution.B', value: 5 }],
    });
    expect(r.ignoredFindings[0]).toMatchObject({ key: 'inquiry.constitution.B', value: 5 });
    expect(
      r.patterns.find((p) => p.id === 'qi_deficiency')!.evidence.find((e) => e.key === 'inquiry.constitution.B')!.value,
    ).toBeCloseTo(71.875, 6);
  });

  it.each([
    ['not an object', [], SYNTHESIS_ERRORS.SYNTHESIS_INPUT_INVALID.code, 'input'],
    ['findings not a list', { findings: {} }, SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID.code, 'findings'],
    [
      'finding without value',
      { findings: [{ key: 'tongue.bodyColor', value: 'pale' }, { key: 'tongue.shape' }] },
      3510002,
      'findings[1].value',
    ],
    [
      'confidence above 1',
      { findings: [{ key: 'tongue.bodyColor', value: 'pale', confidence: 1.5 }] },
      3510002,
      'findings[0].confidence',
    ],
    [
      'modality disagrees with key',
      { findings: [{ modality: 'face', key: 'tongue.bodyColor', value: 'pale' }] },
      3510002,
      'findings[0].modality',
    ],
    ['answers without sex', { inquiry: { answers: { A1: 1 } } }, SYNTHESIS_ERRORS.SYNTHESIS_SEX_REQUIRED.code, 'sex'],
    ['incomplete answers', { sex: 'male', inquiry: { answers: { A1: 1 } } }, 3500003, 'A2'],
    ['implausible vitals', { vitals: { systolic: 70, diastolic: 80 } }, 3520004, 'vitals.systolic'],
    ['bad topN', { topN: 0 }, 3510001, 'topN'],
    [
      'bad team config',
      { adviceConfig: { entries: { default: { diet: [{ zh: '少盐' }] } } } },
      SYNTHESIS_ERRORS.ADVICE_CONFIG_INVALID.code,
      'adviceConfig.entries.default.diet.0.en',
    ],
  ])('%s -> coded error naming the field', (_name, input, code, field) => {
    const f = engineErrorOf(() => synthesize(input));
    expect(f.code).toBe(code);
    expect(f.msg).toContain(field);
  });

  it('takes the engines’ own ids as they are, and reads ids retired in issue 38 as today’s', () => {
    // Each finding's key, its value today and the value retired in issue 38.
    const ids = [
      ['pulse.rhythm', 'knotted', 'jie'],
      ['face.complexion', 'blue_green', 'qing'],
      ['voice.reading', 'weak_low', 'weak-low'],
      ['pulse.rateClass', 'even', 'normal'],
    ] as const;
    const today = synthesize({ findings: ids.map(([key, value]) => ({ key, value })) });
    expect(today.ignoredFindings).toEqual([]);
    const stasis = today.patterns.find((p) => p.id === 'blood_stasis')!;
    // One id from engine to evidence: no pinyin id (jie, qing) in between.
    expect(stasis.evidence.map((e) => `${e.key}=${String(e.value)}`)).toEqual(
      expect.arrayContaining(['pulse.rhythm=knotted', 'face.complexion=blue_green']),
    );
    const retired = synthesize({ findings: ids.map(([key, , value]) => ({ key, value })) });
    expect(retired.ignoredFindings).toEqual([]);
    expect(retired.patterns).toEqual(today.patterns);
  });

  it('values outside the vocabulary are set aside, not fatal', () => {
    const r = synthesize({
      findings: [
        { key: 'tongue.bodyColor', value: 'blue' },
        { key: 'inquiry.constitution.B', value: 140 },
        { key: 'pulse.shape', value: 'wiry' },
      ],
    });
    expect(r.ignoredFindings.map((x) => x.reason)).toEqual(['value not in the vocabulary', 'outside 0-100']);
    expect(r.modalities.present).toEqual(['pulse']);
  });
});
