// The browser host of the tongue engine: what packages/analysis/src/tongue/platform.ts is on the
// server, with the same exports. vite.config.ts (`tongueOnDevice`) puts this file in that one's
// place in the on-device worker, so the worker runs the engine's own segmentation, quality and
// feature code. The model files are the server's own (models/), bundled by Vite: the JSON files
// inline in the worker, the ONNX files and onnxruntime-web's WebAssembly as files of the build,
// served by our server, fetched when the first photo is analysed and kept by the browser's cache.
import * as ort from 'onnxruntime-web/wasm';
import { resizeRgbFill, type RgbImage } from './resize.js';

export type Ort = typeof ort;
export type InferenceSession = ort.InferenceSession;
export interface ModelNet {
  ort: Ort;
  session: InferenceSession;
}
export type ModelFolder = 'tongue-seg' | 'tongue-features';

const JSON_FILES = import.meta.glob<unknown>('../../../../../../../models/{tongue-seg,tongue-features}/*.json', {
  eager: true,
  import: 'default',
});
const ONNX_FILES = import.meta.glob<string>('../../../../../../../models/{tongue-seg,tongue-features}/*.onnx', {
  eager: true,
  query: '?url',
  import: 'default',
});

// One thread unless the page is cross-origin isolated (it is not: threads would need COOP/COEP
// on every page); the worker is already off the main thread, so no proxy worker either.
ort.env.wasm.numThreads = globalThis.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;
ort.env.wasm.proxy = false;

/** The key of a model file in the globs above. */
export function modelPath(folder: ModelFolder, file: string): string {
  return `../../../../../../../models/${folder}/${file}`;
}

export function modelJson<T>(folder: ModelFolder, file: string): T {
  const data = JSON_FILES[modelPath(folder, file)];
  if (data === undefined) throw new Error(`model file ${folder}/${file} is not in the build`);
  return data as T;
}

/** An ONNX session for a model file, on the WebAssembly backend. */
export async function modelSession(folder: ModelFolder, file: string): Promise<ModelNet> {
  const url = ONNX_FILES[modelPath(folder, file)];
  if (!url) throw new Error(`model file ${folder}/${file} is not in the build`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`model file ${folder}/${file}: HTTP ${res.status}`);
  const session = await ort.InferenceSession.create(new Uint8Array(await res.arrayBuffer()), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  });
  return { ort, session };
}

/** The photo resized to width x height, aspect not kept (sharp's resize on the server; resize.ts). */
export function resizeRgb(image: RgbImage, width: number, height: number): Promise<Uint8Array> {
  return Promise.resolve(resizeRgbFill(image, width, height));
}

/** Every ONNX file the worker fetches, for the bundle-size report and the service worker. */
export const MODEL_URLS: readonly string[] = Object.values(ONNX_FILES);
