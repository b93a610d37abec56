// The tongue result of one decoded photo: segmentation, quality, features and the outline in the
// photo's own pixels. No file, codec or Node API here: the server (analyze.ts, after sharp's
// decode) and the visitor's browser (apps/web on-device worker, after createImageBitmap) run this
// same code, so both give the same answer for the same pixels (docs/tongue.md "On the visitor's device").
import type { TongueResult } from '@tcm/contract';
import { withScratch, type Alloc } from '../common/scratch.js';
import type { RgbImage } from './decode.js';
import { extractTongueFeatures, TONGUE_FEATURES_VERSION } from './features/index.js';
import { locateTongue, type TongueRegion } from './locate.js';
import { measureQuality, maskBox } from './measures.js';
import { assessQuality, checkTonguePresent } from './quality.js';
import { TONGUE_MODEL_VERSION } from './segment.js';

export const TONGUE_ENGINE_VERSION = 'tongue-1.0.0';
export { TONGUE_MODEL_VERSION };
export type { RgbImage };

/** The steps, in order, for a progress display. */
export type TongueStep = 'segment' | 'quality' | 'features';

export interface TongueRun {
  result: TongueResult;
  /** The tongue on the working image (for the mask and overlay pictures). */
  region: TongueRegion;
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * Analyses the upright working image (`work`, at most 1024 px) of a photo whose size as uploaded
 * (after EXIF rotation) is `original`; throws EngineError for no tongue or several.
 */
export async function analyzeWorkImage(
  work: RgbImage,
  original: { width: number; height: number },
  al?: Alloc,
  onStep?: (step: TongueStep) => void,
): Promise<TongueRun> {
  if (!al) return withScratch((own) => analyzeWorkImage(work, original, own, onStep));
  onStep?.('segment');
  const region = await locateTongue(work, al);
  onStep?.('quality');
  const measures = measureQuality(work, region.mask, region.secondRatio, al);
  checkTonguePresent(measures);
  const quality = assessQuality(measures);
  onStep?.('features');
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
  return { result, region };
}
