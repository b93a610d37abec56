import { describe, expect, it } from 'vitest';
import { PATTERN_WORDS, SYNTHESIS_PATTERN_IDS } from '@tcm/contract';
import kb from './knowledge-base.json' with { type: 'json' };
import { INDICATORS } from '../vitals/reference-table.js';
import { PATTERNS, VOCABULARY } from './knowledge-base.js';

// The value vocabularies agreed with the tongue, face, pulse and voice engines (issue 6).
const AGREED: Record<string, string[]> = {
  'tongue.bodyColor': ['pale', 'light_red', 'red', 'crimson', 'purple'],
  'tongue.coatingColor': ['white', 'light_yellow', 'yellow', 'grey_black'],
  'tongue.coatingThickness': ['thin', 'thick'],
  'tongue.greasy': ['true', 'false'],
  'tongue.peeled': ['true', 'false'],
  'tongue.moisture': ['moist', 'normal', 'dry'],
  'tongue.cracks': ['none', 'light', 'severe'],
  'tongue.toothMarks': ['none', 'light', 'severe'],
  'tongue.shape': ['normal', 'swollen', 'thin'],
  'face.complexion': ['normal', 'qing', 'chi', 'huang', 'bai', 'hei'],
  'face.lipColor': ['pale', 'light_red', 'red', 'dark_purple'],
  'pulse.rateClass': ['slow', 'normal', 'rapid'],
  'pulse.rhythm': ['regular', 'cu', 'jie', 'dai'],
  'pulse.shape': ['slippery', 'wiry', 'thin', 'surging'],
  // 'middle' added: the pulse engine reports it (no pattern uses it).
  'pulse.depth': ['floating', 'deep', 'middle'],
  'voice.reading': ['weak', 'loud_coarse', 'hoarse', 'normal'],
};

describe('knowledge base file', () => {
  it('carries a version and sources, and every pattern cites a known source', () => {
    expect(kb.version).toMatch(/^kb-/);
    const ids = kb.sources.map((s) => s.id);
    for (const p of PATTERNS) {
      expect(p.source.length, p.id).toBeGreaterThan(0);
      for (const s of p.source)
        expect(
          ids.some((id) => s.startsWith(id)),
          `${p.id}: ${s}`,
        ).toBe(true);
    }
    expect(new Set(PATTERNS.map((p) => p.id)).size).toBe(PATTERNS.length);
  });

  it('has its patterns, worded alike, in the contract vocabulary (the screens and the PDF read it)', () => {
    expect([...SYNTHESIS_PATTERN_IDS].sort()).toEqual(PATTERNS.map((p) => p.id).sort());
    for (const p of PATTERNS)
      expect(PATTERN_WORDS[p.id as keyof typeof PATTERN_WORDS], p.id).toEqual({ zh: p.zh, en: p.en });
  });

  it('holds the textbook set of patterns', () => {
    const ids = PATTERNS.map((p) => p.id);
    for (const id of [
      'qi_deficiency',
      'yang_deficiency',
      'yin_deficiency',
      'blood_deficiency',
      'phlegm_dampness',
      'damp_heat',
      'blood_stasis',
      'qi_stagnation',
      'liver_fire',
      'spleen_deficiency_dampness',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('uses exactly the agreed value vocabularies', () => {
    for (const [key, values] of Object.entries(AGREED))
      expect(Object.keys(VOCABULARY[key]?.values ?? {}).sort(), key).toEqual([...values].sort());
  });

  it('aliases point at vocabulary values and never shadow one', () => {
    for (const [key, entry] of Object.entries(VOCABULARY)) {
      for (const [alias, target] of Object.entries(entry.aliases ?? {})) {
        expect(entry.values, `${key}: ${alias} -> ${target}`).toHaveProperty(target);
        // face.complexion 'red'/'pale' are the face engine's codes; they are not values of that key.
        expect(Object.keys(entry.values ?? {}), `${key}: alias ${alias} is also a value`).not.toContain(alias);
      }
    }
  });

  it('vitals vocabulary equals the band codes of the vitals reference table', () => {
    for (const def of INDICATORS.filter((d) => d.id !== 'systolic' && d.id !== 'diastolic')) {
      const bands = def.bands ?? def.bandsBySex!.male;
      expect(Object.keys(VOCABULARY[`vitals.${def.id}`]!.values!).sort(), def.id).toEqual(
        bands.map((b) => b.code).sort(),
      );
    }
    const bp = [
      ...new Set(
        INDICATORS.filter((d) => d.id === 'systolic' || d.id === 'diastolic').flatMap((d) =>
          d.bands!.map((b) => b.code),
        ),
      ),
    ];
    expect(Object.keys(VOCABULARY['vitals.bloodPressure']!.values!).sort()).toEqual(bp.sort());
  });

  it('every rule names a vocabulary key and value, with a weight in [-3, 3]', () => {
    for (const p of PATTERNS) {
      for (const r of p.rules) {
        const entry = VOCABULARY[r.key];
        expect(entry, `${p.id}: ${r.key}`).toBeDefined();
        expect(r.weight !== 0 && Math.abs(r.weight) <= 3, `${p.id}: ${r.key} weight`).toBe(true);
        if (r.is)
          for (const v of r.is) expect(entry!.values, `${p.id}: ${r.key}=${String(v)}`).toHaveProperty(String(v));
        else expect(entry!.number, `${p.id}: ${r.key} numeric`).toBeDefined();
        if (r.basis === 'heuristic') expect(Math.abs(r.weight)).toBeLessThanOrEqual(2.5);
      }
    }
  });

  it('no finding can match two rules of one pattern (values and ranges are disjoint per key)', () => {
    for (const p of PATTERNS) {
      const seen = new Map<string, string[]>();
      const ranges = new Map<string, [number, number][]>();
      for (const r of p.rules) {
        if (r.is) {
          const used = seen.get(r.key) ?? [];
          for (const v of r.is) expect(used, `${p.id}: ${r.key}=${String(v)} twice`).not.toContain(String(v));
          seen.set(r.key, [...used, ...r.is.map(String)]);
        } else {
          const lo = r.min ?? -Infinity;
          const hi = r.below ?? Infinity;
          for (const [a, b] of ranges.get(r.key) ?? [])
            expect(hi <= a || lo >= b, `${p.id}: ${r.key} ranges overlap`).toBe(true);
          ranges.set(r.key, [...(ranges.get(r.key) ?? []), [lo, hi]]);
        }
      }
    }
  });

  it('every pattern has supporting signs from at least two modalities', () => {
    for (const p of PATTERNS) {
      const modalities = new Set(p.rules.filter((r) => r.weight > 0).map((r) => r.key.split('.')[0]));
      expect(modalities.size, p.id).toBeGreaterThanOrEqual(2);
    }
  });
});
