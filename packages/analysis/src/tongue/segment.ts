// Tongue segmentation with the trained compact U-Net of models/tongue-seg (ONNX Runtime, CPU).
// The photo is resized to the network's square input (aspect not kept, as in training) and the
// logits come back at 256 x 256; mask.ts upsamples them bilinearly to the working image.
import { HEAP, type Alloc } from '../common/scratch.js';
import { TONGUE_ERRORS } from '@tcm/contract';
import { EngineError } from '../common/engine-error.js';
import type { RgbImage } from './decode.js';
import { modelJson, modelPath, modelSession, resizeRgb, type ModelNet } from './platform.js';

interface ModelMeta {
  version: string;
  input: number;
}

function readMeta(): ModelMeta {
  try {
    return modelJson<ModelMeta>('tongue-seg', 'model.json');
  } catch {
    return { version: 'tongue-seg-missing', input: 256 };
  }
}
const META = readMeta();

/** Version of the segmentation model in models/tongue-seg (see its MODEL_CARD.md). */
export const TONGUE_MODEL_VERSION = META.version;
export const SEG_INPUT = META.input;
export const MODEL_PATH = modelPath('tongue-seg', 'tongue-seg.onnx');

let session: Promise<ModelNet> | undefined;

/** The ONNX session, created once per process (platform.ts sets its threads). */
export function getSegmenter(): Promise<ModelNet> {
  session ??= modelSession('tongue-seg', 'tongue-seg.onnx').catch((e: unknown) => {
    session = undefined;
    throw new EngineError(TONGUE_ERRORS.TONGUE_MODEL_UNAVAILABLE, { cause: String((e as Error)?.message ?? e) });
  });
  return session;
}

/**
 * Gain for the network's input only (quality and features see the photo as it is): a photo so
 * dark that its 95th percentile of max(R, G, B) is under DARK_P95 is brightened towards it (at
 * most x4), so that an underexposed tongue is still found and reported as too dark rather than
 * missing. The dataset photos have this percentile at 200-255 and are left alone.
 */
const DARK_P95 = 160;
export function exposureGain(rgb: Uint8Array): number {
  const hist = new Int32Array(256);
  for (let i = 0; i < rgb.length; i += 3) hist[Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)]!++;
  const n = rgb.length / 3;
  let seen = 0;
  let p95 = 255;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= 0.95 * n) {
      p95 = v;
      break;
    }
  }
  return p95 >= DARK_P95 ? 1 : Math.min(4, DARK_P95 / Math.max(p95, 1));
}

/** Logits of the tongue class on the SEG_INPUT x SEG_INPUT grid (row-major). */
export async function segmentLogits(image: RgbImage, al: Alloc = HEAP): Promise<Float32Array> {
  const { ort, session: net } = await getSegmenter();
  const S = SEG_INPUT;
  const small = await resizeRgb(image, S, S);
  const plane = S * S;
  const gain = exposureGain(small);
  const input = al.f32(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = Math.min(1, (small[3 * i]! * gain) / 255);
    input[plane + i] = Math.min(1, (small[3 * i + 1]! * gain) / 255);
    input[2 * plane + i] = Math.min(1, (small[3 * i + 2]! * gain) / 255);
  }
  const feeds = { [net.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, S, S]) };
  const out = await net.run(feeds);
  return out[net.outputNames[0]!]!.data as Float32Array;
}
