// Degraded and composed test photos made at test time from real ones (never committed): a
// tongue photo shrunk into a face photo around the mouth (phone-like wide framing, feathered so
// there is no seam), two tongues side by side, a tongue tiny in a large frame, BMP encoding.
import sharp from 'sharp';
import { encodeBmp } from '../common/index.js';
import { sideBySideJpeg } from '../common/test-side-by-side.js';
import { FACE_DATA, imagePath, maskPath } from './test-data.js';

/** Mouth center and face width (pixels of the 1200 px photo) of the held-out face photo. */
export const HELD_OUT_FACE = { file: '04-man.jpg', mouth: [412, 655] as const, faceWidth: 390 };
export const facePath = (file: string): string => new URL(file, FACE_DATA).pathname;

export interface Composite {
  jpeg: Buffer;
  /** Where the pasted tongue is (1 = tongue), the composite's size. */
  truth: Uint8Array;
  /**
   * 1 where none of the tongue photo is pasted (alpha < 5 %): the face photo itself. False tongue
   * elsewhere lies on the pasted photo's own lips and teeth.
   */
  face: Uint8Array;
  width: number;
  height: number;
}

/**
 * The tongue photo `id`, scaled to `share` of the face width, pasted below the mouth of the
 * held-out face photo with a feathered edge (its own lips and teeth fade into the face's chin
 * and cheeks), then cropped to a phone-like frame around the mouth.
 */
export async function tongueInFace(id: string, share = 0.6, frame = 2.2): Promise<Composite> {
  const { mouth, faceWidth } = HELD_OUT_FACE;
  const meta = await sharp(imagePath(id)).metadata();
  const tw = Math.round(faceWidth * share);
  const th = Math.round((tw * meta.height) / meta.width);
  const photo = await sharp(imagePath(id)).resize(tw, th).raw().toBuffer();
  const tmask = await sharp(maskPath(id)).resize(tw, th).greyscale().raw().toBuffer();
  // Alpha: the tongue grown by ~5 % of its width (a blur then a low threshold), feathered, and
  // faded to nothing at the crop's border.
  const r = Math.max(2, Math.round(0.05 * tw));
  const grown = await sharp(tmask, { raw: { width: tw, height: th, channels: 1 } })
    .blur(r)
    .threshold(20)
    .blur(r / 2 + 0.5)
    .raw()
    .toBuffer();
  const alpha = Buffer.alloc(tw * th);
  const edge = Math.max(2, 0.08 * Math.min(tw, th));
  for (let y = 0; y < th; y++)
    for (let x = 0; x < tw; x++) {
      const d = Math.min(x + 0.5, tw - 0.5 - x, y + 0.5, th - 0.5 - y) / edge;
      alpha[y * tw + x] = Math.round(Math.max(grown[y * tw + x]!, tmask[y * tw + x]! > 127 ? 255 : 0) * Math.min(1, d));
    }
  const rgba = await sharp(photo, { raw: { width: tw, height: th, channels: 3 } })
    .joinChannel(alpha, { raw: { width: tw, height: th, channels: 1 } })
    .png()
    .toBuffer();
  const left = Math.round(mouth[0] - tw / 2);
  const top = Math.round(mouth[1] - 0.15 * th);
  // Phone-like frame: `frame` pasted-photo widths wide, 3:4 portrait, around the pasted tongue.
  const fw = Math.round(tw * frame);
  const fh = Math.round((fw * 4) / 3);
  const fx = Math.round(mouth[0] - fw / 2);
  const fy = Math.round(top + th / 2 - fh / 2);
  // Two steps: within one sharp pipeline `extract` would run before `composite`.
  const composed = await sharp(facePath(HELD_OUT_FACE.file))
    .composite([{ input: rgba, left, top }])
    .png()
    .toBuffer();
  const jpeg = await sharp(composed)
    .extract({ left: fx, top: fy, width: fw, height: fh })
    .jpeg({ quality: 92 })
    .toBuffer();
  const truth = new Uint8Array(fw * fh);
  const face = new Uint8Array(fw * fh).fill(1);
  for (let y = 0; y < th; y++)
    for (let x = 0; x < tw; x++) {
      const X = left + x - fx;
      const Y = top + y - fy;
      if (X < 0 || Y < 0 || X >= fw || Y >= fh) continue;
      const a = alpha[y * tw + x]!;
      // The tongue is where the expert mask says and the paste is mostly opaque.
      truth[Y * fw + X] = tmask[y * tw + x]! > 127 && a > 127 ? 1 : 0;
      if (a >= 13) face[Y * fw + X] = 0;
    }
  return { jpeg, truth, face, width: fw, height: fh };
}

/** Two tongue photos side by side at the same height. */
export async function twoTongues(a: string, b: string, height = 480): Promise<Buffer> {
  return sideBySideJpeg(imagePath(a), imagePath(b), height, '#808080');
}

/** 24-bit bottom-up BMP of a photo (sharp writes no BMP). */
export async function toBmp(jpeg: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(encodeBmp({ data: new Uint8Array(data), width: info.width, height: info.height }));
}
