// Runs the learned models on one tongue: the logistic models on the measurement vector and the
// crop networks (crop-nets.ts). Per feature, ensemble.json (training/tongue-features/
// choose_ensemble.py, chosen on internal validation photos) lists the sources whose
// probabilities are averaged: 'lr' (logistic model), 'net' (texture network), 'marks' (marks
// network, cracks and tooth marks only), 'sides' (sides network, tooth marks only).
import { loadModel, predict } from './model.js';
import { modelJson } from '../platform.js';
import type { Measures } from './measure.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import { MARKS_NET, mirrored, SIDES_NET, TEXTURE_NET } from './crop-nets.js';
import { networkInput, type TongueCrop } from './prepare.js';
import { sideStrips } from './side-strips.js';
import type { PixelMaps } from './pixels.js';

export type Probs = Record<string, number>;

export interface LearnedFeatures {
  coating: Probs;
  body: Probs;
  /** P(none), P(light), P(severe). */
  cracks: Probs;
  teeth: Probs;
  thickness: Probs;
  greasy: Probs;
}

export const LINEAR_MODELS = [
  'coating_colour',
  'body_colour',
  'cracks',
  'cracks_severity',
  'tooth_marks',
  'tooth_marks_severity',
  'coating_thickness',
  'greasy',
] as const;

/** Versions of every learned model, for TONGUE_FEATURES_VERSION. */
export function learnedVersions(): string[] {
  return [
    ...LINEAR_MODELS.map((n) => loadModel(n).version),
    TEXTURE_NET.meta.version,
    MARKS_NET.meta.version,
    SIDES_NET.meta.version,
  ];
}

type Source = 'lr' | 'net' | 'marks' | 'sides';
type Chosen = 'coating_colour' | 'body_colour' | 'cracks' | 'tooth_marks' | 'cracks_severity' | 'tooth_marks_severity';
const ENSEMBLE = modelJson<
  Record<Chosen, { use: Source[] }> & {
    /** Networks whose probabilities are averaged with those of the mirror image (chosen on validation photos). */
    mirror: Record<'net' | 'marks' | 'sides', boolean>;
  }
>('tongue-features', 'ensemble.json');

/** Label-wise mean of probability sets (the labels of the first). */
function average(sets: Probs[]): Probs {
  const out: Probs = {};
  for (const k of Object.keys(sets[0]!)) out[k] = sets.reduce((sum, p) => sum + (p[k] ?? 0), 0) / sets.length;
  return out;
}

/** The mean of the sources that ensemble.json chose for the feature (among those given). */
function combine(feature: Chosen, sources: Partial<Record<Source, Probs>>): Probs {
  return average(ENSEMBLE[feature].use.flatMap((s): Probs[] => (sources[s] ? [sources[s]] : [])));
}

/** none/light/severe from P(present) and P(severe | present). */
function graded(present: number, severe: number): Probs {
  return { none: 1 - present, light: present * (1 - severe), severe: present * severe };
}

function severeShare(p: Probs): number {
  return (p.severe ?? 0) / Math.max(1e-9, (p.light ?? 0) + (p.severe ?? 0));
}

const present = (p: Probs): Probs => ({ present: 1 - (p.none ?? 0) });
const severe = (p: Probs): Probs => ({ severe: severeShare(p) });

/**
 * `colour`: the colour measurements the colour models read (of the light-normalised crop when
 * they were trained on it); `netCrop`: the crop the texture network reads (likewise, when its JSON
 * says `normalization: 'band'`).
 */
export async function runLearned(
  v: Measures,
  crop: TongueCrop,
  maps: PixelMaps,
  al: Alloc = HEAP,
  colour: Measures = v,
  netCrop: TongueCrop = crop,
): Promise<LearnedFeatures> {
  const lr = (name: (typeof LINEAR_MODELS)[number]): Probs => predict(loadModel(name), v);
  const input = networkInput(crop, al);
  const netInput = netCrop === crop ? input : networkInput(netCrop, al);
  // A mirror image is made once per input and read by every network that ensemble.json mirrors.
  const mirrors = new Map<Uint8Array, Uint8Array>();
  const mirrorOf = (x: Uint8Array, on: boolean): Uint8Array | undefined => {
    if (!on) return undefined;
    if (!mirrors.has(x)) mirrors.set(x, mirrored(x, MARKS_NET.meta.input, al));
    return mirrors.get(x);
  };
  const net = await TEXTURE_NET.run(netInput, mirrorOf(netInput, ENSEMBLE.mirror.net));
  const marks = await MARKS_NET.run(input, mirrorOf(input, ENSEMBLE.mirror.marks));
  const strips = sideStrips(crop, maps, al);
  const sides = await SIDES_NET.run(
    strips,
    ENSEMBLE.mirror.sides ? mirrored(strips, SIDES_NET.meta.input, al) : undefined,
  );
  const mark = (feature: 'cracks' | 'tooth_marks', head: 'cracks' | 'teeth'): Probs => {
    const side = head === 'teeth' ? sides.teeth! : undefined;
    const p = combine(feature, {
      lr: lr(feature),
      net: present(net[head]!),
      marks: present(marks[head]!),
      sides: side && present(side),
    });
    const s = combine(`${feature}_severity`, {
      lr: lr(`${feature}_severity`),
      net: severe(net[head]!),
      marks: severe(marks[head]!),
      sides: side && severe(side),
    });
    return graded(p.present!, s.severe!);
  };
  return {
    coating: combine('coating_colour', { lr: predict(loadModel('coating_colour'), colour), net: net.coating! }),
    body: combine('body_colour', { lr: predict(loadModel('body_colour'), colour), net: net.body! }),
    cracks: mark('cracks', 'cracks'),
    teeth: mark('tooth_marks', 'teeth'),
    thickness: average([lr('coating_thickness'), net.thickness!]),
    greasy: average([lr('greasy'), net.greasy!]),
  };
}
