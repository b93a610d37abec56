// Re-takes of one portrait as another camera or another moment would give them: exposure,
// white balance, JPEG re-compression, rescaling and small rotations. Each perturbation also
// says how a point of the perturbed photo maps back to the original, so landmarks can be
// compared in the original's pixels.
import sharp from 'sharp';
import { applyLinearGains } from '../../color/index.js';

export interface Perturbation {
  /** Stable key used in the tables. */
  id: string;
  /** Kind, for grouping in the tables. */
  kind: 'exposure' | 'white-balance' | 'jpeg' | 'scale' | 'rotation';
  /** Human description (English, for docs/face.md). */
  what: string;
}

export interface PerturbedPhoto {
  bytes: Buffer;
  /** Perturbed photo's pixel -> original photo's pixel. */
  toOriginal: (x: number, y: number) => [number, number];
}

const identity = (x: number, y: number): [number, number] => [x, y];

export const PERTURBATIONS: readonly Perturbation[] = [
  { id: 'ev-0.5', kind: 'exposure', what: 'exposure −0.5 EV (linear light × 0.71)' },
  { id: 'ev+0.5', kind: 'exposure', what: 'exposure +0.5 EV (linear light × 1.41, clipped)' },
  { id: 'wb-warm', kind: 'white-balance', what: 'warmer white balance (linear R × 1.08, B × 0.90)' },
  { id: 'wb-cool', kind: 'white-balance', what: 'cooler white balance (linear R × 0.92, B × 1.10)' },
  { id: 'wb-green', kind: 'white-balance', what: 'green tint (linear G × 1.06)' },
  { id: 'jpeg-60', kind: 'jpeg', what: 'JPEG re-compression, quality 60' },
  { id: 'jpeg-40', kind: 'jpeg', what: 'JPEG re-compression, quality 40' },
  { id: 'scale-0.75', kind: 'scale', what: 'rescaled to 75 % (Lanczos)' },
  { id: 'scale-0.6', kind: 'scale', what: 'rescaled to 60 % (Lanczos)' },
  { id: 'rot-3', kind: 'rotation', what: 'rotated 3° clockwise' },
  { id: 'rot+5', kind: 'rotation', what: 'rotated 5° counter-clockwise' },
];

/** Multiplies each channel in linear light (exposure and white balance act there, not on sRGB codes). */
async function linearGains(photo: Buffer, gains: [number, number, number]): Promise<Buffer> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(Buffer.from(applyLinearGains(data, gains)), {
    raw: { width: info.width, height: info.height, channels: 3 },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Rotation by `deg` (counter-clockwise positive) about the centre; sharp enlarges the canvas. */
async function rotate(photo: Buffer, deg: number): Promise<PerturbedPhoto> {
  const meta = await sharp(photo).metadata();
  const w = meta.width;
  const h = meta.height;
  // sharp's angle is clockwise; the background is a mid grey so the corners add no colour cast.
  const { data, info } = await sharp(photo)
    .rotate(-deg, { background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality: 95 })
    .toBuffer({ resolveWithObject: true });
  const t = (deg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const toOriginal = (x: number, y: number): [number, number] => {
    // Image y points down, so a counter-clockwise turn on screen is a clockwise one in (x, y).
    const dx = x - info.width / 2;
    const dy = y - info.height / 2;
    return [w / 2 + cos * dx - sin * dy, h / 2 + sin * dx + cos * dy];
  };
  return { bytes: data, toOriginal };
}

async function rescale(photo: Buffer, k: number): Promise<PerturbedPhoto> {
  const meta = await sharp(photo).metadata();
  const bytes = await sharp(photo)
    .resize({ width: Math.round(meta.width * k), kernel: 'lanczos3' })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { bytes, toOriginal: (x, y) => [x / k, y / k] };
}

/** The portrait re-taken as `id` says. */
export async function perturb(photo: Buffer, id: string): Promise<PerturbedPhoto> {
  switch (id) {
    case 'ev-0.5':
      return { bytes: await linearGains(photo, [2 ** -0.5, 2 ** -0.5, 2 ** -0.5]), toOriginal: identity };
    case 'ev+0.5':
      return { bytes: await linearGains(photo, [2 ** 0.5, 2 ** 0.5, 2 ** 0.5]), toOriginal: identity };
    case 'wb-warm':
      return { bytes: await linearGains(photo, [1.08, 1, 0.9]), toOriginal: identity };
    case 'wb-cool':
      return { bytes: await linearGains(photo, [0.92, 1, 1.1]), toOriginal: identity };
    case 'wb-green':
      return { bytes: await linearGains(photo, [1, 1.06, 1]), toOriginal: identity };
    case 'jpeg-60':
      return { bytes: await sharp(photo).jpeg({ quality: 60 }).toBuffer(), toOriginal: identity };
    case 'jpeg-40':
      return { bytes: await sharp(photo).jpeg({ quality: 40 }).toBuffer(), toOriginal: identity };
    case 'scale-0.75':
      return rescale(photo, 0.75);
    case 'scale-0.6':
      return rescale(photo, 0.6);
    case 'rot-3':
      return rotate(photo, -3);
    case 'rot+5':
      return rotate(photo, 5);
    default:
      throw new Error(`unknown perturbation ${id}`);
  }
}
