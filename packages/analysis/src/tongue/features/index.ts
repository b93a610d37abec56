// Tongue features (issue 9, item 3) measured on the tongue mask of one photo.
import type { TongueFeatures } from '@tcm/contract';
import { withScratch, type Alloc } from '../../common/scratch.js';
import { prepareCrop, type TongueImage } from './prepare.js';
import { measure, measureColor } from './measure.js';
import { lightGains, normalizedCrop } from './color-norm.js';
import { decide } from './decide.js';
import { learnedVersions, runLearned } from './learned.js';
import { loadModel } from './model.js';
import { TEXTURE_NET } from './crop-nets.js';

/** Version of the feature code and of the learned models it runs (models/tongue-features). */
export const TONGUE_FEATURES_VERSION = `tongue-features-1.3.0 (${learnedVersions().join(', ')})`;

/** Whether the body and coating colour models read light-normalised measurements (both do, or neither). */
const COLOR_NORMALIZED = loadModel('body_colour').normalization === 'band';
/** Whether the texture network (colours, coating type) reads the light-normalised crop. */
const NET_NORMALIZED = TEXTURE_NET.meta.normalization === 'band';

/** Fewest tongue pixels the features are measured on. */
export const MIN_TONGUE_PIXELS = 400;

/**
 * Every tongue feature of a photo. `image` is interleaved 8-bit RGB, `mask` one byte per pixel
 * (non-zero = tongue) of the same size; the tongue's tip is expected toward the bottom.
 */
export async function extractTongueFeatures(
  image: TongueImage,
  mask: Uint8Array,
  scratch?: Alloc,
): Promise<TongueFeatures> {
  if (image.data.length !== image.width * image.height * 3 || mask.length !== image.width * image.height) {
    throw new RangeError('extractTongueFeatures: image and mask sizes do not match');
  }
  // Stops counting at the minimum: a full count of a phone photo's mask costs about a millisecond.
  let n = 0;
  for (let i = 0; i < mask.length && n < MIN_TONGUE_PIXELS; i++) n += mask[i] !== 0 ? 1 : 0;
  if (n < MIN_TONGUE_PIXELS) throw new RangeError(`extractTongueFeatures: the mask has only ${n} tongue pixels`);
  // Every plane of the crop comes from one Scratch (the caller's, or one for this call);
  // decide() returns plain values, none of the planes.
  const run = async (al: Alloc) => {
    const crop = prepareCrop(image, mask, al)!;
    const m = measure(crop, al);
    // Colour models and a texture network trained on light-normalised crops (color-norm.ts) read
    // the crop brought to the training photos' light; every other feature reads the photo as it is.
    const normalized = COLOR_NORMALIZED || NET_NORMALIZED ? normalizedCrop(crop, lightGains(image), al) : crop;
    // When either colour source reads the normalised crop, so do the colour rules (red / crimson /
    // purple, grey-black) and the colour evidence: otherwise the light would still move the label.
    const colour = normalized === crop ? m.v : measureColor(normalized, al).v;
    const netCrop = NET_NORMALIZED ? normalized : crop;
    const learned = await runLearned(m.v, crop, m.maps, al, COLOR_NORMALIZED ? colour : m.v, netCrop);
    return decide(m, learned, colour);
  };
  return scratch ? run(scratch) : withScratch(run);
}

export { measure, measureColor, type Measures } from './measure.js';
export { prepareCrop, networkInput, WORK_SIDE, type TongueImage } from './prepare.js';
export { lightGains, normalizedCrop } from './color-norm.js';
