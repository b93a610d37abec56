import { describe, expect, it } from 'vitest';
import {
  currentFindingValue,
  DISEASE_KNOWLEDGE,
  PATTERN_WORDS,
  SYNTHESIS_PATTERN_IDS,
  TONGUE_FEATURES,
  tongueFeaturesSchema,
  VOCABULARY as CONTRACT_WORDS,
} from '@tcm/contract';
import kb from './knowledge-base.json' with { type: 'json' };
import { INDICATORS } from '../vitals/reference-table.js';
import { PATTERNS, VOCABULARY } from './knowledge-base.js';

// The value vocabularies agreed with the face, pulse and voice engines (issue 6). The tongue's are
// the tongue schema's labels (yes/no for greasy and peeled), from the one list of its features.
const AGREED: Record<string, string[]> = {
  ...Object.fromEntries(
    TONGUE_FEATURES.filter((f) => f !== 'spots').map((f) => [
      `tongue.${f}`,
      f === 'greasy' || f === 'peeled' ? ['true', 'false'] : [...tongueFeaturesSchema.shape[f].shape.label.options],
    ]),
  ),
  // The engines' own ids since issue 38 (pinyin ids and alias tables are gone).
  'face.complexion': ['normal', 'blue_green', 'red', 'yellow', 'pale', 'dark'],
  'face.lipColor': ['pale', 'light_red', 'red', 'dark_purple'],
  'pulse.rateClass': ['slow', 'even', 'rapid'],
  'pulse.rhythm': ['regular', 'hasty', 'knotted', 'regularly_intermittent'],
  'pulse.shape': ['slippery', 'wiry', 'thin', 'surging'],
  // 'middle' added: the pulse engine reports it (no pattern uses it).
  'pulse.depth': ['floating', 'deep', 'middle'],
  'voice.reading': ['weak_low', 'loud_coarse', 'hoarse', 'normal'],
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

  it('names each finding by the id its engine writes and the contract words: one id, snake case, no aliases', () => {
    // The vocabulary group of the contract that words each engine finding key of the base.
    const GROUP: Record<string, string> = {
      'face.complexion': 'face.complexion',
      'face.lipColor': 'face.lips',
      'face.gloss': 'face.gloss',
      'pulse.rateClass': 'pulse.class',
      'pulse.rhythm': 'pulse.class',
      'pulse.shape': 'pulse.class',
      'pulse.depth': 'pulse.class',
      'voice.reading': 'voice.reading',
    };
    // Values no engine writes as a class of its own: a regular rhythm is the absence of one.
    const NOT_WRITTEN = new Set(['pulse.rhythm=regular']);
    for (const [key, entry] of Object.entries(VOCABULARY)) {
      expect(entry, key).not.toHaveProperty('aliases');
      for (const v of Object.keys(entry.values ?? {})) {
        expect(v, `${key}=${v}`).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
        const group = key.startsWith('tongue.') ? key : GROUP[key];
        if (!group || NOT_WRITTEN.has(`${key}=${v}`) || ['true', 'false'].includes(v)) continue;
        expect(CONTRACT_WORDS, `${key}=${v} is worded by the contract as ${group}.${v}`).toHaveProperty([
          `${group}.${v}`,
        ]);
      }
    }
  });

  it('the shipped disease signs name findings by the same ids (no retired id, every value known)', () => {
    for (const d of DISEASE_KNOWLEDGE.diseases)
      for (const sign of d.signs) {
        const entry = VOCABULARY[sign.key];
        expect(entry, `${d.id}: ${sign.key}`).toBeDefined();
        for (const v of sign.is ?? []) {
          expect(currentFindingValue(sign.key, v), `${d.id}: ${sign.key}=${String(v)} is retired`).toBe(v);
          expect(entry!.values, `${d.id}: ${sign.key}=${String(v)}`).toHaveProperty([String(v)]);
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
