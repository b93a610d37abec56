// Marks the scores the repeatability reference found unsteady (reference/face-reference.json,
// made by `npm run -s face:reference -w @tcm/analysis -- --write`): a score that one ordinary
// re-take moved by more than it differs between people is 'low' confidence.
import type { FaceResult } from '@tcm/contract';
import reference from './reference/face-reference.json' with { type: 'json' };

type Metrics = FaceResult['metrics'];
type Confidence = 'normal' | 'low';

const rows = reference.scores as Record<string, { lowConfidence: boolean } | undefined>;
const level = (score: string): Confidence => (rows[score]?.lowConfidence ? 'low' : 'normal');

/** The names of the scores the reference marks low confidence (skin tone's is 'skinTone'). */
export const LOW_CONFIDENCE_SCORES: readonly string[] = Object.entries(rows)
  .filter(([, r]) => r?.lowConfidence)
  .map(([k]) => (k === 'ita' ? 'skinTone' : k));

/** The metrics with each score's confidence from the reference. */
export function withConfidence(m: Metrics): Metrics {
  return {
    spots: { ...m.spots, confidence: level('spots') },
    wrinkles: { ...m.wrinkles, confidence: level('wrinkles') },
    texture: { ...m.texture, confidence: level('texture') },
    pores: { ...m.pores, confidence: level('pores') },
    redness: { ...m.redness, confidence: level('redness') },
    shine: { ...m.shine, confidence: level('shine') },
    darkCircles: { ...m.darkCircles, confidence: level('darkCircles') },
    skinTone: { ...m.skinTone, confidence: level('ita') },
  };
}
