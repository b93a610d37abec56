import type { Finding, FaceResult, PulseResult, RecordResults, VoiceResult } from '@tcm/contract';

/**
 * Maps engine results onto the synthesis findings vocabulary (docs/synthesis.md). Confidence
 * comes from the engine where it gives one (tongue label probabilities); unreliable face
 * readings count half.
 */
type Loose = Record<string, unknown>;
const isObj = (x: unknown): x is Loose => !!x && typeof x === 'object' && !Array.isArray(x);

const TONGUE_KEYS = ['bodyColor', 'coatingColor', 'coatingThickness', 'moisture', 'cracks', 'toothMarks', 'shape'];

export function tongueFindings(result: unknown): Finding[] {
  const features = isObj(result) && isObj(result.features) ? result.features : undefined;
  if (!features) return [];
  const out: Finding[] = [];
  const read = (name: string) => {
    const f = features[name];
    if (!isObj(f) || typeof f.label !== 'string') return undefined;
    const p = isObj(f.probabilities) ? f.probabilities[f.label] : undefined;
    const confidence = typeof p === 'number' && p >= 0 && p <= 1 ? p : 1;
    return { label: f.label, confidence };
  };
  for (const key of TONGUE_KEYS) {
    const f = read(key);
    if (f) out.push({ modality: 'tongue', key: `tongue.${key}`, value: f.label, confidence: f.confidence });
  }
  const greasy = read('greasy');
  if (greasy)
    out.push({
      modality: 'tongue',
      key: 'tongue.greasy',
      value: greasy.label === 'greasy',
      confidence: greasy.confidence,
    });
  const peeled = read('peeled');
  if (peeled)
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
  const of = (engine: 'tongue' | 'face' | 'pulse' | 'voice') => {
    const o = results[engine];
    return o?.status === 'done' ? o.result : undefined;
  };
  const tongue = of('tongue');
  const face = of('face') as FaceResult | undefined;
  const pulse = of('pulse') as PulseResult | undefined;
  const voice = of('voice') as VoiceResult | undefined;
  return [
    ...(tongue ? tongueFindings(tongue) : []),
    ...(face ? faceFindings(face) : []),
    ...(pulse ? pulseFindings(pulse) : []),
    ...(voice ? voiceFindings(voice) : []),
  ];
}
