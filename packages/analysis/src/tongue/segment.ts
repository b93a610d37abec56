// Tongue segmentation with the trained compact U-Net of models/tongue-seg (ONNX Runtime, CPU).
// The photo is resized to the network's square input (aspect not kept, as in training) and the
// logits come back at 256 x 256; mask.ts upsamples them bilinearly to the working image.
import { HEAP, type Alloc } from '../common/scratch.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createOnnxSession, ort } from '../common/onnx.js';
import { TONGUE_ERRORS } from '@tcm/contract';
import { EngineError } from '../common/index.js';
import type { RgbImage } from './decode.js';

// TONGUE_SEG_DIR points the engine at another exported model (a training candidate under
// evaluation: `TONGUE_SEG_DIR=training/.cache/candidate npm run -s eval:tongue-seg ...`).
const MODEL_DIR = process.env.TONGUE_SEG_DIR
  ? pathToFileURL(`${resolve(process.env.TONGUE_SEG_DIR)}/`)
  : new URL('../../../../models/tongue-seg/', import.meta.url);

interface ModelMeta {
  version: string;
  input: number;
}

function readMeta(): ModelMeta {
  try {
    return JSON.parse(readFileSync(new URL('model.json', MODEL_DIR), 'utf8')) as ModelMeta;
  } catch {
    return { version: 'tongue-seg-missing', input: 256 };
  }
}
const META = readMeta();

/** Version of the segmentation model in models/tongue-seg (see its MODEL_CARD.md). */
export const TONGUE_MODEL_VERSION = META.version;
export const SEG_INPUT = META.input;
export const MODEL_PATH = new URL('tongue-seg.onnx', MODEL_DIR).pathname;

let session: Promise<ort.InferenceSession> | undefined;

/** The ONNX session, created once per process. One intra-op thread: the engine is budgeted per core. */
export function getSegmenter(): Promise<ort.InferenceSession> {
  session ??= createOnnxSession(MODEL_PATH, {
    intraOpNumThreads: Number(process.env.TONGUE_SEG_THREADS ?? 1),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // No busy-waiting threads after a run: their spinning would cost CPU the next steps need.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  }).catch((e: unknown) => {
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
  const net = await getSegmenter();
  const S = SEG_INPUT;
  const small = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(S, S, { fit: 'fill' })
    .raw()
    .toBuffer();
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
