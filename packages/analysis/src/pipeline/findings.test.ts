import { describe, expect, it } from 'vitest';
import { TONGUE_FEATURES, type TongueResult } from '@tcm/contract';
import { extractTongueFeatures } from '../tongue/features/index.js';
import { loadPhoto } from '../tongue/features/test-data.js';
import { VOCABULARY } from '../synthesis/knowledge-base.js';
import { tongueFindings } from './findings.js';

// The tongue findings come from the contract's one list of features (issue 38) and the knowledge
// base's signs: no list of their own.

async function tongueResult(id: string): Promise<TongueResult> {
  const p = await loadPhoto(id);
  return {
    version: { engine: 'tongue-test', model: 'ground-truth-mask' },
    quality: { ok: true, issues: [], evidence: {} },
    mask: { width: p.image.width, height: p.image.height, box: [0, 0, 1, 1], areaFraction: 0.3, polygon: [] },
    features: await extractTongueFeatures(p.image, p.mask),
    notes: [],
  };
}

describe('tongue findings', () => {
  it('are the features the knowledge base has signs on, in the vocabulary’s order, with the engine’s labels', async () => {
    const r = await tongueResult('TE0000003');
    const findings = tongueFindings(r);
    const kbTongue = Object.keys(VOCABULARY).filter((k) => k.startsWith('tongue.'));
    // Every sign of the base is a feature of the list, and every such feature gives a finding.
    expect(kbTongue.every((k) => (TONGUE_FEATURES as readonly string[]).includes(k.slice(7)))).toBe(true);
    expect(findings.map((f) => f.key)).toEqual(
      TONGUE_FEATURES.map((f) => `tongue.${f}`).filter((k) => kbTongue.includes(k)),
    );
    const value = (key: string) => findings.find((f) => f.key === key)?.value;
    expect(value('tongue.bodyColor')).toBe(r.features.bodyColor.label);
    expect(value('tongue.cracks')).toBe(r.features.cracks.label);
    // Yes/no signs: the first label of the feature is its absence.
    expect(value('tongue.greasy')).toBe(r.features.greasy.label === 'greasy');
    expect(value('tongue.peeled')).toBe(r.features.peeled.label !== 'none');
    for (const f of findings) expect(VOCABULARY[f.key]!.values).toHaveProperty([String(f.value)]);
  }, 60_000);
});
