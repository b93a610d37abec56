import {
  doneResults,
  type FaceResult,
  type Finding,
  type PulseResult,
  type RecordResults,
  type TongueResult,
  type VoiceResult,
} from '@tcm/contract';

/**
 * Maps engine results onto the synthesis findings vocabulary (docs/synthesis.md). Confidence
 * comes from the engine where it gives one (tongue label probabilities); unreliable face
 * readings count half.
 */

/** The labelled tongue features that become findings as they are (greasy and peeled become yes/no). */
const TONGUE_KEYS = [
  'bodyColor',
  'coatingColor',
  'coatingThickness',
  'moisture',
  'cracks',
  'toothMarks',
  'shape',
] as const;

/** A feature's label and the probability the engine gave it (1 when it gave none in 0..1). */
function labelled<L extends string>(f: { label: L; probabilities: Partial<Record<L, number>> }) {
  const p = f.probabilities[f.label];
  return { label: f.label, confidence: typeof p === 'number' && p >= 0 && p <= 1 ? p : 1 };
}

export function tongueFindings(r: TongueResult): Finding[] {
  const features = r.features;
  const out: Finding[] = TONGUE_KEYS.map((key) => {
    const f = labelled(features[key]);
    return { modality: 'tongue', key: `tongue.${key}`, value: f.label, confidence: f.confidence };
  });
  const greasy = labelled(features.greasy);
  out.push({
    modality: 'tongue',
    key: 'tongue.greasy',
    value: greasy.label === 'greasy',
    confidence: greasy.confidence,
  });
  const peeled = labelled(features.peeled);
  out.push({
    modality: 'tongue',
    key: 'tongue.peeled',
    value: peeled.label !== 'none',
    confidence: peeled.confidence,
  });
  return out;
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
