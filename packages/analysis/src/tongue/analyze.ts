// The tongue engine: photo bytes -> decoded, checked and segmented tongue with its features
// (TongueResult), and on request the mask PNG and the overlay PNG.
import { TONGUE_ERRORS, type TongueResult } from '@tcm/contract';
import { EngineError } from '../common/index.js';

export const TONGUE_ENGINE_VERSION = 'tongue-1.0.0';
/** Version of the segmentation model in models/tongue-seg (see its MODEL_CARD.md). */
export const TONGUE_MODEL_VERSION = 'tongue-seg-0.0.0';

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
export async function analyzeTongue(bytes: Uint8Array, options: AnalyzeTongueOptions = {}): Promise<TongueAnalysis> {
  // Interface commit: the pipeline (decode, quality, segmentation, features) lands in the next
  // commits on branch `tongue`; until then the engine honestly reports that it cannot run.
  void bytes;
  void options;
  throw new EngineError(TONGUE_ERRORS.TONGUE_MODEL_UNAVAILABLE);
}
