// What the tongue engine needs from the machine it runs on: its model files (JSON read at import,
// ONNX sessions made on first use), ONNX Runtime's Tensor, and one resize of RGB pixels. This is
// the Node host (files under models/, onnxruntime-node, sharp). The browser build of apps/web puts
// apps/web/src/areas/site/detection/on-device/tongue-platform.ts in this file's place (vite.config.ts,
// `tongueOnDevice`), with the same exports, so every other step of the engine (locate, measures,
// quality, features, the result) is the very same code on the server and in the browser
// (docs/tongue.md "On the visitor's device").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { InferenceSession } from '../common/onnx.js';
import type { RgbImage } from '../face/decode.js';

/** ONNX Runtime's API (onnxruntime-node here, onnxruntime-web in the browser). */
export type Ort = (typeof import('../common/onnx.js'))['ort'];

/** A network ready to run, with the runtime that makes its input tensors. */
export interface ModelNet {
  ort: Ort;
  session: InferenceSession;
}

export type ModelFolder = 'tongue-seg' | 'tongue-features';

// TONGUE_SEG_DIR points the engine at another exported segmentation model (a training candidate
// under evaluation: `TONGUE_SEG_DIR=training/.cache/candidate npm run -s eval:tongue-seg ...`),
// TONGUE_FEATURES_DIR at another full set of feature models (`TONGUE_FEATURES_DIR=
// $PWD/training/tongue-features/cache/cand-band npm run -s eval:tongue-robust ...`; npm -w runs in the
// package folder, so give an absolute path).
const folder = (env: string | undefined, shipped: string): string =>
  fileURLToPath(env ? pathToFileURL(`${resolve(env)}/`) : new URL(`../../../../models/${shipped}/`, import.meta.url));
const FOLDERS: Record<ModelFolder, string> = {
  'tongue-seg': folder(process.env.TONGUE_SEG_DIR, 'tongue-seg'),
  'tongue-features': folder(process.env.TONGUE_FEATURES_DIR, 'tongue-features'),
};

/** Path of a model file on this machine (benchmarks print its size). */
export function modelPath(folder: ModelFolder, file: string): string {
  return `${FOLDERS[folder]}${file}`;
}

/** A JSON file of a model folder, parsed (synchronously: the engine reads them at import). */
export function modelJson<T>(folder: ModelFolder, file: string): T {
  return JSON.parse(readFileSync(modelPath(folder, file), 'utf8')) as T;
}

/** How each network runs: the segmenter's threads can be set (TONGUE_SEG_THREADS), its workers never spin. */
function sessionOptions(folder: ModelFolder): InferenceSession.SessionOptions {
  if (folder === 'tongue-features')
    return { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
  return {
    intraOpNumThreads: Number(process.env.TONGUE_SEG_THREADS ?? 1),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // No busy-waiting threads after a run: their spinning would cost CPU the next steps need.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}

/**
 * An ONNX session for a model file (one intra-op thread: the engine is budgeted per core).
 * onnxruntime is imported on first use: importing the engine costs nothing until a photo comes.
 */
export async function modelSession(folder: ModelFolder, file: string): Promise<ModelNet> {
  const { ort, createOnnxSession } = await import('../common/onnx.js');
  return { ort, session: await createOnnxSession(modelPath(folder, file), sessionOptions(folder)) };
}

/** The photo resized to width x height, aspect not kept (the segmenter's square input). */
export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<Uint8Array> {
  const out = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
