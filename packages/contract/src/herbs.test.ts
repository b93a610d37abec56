import { describe, expect, it } from 'vitest';
import { checkPrescription } from './herb-safety.js';
import { FORMULAS, HERB_SOURCES, HERBS, FORMULA_SOURCES, herbFactsMap, searchByKey } from './herbs.js';

describe('herb dictionary and formula library (shipped data)', () => {
  it('holds at least 300 herbs and 100 formulas, each with a named source', () => {
    expect(HERBS.length).toBeGreaterThanOrEqual(300);
    expect(FORMULAS.length).toBeGreaterThanOrEqual(100);
    for (const h of HERBS) expect(HERB_SOURCES[h.source], h.name).toBeTruthy();
    for (const f of FORMULAS) expect(FORMULA_SOURCES[f.source], f.name).toBeTruthy();
  });

  it('every herb has a sane dose range, nature, flavour and meridians', () => {
    const bad = HERBS.filter(
      (h) =>
        !(h.doseMin > 0 && h.doseMin <= h.doseMax && h.doseMax <= 120) ||
        !/[寒凉平温热]/.test(h.nature) ||
        !h.flavour ||
        !h.meridians ||
        !/^[a-z]+( [a-z]+)*$/.test(h.pinyin),
    );
    expect(bad.map((h) => h.name)).toEqual([]);
    expect(new Set(HERBS.map((h) => h.name)).size).toBe(HERBS.length);
  });

  it('formulas expand into herbs with positive doses', () => {
    for (const f of FORMULAS) {
      expect(f.herbs.length, f.name).toBeGreaterThan(0);
      for (const h of f.herbs) expect(h.dose, `${f.name} ${h.name}`).toBeGreaterThan(0);
    }
    const guizhi = FORMULAS.find((f) => f.name === '桂枝汤')!;
    expect(guizhi.herbs.map((h) => `${h.name}${h.dose}${h.unit}`)).toEqual([
      '桂枝9g',
      '白芍9g',
      '生姜9g',
      '大枣3枚',
      '炙甘草6g',
    ]);
  });

  it('no classic formula of the library trips a 十八反/十九畏 warning', () => {
    const hits = FORMULAS.flatMap((f) =>
      checkPrescription(f.herbs)
        .filter((w) => w.kind === 'incompatible' || w.kind === 'antagonism')
        .map((w) => `${f.name}: ${w.zh}`),
    );
    expect(hits).toEqual([]);
  });

  it('pinyin initials find herbs and formulas', () => {
    expect(searchByKey(HERBS, 'gc')[0]!.name).toBe('甘草');
    expect(searchByKey(HERBS, 'dangg')[0]!.name).toBe('当归');
    expect(searchByKey(HERBS, '半夏').map((h) => h.name)).toContain('法半夏');
    expect(searchByKey(FORMULAS, 'gzt')[0]!.name).toBe('桂枝汤');
  });

  it('a doctor override replaces the shipped range', () => {
    const m = herbFactsMap([{ name: '附子', doseMax: 30 }]);
    expect(m.get('附子')!.doseMax).toBe(30);
    expect(m.get('附子')!.doseMin).toBe(3);
    expect(m.get('附子')!.pregnancy).toBe('caution');
    // 'none' clears the shipped caution; an unknown name adds nothing.
    const cleared = herbFactsMap([
      { name: '附子', pregnancy: 'none' },
      { name: '不存在', doseMax: 1 },
    ]);
    expect(cleared.get('附子')!.pregnancy).toBeUndefined();
    expect(cleared.has('不存在')).toBe(false);
  });
});
