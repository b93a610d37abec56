import sharp from 'sharp';
import { IMAGE_RESIZE_BOUNDS } from '@tcm/contract';

export interface ResizeRequest {
  width?: number;
  height?: number;
}

const bounded = (v: unknown): number | undefined => {
  const s: unknown = Array.isArray(v) ? v[0] : v;
  if (typeof s !== 'string' && typeof s !== 'number') return undefined;
  const n = Number(s);
  return Number.isInteger(n) && n >= IMAGE_RESIZE_BOUNDS.min && n <= IMAGE_RESIZE_BOUNDS.max ? n : undefined;
};

/**
 * Reads the resize parameters of an image URL (`w`/`width`, `h`/`height`, px). Spec §5: they are
 * honored only between 1 and 4096; any other value is ignored rather than refused.
 */
export function resizeRequestOf(query: Record<string, unknown>): ResizeRequest {
  const width = bounded(query.w ?? query.width);
  const height = bounded(query.h ?? query.height);
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

/**
 * Resizes an image to fit inside the requested box (never enlarging), keeping its format.
 * Returns the input unchanged when nothing was requested.
 */
export async function resizeImage(input: Buffer, r: ResizeRequest): Promise<Buffer> {
  if (!r.width && !r.height) return input;
  // The caller caps the source size (files/resized-images.ts); sharp's own limit backs it up.
  return sharp(input, { limitInputPixels: 25_000_000 })
    .rotate()
    .resize({ width: r.width, height: r.height, fit: 'inside', withoutEnlargement: true })
    .toBuffer();
}
