// Pictures for the web result page and the PDF report: the mask PNG (white tongue on black,
// the photo's size) and the overlay PNG (the photo with the tongue outline drawn over it).
import sharp from 'sharp';
import type { RgbImage } from './decode.js';
import type { Point } from './mask.js';

const OVERLAY_MAX_SIDE = 800;

/** PNG of the mask (1 = tongue) scaled to width x height: white tongue on black. */
export async function renderMaskPng(
  mask: Uint8Array,
  w: number,
  h: number,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const grey = Buffer.alloc(w * h);
  for (let p = 0; p < grey.length; p++) grey[p] = mask[p] ? 255 : 0;
  let img = sharp(grey, { raw: { width: w, height: h, channels: 1 } });
  // Larger photos than the working image: scale smoothly, then cut at half grey (no stair steps).
  if (width !== w || height !== h)
    img = sharp(await img.resize(width, height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer(), {
      raw: { width, height, channels: 1 },
    }).threshold(128);
  return new Uint8Array(await img.png({ compressionLevel: 6, palette: false }).toColorspace('b-w').toBuffer());
}

/**
 * PNG of the photo (at most 800 px on its long side) with the tongue outline drawn in green.
 * `polygon` is in the pixels of `image`.
 */
export async function renderTongueOverlay(image: RgbImage, polygon: readonly Point[]): Promise<Uint8Array> {
  const s = Math.min(1, OVERLAY_MAX_SIDE / Math.max(image.width, image.height));
  const W = Math.max(1, Math.round(image.width * s));
  const H = Math.max(1, Math.round(image.height * s));
  const stroke = Math.max(2, Math.round(Math.max(W, H) / 250));
  const path = polygon
    .map(([x, y], i) => `${i ? 'L' : 'M'}${((x + 0.5) * s).toFixed(1)} ${((y + 0.5) * s).toFixed(1)}`)
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${
    polygon.length
      ? `<path d="${path} Z" fill="none" stroke="#00e070" stroke-width="${stroke}" stroke-linejoin="round"/>`
      : ''
  }</svg>`;
  const base = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(W, H, { fit: 'fill' })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp(base)
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer(),
  );
}
