import {
  doneResults,
  type FaceResult,
  type Finding,
  type PulseResult,
  type RecordResults,
  type TongueResult,
  type VoiceResult,
  TONGUE_FEATURES,
  tongueFeaturesSchema,
} from '@tcm/contract';
import { VOCABULARY } from '../synthesis/knowledge-base.js';

/**
 * Maps engine results onto the synthesis findings vocabulary (docs/synthesis.md). Confidence
 * comes from the engine where it gives one (tongue label probabilities); unreliable face
 * readings count half.
 */

/** A feature's label and the probability the engine gave it (1 when it gave none in 0..1). */
function labelled<L extends string>(f: { label: L; probabilities: Partial<Record<L, number>> }) {
  const p = f.probabilities[f.label];
  return { label: f.label, confidence: typeof p === 'number' && p >= 0 && p <= 1 ? p : 1 };
}

/**
 * The tongue findings: one per feature of the contract's list (`TONGUE_FEATURES`, issue 38: one
 * list) that the knowledge base has a sign on (`spots` has none, so it is no finding). A feature
 * the knowledge base reads as yes/no (greasy, peeled) is "yes" unless its label is the first of
 * its labels, which the tongue schema keeps for the absence (`not_greasy`, `none`); the others
 * are their label as it is.
 */
export function tongueFindings(r: TongueResult): Finding[] {
  return TONGUE_FEATURES.flatMap((feature): Finding[] => {
    const key = `tongue.${feature}`;
    const entry = VOCABULARY[key];
    if (!entry?.values) return [];
    const f = labelled<string>(r.features[feature]);
    const yesNo = Object.hasOwn(entry.values, 'true');
    const value = yesNo ? f.label !== tongueFeaturesSchema.shape[feature].shape.label.options[0] : f.label;
    return [{ modality: 'tongue', key, value, confidence: f.confidence }];
  });
}

export function faceFindings(r: FaceResult): Finding[] {
  return [
    {
      modality: 'face',
      key: 'face.complexion',
      value: r.complexion.class,
      confidence: r.complexion.reliable ? 1 : 0.5,
    },
    { modality: 'face', key: 'face.lipColor', value: r.lips.class, confidence: r.lips.reliable ? 1 : 0.5 },
    { modality: 'face', key: 'face.gloss', value: r.gloss.class, confidence: 1 },
  ];
}

export function pulseFindings(r: PulseResult): Finding[] {
  const q = Math.max(0.3, Math.min(1, r.quality.index));
  return r.classes.map((c) => ({
    modality: 'pulse' as const,
    key: `pulse.${c.group === 'rate' ? 'rateClass' : c.group}`,
    value: c.code,
    confidence: q,
  }));
}

export function voiceFindings(r: VoiceResult): Finding[] {
  const q = Math.max(0.3, Math.min(1, r.quality.index));
  return r.readings.map((x) => ({ modality: 'voice' as const, key: 'voice.reading', value: x.code, confidence: q }));
}

/**
 * The findings the synthesis took from a record's stored capture outcomes (done ones), in the
 * pipeline's order: what re-running the synthesis alone needs (rescope-trends.ts).
 */
export function storedFindings(results: RecordResults): Finding[] {
  const { tongue, face, pulse, voice } = doneResults(results);
  return [
    ...(tongue ? tongueFindings(tongue) : []),
    ...(face ? faceFindings(face) : []),
    ...(pulse ? pulseFindings(pulse) : []),
    ...(voice ? voiceFindings(voice) : []),
  ];
}
