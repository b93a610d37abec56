// Runs the learned models on one tongue: the logistic models on the measurement vector and the
// texture network on the crop. Per feature, ensemble.json (training/tongue-features/
// choose_ensemble.py, chosen on internal validation photos) says whether the logistic model,
// the network or the mean of both is used.
import { readFileSync } from 'node:fs';
import { loadModel, MODEL_DIR, predict } from './model.js';
import type { Measures } from './measure.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import type { TongueCrop } from './prepare.js';
import { runTextureNet, TEXTURE_NET_META } from './texture-net.js';

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
  return [...LINEAR_MODELS.map((n) => loadModel(n).version), TEXTURE_NET_META.version];
}

type Source = 'lr' | 'net' | 'mean';
const ENSEMBLE = JSON.parse(readFileSync(`${MODEL_DIR}ensemble.json`, 'utf8')) as Record<
  'coating_colour' | 'body_colour' | 'cracks' | 'tooth_marks',
  { use: Source }
>;

function combine(source: Source, a: Probs, b: Probs): Probs {
  return source === 'lr' ? a : source === 'net' ? b : mean(a, b);
}

function mean(a: Probs, b: Probs): Probs {
  const out: Probs = {};
  for (const k of Object.keys(a)) out[k] = ((a[k] ?? 0) + (b[k] ?? 0)) / 2;
  return out;
}

/** none/light/severe from P(present) and P(severe | present). */
function graded(present: number, severe: number): Probs {
  return { none: 1 - present, light: present * (1 - severe), severe: present * severe };
}

function severeShare(p: Probs): number {
  return (p.severe ?? 0) / Math.max(1e-9, (p.light ?? 0) + (p.severe ?? 0));
}

export async function runLearned(v: Measures, crop: TongueCrop, al: Alloc = HEAP): Promise<LearnedFeatures> {
  const lr = (name: (typeof LINEAR_MODELS)[number]): Probs => predict(loadModel(name), v);
  const net = await runTextureNet(crop, al);
  const present = (p: Probs): Probs => ({ present: 1 - (p.none ?? 0) });
  const cracksPresent = combine(ENSEMBLE.cracks.use, lr('cracks'), present(net.cracks!)).present!;
  const teethPresent = combine(ENSEMBLE.tooth_marks.use, lr('tooth_marks'), present(net.teeth!)).present!;
  const cracksSevere = (lr('cracks_severity').severe! + severeShare(net.cracks!)) / 2;
  const teethSevere = (lr('tooth_marks_severity').severe! + severeShare(net.teeth!)) / 2;
  return {
    coating: combine(ENSEMBLE.coating_colour.use, lr('coating_colour'), net.coating!),
    body: combine(ENSEMBLE.body_colour.use, lr('body_colour'), net.body!),
    cracks: graded(cracksPresent, cracksSevere),
    teeth: graded(teethPresent, teethSevere),
    thickness: mean(lr('coating_thickness'), net.thickness!),
    greasy: mean(lr('greasy'), net.greasy!),
  };
}
