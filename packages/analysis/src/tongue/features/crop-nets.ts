// The small convolutional networks that read the tongue, run with onnxruntime on one thread: the
// texture network (training/tongue-features/train_cnn.py: colors, cracks, tooth marks, coating
// type) and the marks network (train_marks.py: cracks and tooth marks only, deeper, it learnt the
// thin dark lines the texture network missed) take the same 4 x 256 x 256 crop (RGB + mask,
// networkInput), built once per photo; the sides network (train_sides.py: tooth marks) takes the
// tongue's two edges straightened (side-strips.ts). The networks take those 8-bit planes as they
// are: the division by 255 is inside each ONNX graph (training/tongue-features/uint8_input.py).
import { modelJson, modelSession, type ModelNet } from '../platform.js';
import { HEAP, type Alloc } from '../../common/scratch.js';

interface NetMeta {
  version: string;
  input: [number, number, number];
  heads: Record<string, string[]>;
  /**
   * 'band': the network was trained on the light-normalised crop (color-norm.ts; train_cnn.py
   * NORM=band) and is fed that crop's input; absent: the crop as taken.
   */
  normalization?: 'band';
}

/** Probabilities by head and label. */
export type HeadProbs = Record<string, Record<string, number>>;

/** One network file pair in models/tongue-features: <name>.onnx and <name>.json. */
export class CropNet {
  readonly meta: NetMeta;
  private ready: Promise<ModelNet> | null = null;

  constructor(private readonly name: string) {
    this.meta = modelJson<NetMeta>('tongue-features', `${name}.json`);
  }

  /** The session, made on first use (importing the features costs nothing until a photo comes) and kept. */
  private load(): Promise<ModelNet> {
    if (!this.ready) {
      const made = modelSession('tongue-features', `${this.name}.onnx`);
      made.catch(() => (this.ready = null));
      this.ready = made;
    }
    return this.ready;
  }

  /**
   * Runs the network on its 8-bit input (networkInput, or sideStrips for the sides network).
   * Given `mirror` (the same input mirrored left-right, `mirrored()`), it runs on both and
   * averages the two sets of probabilities: the mirror image of a tongue is a tongue (every
   * network was trained with mirrored samples), and the mean of both views is steadier than
   * either (choose_ensemble.py decides per network on validation photos; ensemble.json records
   * it). Two runs of one image cost less CPU than one batch of two with onnxruntime here (3.5
   * against 4.4 ms for the texture and marks networks together).
   */
  async run(input: Uint8Array, mirror?: Uint8Array): Promise<HeadProbs> {
    const { ort, session } = await this.load();
    const shape = [1, ...this.meta.input];
    const outputs: Float32Array[] = [];
    for (const view of mirror ? [input, mirror] : [input]) {
      const out = await session.run({ input: new ort.Tensor('uint8', view, shape) });
      outputs.push(out.probs!.data as Float32Array);
    }
    const result: HeadProbs = {};
    let k = 0;
    for (const [head, labels] of Object.entries(this.meta.heads)) {
      result[head] = {};
      for (const l of labels) {
        result[head][l] = outputs.reduce((sum, p) => sum + p[k]!, 0) / outputs.length;
        k++;
      }
    }
    return result;
  }
}

/** The planes of `input` (channels x height x width) with every row reversed. */
export function mirrored(
  input: Uint8Array,
  [channels, height, width]: [number, number, number],
  al: Alloc = HEAP,
): Uint8Array {
  const size = channels * height * width;
  if (input.length !== size) throw new RangeError(`network input has ${input.length} bytes, expected ${size}`);
  const out = al.u8(size);
  out.set(input);
  for (let from = 0; from < size; from += width) out.subarray(from, from + width).reverse();
  return out;
}

export const TEXTURE_NET = new CropNet('texture-net');
export const MARKS_NET = new CropNet('marks-net');
/** Reads the straightened sides (side-strips.ts), not the crop; tooth marks only. */
export const SIDES_NET = new CropNet('sides-net');
