// The repeatability reference is re-run on the shared portraits: the committed figures (which
// decide the 'low confidence' marks) must still be what the engine does, and the engine must mark
// exactly the scores the reference names.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { analyzeFace, FACE_ENGINE_VERSION } from '../analyze.js';
import { LOW_CONFIDENCE_SCORES } from '../confidence.js';
import { summarize } from '../summary.js';
import { PORTRAITS, portraitPath } from '../test-images.js';
import committed from './face-reference.json' with { type: 'json' };
import { runFaceReference, type FaceReference } from './study.js';

const portraits = async () =>
  Object.fromEntries(await Promise.all(PORTRAITS.map(async (p) => [p, await readFile(portraitPath(p))] as const)));

describe('face repeatability reference', () => {
  let fresh: FaceReference;

  it('re-runs to the committed figures (regenerate with `npm run -s face:reference -w @tcm/analysis -- --write`)', async () => {
    fresh = await runFaceReference(await portraits(), FACE_ENGINE_VERSION);
    const old = committed as unknown as FaceReference;
    expect(old.engine).toBe(FACE_ENGINE_VERSION);
    for (const [k, row] of Object.entries(fresh.scores)) {
      const was = old.scores[k as keyof FaceReference['scores']];
      expect(row.lowConfidence, k).toBe(was.lowConfidence);
      expect(row.betweenPeopleSd, k).toBeCloseTo(was.betweenPeopleSd, 1);
      expect(row.maxAbsChange, k).toBeCloseTo(was.maxAbsChange, 1);
    }
    expect(fresh.labels).toEqual(old.labels);
    expect(fresh.detection).toEqual(old.detection);
  }, 120_000);

  it('maps re-taken landmarks back onto the original (rotation and scale included)', () => {
    // A wrong inverse transform puts rotated/rescaled outlines tens of % of the face width away.
    for (const t of fresh.reTakes.filter((r) => r.landmarkShiftPct !== undefined)) {
      expect(t.landmarkShiftPct, `${t.portrait} ${t.perturbation}`).toBeLessThan(5);
    }
    const rotated = fresh.reTakes.filter((r) => r.perturbation.startsWith('rot') && !r.refused);
    expect(rotated.length).toBeGreaterThan(0);
  });

  it('marks exactly the scores the reference names, in the result and in the summary', async () => {
    const r = (await analyzeFace(await readFile(portraitPath('02-woman')))).result;
    const marked = Object.entries(r.metrics)
      .filter(([, m]) => m.confidence === 'low')
      .map(([k]) => k);
    expect(marked.sort()).toEqual([...LOW_CONFIDENCE_SCORES].sort());
    for (const m of Object.values(r.metrics)) expect(m.confidence).toMatch(/^(low|normal)$/);
    // A pronounced low-confidence score says so where the summary names it.
    const low = LOW_CONFIDENCE_SCORES.find((k) => k !== 'skinTone') as keyof typeof r.metrics | undefined;
    if (low && low !== 'skinTone') {
      const metrics = { ...r.metrics, [low]: { ...r.metrics[low], score: 80, confidence: 'low' as const } };
      const s = summarize(r.complexion, r.gloss, r.lips, metrics);
      expect(s.zh).toContain('(可信度低)');
      expect(s.en).toContain('(low confidence)');
    }
  });
});
