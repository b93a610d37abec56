// The small convolutional networks that read the tongue, run with onnxruntime on one thread: the
// texture network (training/tongue-features/train_cnn.py: colours, cracks, tooth marks, coating
// type) and the marks network (train_marks.py: cracks and tooth marks only, deeper, it learnt the
// thin dark lines the texture network missed) take the same 4 x 256 x 256 crop (RGB + mask,
// networkInput), built once per photo; the sides network (train_sides.py: tooth marks) takes the
// tongue's two edges straightened (side-strips.ts).
import { readFileSync } from 'node:fs';
import type { InferenceSession } from 'onnxruntime-node';
import { MODEL_DIR } from './model.js';
import { HEAP, type Alloc } from '../../common/scratch.js';
import { networkInput, type TongueCrop } from './prepare.js';

interface NetMeta {
  version: string;
  input: [number, number, number];
  heads: Record<string, string[]>;
}

/** Probabilities by head and label. */
export type HeadProbs = Record<string, Record<string, number>>;

/** byte / 255 as float32, looked up instead of divided for the 262 144 input values. */
const UNIT = Float32Array.from({ length: 256 }, (_, v) => v / 255);

/** One network file pair in models/tongue-features: <name>.onnx and <name>.json. */
export class CropNet {
  readonly meta: NetMeta;
  private session: Promise<InferenceSession> | null = null;

  constructor(private readonly name: string) {
    this.meta = JSON.parse(readFileSync(`${MODEL_DIR}${name}.json`, 'utf8')) as NetMeta;
  }

  private getSession(): Promise<InferenceSession> {
    if (!this.session) {
      // Imported on first use so that importing the features costs nothing until a photo comes.
      const created = import('onnxruntime-node').then((ort) =>
        ort.InferenceSession.create(`${MODEL_DIR}${this.name}.onnx`, {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          graphOptimizationLevel: 'all',
        }),
      );
      created.catch(() => (this.session = null));
      this.session = created;
    }
    return this.session;
  }

  /** Runs the network on its input (cropNetInput, or unitFloats(sideStrips(...)) for the sides network). */
  async run(input: Float32Array): Promise<HeadProbs> {
    const ort = await import('onnxruntime-node');
    const s = await this.getSession();
    const out = await s.run({ input: new ort.Tensor('float32', input, [1, ...this.meta.input]) });
    const probs = out.probs!.data as Float32Array;
    const result: HeadProbs = {};
    let k = 0;
    for (const [head, labels] of Object.entries(this.meta.heads)) {
      result[head] = {};
      for (const l of labels) result[head][l] = probs[k++]!;
    }
    return result;
  }
}

export const TEXTURE_NET = new CropNet('texture-net');
export const MARKS_NET = new CropNet('marks-net');
/** Reads the straightened sides (side-strips.ts), not the crop; tooth marks only. */
export const SIDES_NET = new CropNet('sides-net');

/** The networks' input for one tongue crop: networkInput's bytes as float32 in 0–1. */
export function cropNetInput(crop: TongueCrop, al: Alloc = HEAP): Float32Array {
  return unitFloats(networkInput(crop, al), al);
}

/** 8-bit planes (as dump-tensors.ts writes them) as float32 in 0–1. */
export function unitFloats(bytes: Uint8Array, al: Alloc = HEAP): Float32Array {
  const x = al.f32(bytes.length);
  for (let i = 0; i < bytes.length; i++) x[i] = UNIT[bytes[i]!]!;
  return x;
}
