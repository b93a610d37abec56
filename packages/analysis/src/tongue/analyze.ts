// The tongue engine: photo bytes -> decoded, checked and segmented tongue with its features
// (TongueResult), and on request the mask PNG and the overlay PNG.
import { withScratch, type Alloc } from '../common/scratch.js';
import type { TongueResult } from '@tcm/contract';
import { decodePhoto } from './decode.js';
import { extractTongueFeatures, TONGUE_FEATURES_VERSION } from './features/index.js';
import { locateTongue } from './locate.js';
import { measureQuality, maskBox } from './measures.js';
import { renderMaskPng, renderTongueOverlay } from './overlay.js';
import { assessQuality, checkTonguePresent } from './quality.js';
import { TONGUE_MODEL_VERSION } from './segment.js';

export const TONGUE_ENGINE_VERSION = 'tongue-1.0.0';
export { TONGUE_MODEL_VERSION };

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

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

/** Analyses one tongue photo (JPEG/PNG/BMP/WebP bytes); throws EngineError (31xxxxx) when it cannot. */
export function analyzeTongue(bytes: Uint8Array, options: AnalyzeTongueOptions = {}): Promise<TongueAnalysis> {
  return withScratch((al) => analyzeWith(bytes, options, al));
}

/** The analysis with its working planes from `al`: none of them is left in what it returns. */
async function analyzeWith(bytes: Uint8Array, options: AnalyzeTongueOptions, al: Alloc): Promise<TongueAnalysis> {
  const photo = await decodePhoto(bytes);
  const { work, original } = photo;
  const region = await locateTongue(work, al);
  const measures = measureQuality(work, region.mask, region.secondRatio, al);
  checkTonguePresent(measures);
  const quality = assessQuality(measures);
  const features = await extractTongueFeatures(work, region.mask, al);

  // Geometry back to the photo's own pixels (as uploaded, after EXIF rotation).
  const sx = original.width / work.width;
  const sy = original.height / work.height;
  const box = maskBox(region.mask, work.width, work.height);
  const notes: TongueResult['notes'] = [
    {
      zh: '基于单张照片的辅助参考，不作为诊断；舌色受光线和相机影响。',
      en: 'Decision support from one photo, not a diagnosis; colors depend on the light and the camera.',
    },
  ];
  if (!quality.ok)
    notes.push({
      zh: '照片存在质量问题（见上方提示），读数可能受影响，建议重拍。',
      en: 'See quality.issues: the readings may be affected; a retake is advised.',
    });
  const result: TongueResult = {
    version: { engine: TONGUE_ENGINE_VERSION, model: TONGUE_MODEL_VERSION, features: TONGUE_FEATURES_VERSION },
    quality,
    mask: {
      width: original.width,
      height: original.height,
      box: [round(box.x * sx), round(box.y * sy), round(box.w * sx), round(box.h * sy)],
      areaFraction: round(measures.areaFraction, 4),
      polygon: region.polygon.map(([x, y]) => [round((x + 0.5) * sx), round((y + 0.5) * sy)]),
    },
    features,
    notes,
  };
  const analysis: TongueAnalysis = { result };
  if (options.mask)
    analysis.maskPng = await renderMaskPng(region.mask, work.width, work.height, original.width, original.height);
  if (options.overlay) analysis.overlayPng = await renderTongueOverlay(work, region.polygon);
  return analysis;
}
