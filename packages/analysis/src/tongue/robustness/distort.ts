// The distortions of issue 36 item 2, applied to a validation photo and, where they move pixels,
// to its expert mask the same way: other light (±1,500 K), exposure (±1 EV), JPEG quality 40,
// blur and rotation (±15°). Phone framing is measured by evaluate.ts's wide frames.
import sharp from 'sharp';
import type { RgbImage } from '../decode.js';
import { applyGains, temperatureGains } from './light.js';

export const DISTORTIONS = ['ct-1500', 'ct+1500', 'ev-1', 'ev+1', 'jpeg-40', 'blur-2', 'rot-15', 'rot+15'] as const;
export type Distortion = (typeof DISTORTIONS)[number];

export interface Distorted {
  jpeg: Buffer;
  mask: Uint8Array;
  width: number;
  height: number;
}

const rawJpeg = (img: RgbImage, quality = 95) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

async function rotated(img: RgbImage, mask: Uint8Array, deg: number): Promise<Distorted> {
  const photo = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .rotate(deg, { background: { r: 0, g: 0, b: 0 } })
    .jpeg({ quality: 95 })
    .toBuffer({ resolveWithObject: true });
  const m = await sharp(Buffer.from(mask.map((v) => (v ? 255 : 0))), {
    raw: { width: img.width, height: img.height, channels: 1 },
  })
    .rotate(deg, { background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(m.info.width * m.info.height);
  for (let p = 0; p < out.length; p++) out[p] = m.data[p * m.info.channels]! > 127 ? 1 : 0;
  return { jpeg: photo.data, mask: out, width: m.info.width, height: m.info.height };
}

/** The photo (its decoded pixels) and its mask under `d`. */
export async function distort(img: RgbImage, mask: Uint8Array, d: Distortion): Promise<Distorted> {
  const same = async (jpeg: Buffer): Promise<Distorted> => ({ jpeg, mask, width: img.width, height: img.height });
  switch (d) {
    case 'ct-1500':
      return same(await rawJpeg(applyGains(img, temperatureGains(5000))));
    case 'ct+1500':
      return same(await rawJpeg(applyGains(img, temperatureGains(8000))));
    case 'ev-1':
      return same(await rawJpeg(applyGains(img, [0.5, 0.5, 0.5])));
    case 'ev+1':
      return same(await rawJpeg(applyGains(img, [2, 2, 2])));
    case 'jpeg-40':
      return same(await rawJpeg(img, 40));
    case 'blur-2':
      return same(
        await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
          .blur(2)
          .jpeg({ quality: 95 })
          .toBuffer(),
      );
    case 'rot-15':
      return rotated(img, mask, -15);
    case 'rot+15':
      return rotated(img, mask, 15);
  }
}
