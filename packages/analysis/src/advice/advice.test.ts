import { describe, expect, it } from 'vitest';
import {
  adviceKeyWord,
  VITALS_BAND_WORDS,
  VITALS_INDICATOR_WORDS,
  type ConstitutionSummary,
  type IndicatorAssessment,
  type PatternResult,
} from '@tcm/contract';
import templates from './templates.json' with { type: 'json' };
import { PATTERNS } from '../synthesis/knowledge-base.js';
import { INDICATORS } from '../vitals/reference-table.js';
import { isEngineError } from '../common/engine-error.js';
import { ADVICE_CATEGORIES, adviceKeys, buildAdvice, defaultAdvice, mergeAdvice, parseTeamConfig } from './index.js';

const summary = (over: Partial<ConstitutionSummary>): ConstitutionSummary => ({
  balanced: 'no',
  types: [],
  tendencies: [],
  undetermined: false,
  text: { zh: '', en: '' },
  ...over,
});
const indicator = (id: IndicatorAssessment['indicator'], band: string, level: IndicatorAssessment['level']) =>
  ({ indicator: id, band, level }) as IndicatorAssessment;
const pattern = (id: string, strength: PatternResult['strength']) => ({ id, strength }) as PatternResult;

describe('default templates', () => {
  const table = defaultAdvice();

  it('word every key in zh and en for the conclusion configuration page (no raw key shown)', () => {
    for (const key of table.keys())
      for (const lang of ['zh', 'en'] as const) expect(adviceKeyWord(key, lang), `${key} ${lang}`).not.toBe(key);
  });

  it('name the indicators and bands as the reference table does (the contract keeps copies)', () => {
    for (const def of INDICATORS) {
      const words = (VITALS_INDICATOR_WORDS as Record<string, { zh: string; en: string } | undefined>)[def.id];
      // systolic and diastolic are judged together as bloodPressure (vitals/assess.ts).
      if (words) expect(words, def.id).toEqual({ zh: def.zh, en: def.en });
      const bands = def.bands ?? Object.values(def.bandsBySex ?? {}).flat();
      for (const b of bands) expect(Object.hasOwn(VITALS_BAND_WORDS, b.code), `${def.id} ${b.code}`).toBe(true);
    }
  });

  it('cover every constitution and every knowledge-base pattern, zh and en on every line', () => {
    for (const c of 'ABCDEFGHI') expect(table.has(`constitution:${c}`), c).toBe(true);
    for (const p of PATTERNS) expect(table.has(`pattern:${p.id}`), p.id).toBe(true);
    for (const [key, entry] of table) {
      for (const cat of ADVICE_CATEGORIES)
        for (const line of entry[cat] ?? []) expect(line.text.zh && line.text.en, `${key} ${cat}`).toBeTruthy();
    }
    expect(templates.version).toMatch(/^advice-/);
    expect(templates.sources.length).toBeGreaterThan(0);
  });

  it('risk keys name real indicators and bands of the vitals table', () => {
    const bandsOf = (id: string) => {
      const d = INDICATORS.find((x) => x.id === id);
      return (d?.bands ?? d?.bandsBySex?.male ?? []).map((b) => b.code);
    };
    for (const key of table.keys()) {
      const [kind, id, band] = key.split(':');
      if (kind !== 'risk' || id === 'level') continue;
      const bands = id === 'bloodPressure' ? bandsOf('systolic') : bandsOf(id!);
      expect(bands.length, key).toBeGreaterThan(0);
      if (band) expect(bands, key).toContain(band);
    }
  });
});

describe('team configuration merge rule', () => {
  const line = (zh: string) => ({ zh, en: zh });
  const defaults = defaultAdvice();
  const merged = mergeAdvice(
    defaults,
    parseTeamConfig({
      teamId: 't1',
      entries: {
        'constitution:B': { teas: [line('本馆茶')] },
        'constitution:C': { mode: 'append', diet: [line('加一条')] },
        'constitution:D': { teas: [] },
        'constitution:E': { disabled: true },
        'pattern:new_one': { diet: [line('新的')] },
      },
    }),
  );

  it('a list replaces the default list of that category; other categories keep the defaults', () => {
    expect(merged.get('constitution:B')!.teas!.map((l) => [l.text.zh, l.origin])).toEqual([['本馆茶', 'team']]);
    expect(merged.get('constitution:B')!.diet).toEqual(defaults.get('constitution:B')!.diet);
  });
  it("mode 'append' keeps the defaults and adds after them", () => {
    const diet = merged.get('constitution:C')!.diet!;
    expect(diet.length).toBe(defaults.get('constitution:C')!.diet!.length + 1);
    expect(diet.at(-1)).toEqual({ text: line('加一条'), origin: 'team' });
  });
  it('an empty list silences the category; disabled drops the key; new keys are added', () => {
    expect(merged.get('constitution:D')!.teas).toEqual([]);
    expect(merged.has('constitution:E')).toBe(false);
    expect(merged.get('pattern:new_one')!.diet![0]!.text.zh).toBe('新的');
  });
  it('does not change the defaults it was given', () => {
    expect(defaults.get('constitution:B')!.teas![0]!.origin).toBe('default');
    expect(defaults.has('constitution:E')).toBe(true);
  });
  it('a malformed configuration is rejected with the path named', () => {
    try {
      parseTeamConfig({ entries: { x: { mode: 'merge' } } });
      expect.unreachable();
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe(3510004);
      expect((e as Error).message).toContain('adviceConfig.entries.x.mode');
    }
  });
});

describe('which advice applies', () => {
  const table = defaultAdvice();
  it('strong patterns first, then constitution types and tendencies, then risks', () => {
    const keys = adviceKeys(
      table,
      [pattern('damp_heat', 'likely'), pattern('qi_stagnation', 'weak')],
      summary({ types: ['F'], tendencies: ['H'] }),
      [
        indicator('bmi', 'obese', 'high'),
        indicator('tg', 'borderline', 'medium'),
        indicator('glucose', 'normal', 'low'),
      ],
    );
    expect(keys).toEqual([
      'pattern:damp_heat',
      'constitution:F',
      'constitution:H',
      'risk:bmi:obese',
      'risk:tg',
      'risk:level:high',
    ]);
  });
  it('balanced constitution gets 平和质 advice; nothing at all gets the default', () => {
    expect(adviceKeys(table, [], summary({ balanced: 'basically_yes', tendencies: ['E'] }), [])).toEqual([
      'constitution:A',
      'constitution:E',
    ]);
    expect(adviceKeys(table, [], null, [])).toEqual(['default']);
  });
  it('merges identical lines and records every key they came from', () => {
    const r = buildAdvice([pattern('qi_deficiency', 'likely')], summary({ types: ['B'] }), []);
    const tea = r.items.teas.filter((t) => t.text.zh.startsWith('黄芪红枣茶'));
    expect(tea).toHaveLength(1);
    expect(tea[0]!.from).toEqual(['pattern:qi_deficiency', 'constitution:B']);
    expect(r.teamConfig).toBeNull();
  });
});
