// The tongue engine: photo bytes -> decoded, checked and segmented tongue with its features
// (TongueResult), and on request the mask PNG and the overlay PNG.
import type { TongueResult } from '@tcm/contract';
import { withScratch, type Alloc } from '../common/scratch.js';
import { decodePhoto } from './decode.js';
import { renderMaskPng, renderTongueOverlay } from './overlay.js';
import { analyzeWorkImage, TONGUE_ENGINE_VERSION, TONGUE_MODEL_VERSION } from './result.js';

export { TONGUE_ENGINE_VERSION, TONGUE_MODEL_VERSION };

export interface AnalyzeTongueOptions {
  /** Also return the mask PNG: white tongue on black, the photo's size. */
  mask?: boolean;
  /** Also return the overlay PNG: the photo with the tongue outline. */
  overlay?: boolean;
}

export interface TongueAnalysis {
  result: TongueResult;
  maskPng?: Uint8Array;
  overlayPng?: Uint8Array;
}

/** Analyses one tongue photo (JPEG/PNG/BMP/WebP bytes); throws EngineError (31xxxxx) when it cannot. */
export function analyzeTongue(bytes: Uint8Array, options: AnalyzeTongueOptions = {}): Promise<TongueAnalysis> {
  return withScratch((al) => analyzeWith(bytes, options, al));
}

/** The analysis with its working planes from `al`: none of them is left in what it returns. */
async function analyzeWith(bytes: Uint8Array, options: AnalyzeTongueOptions, al: Alloc): Promise<TongueAnalysis> {
  const { work, original } = await decodePhoto(bytes);
  const { result, region } = await analyzeWorkImage(work, original, al);
  const analysis: TongueAnalysis = { result };
  if (options.mask)
    analysis.maskPng = await renderMaskPng(region.mask, work.width, work.height, original.width, original.height);
  if (options.overlay) analysis.overlayPng = await renderTongueOverlay(work, region.polygon);
  return analysis;
}
