// Test photos made at test time from the shared portraits (never committed): color shifts,
// blur, darkening, crops and composites.
import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { sideBySideJpeg } from '../common/test-side-by-side.js';

export const FACE_DATA = new URL('../../../../../shared/data/face/', import.meta.url);
export const PORTRAITS = ['02-woman', '03-woman', '04-man'] as const;
export type Portrait = (typeof PORTRAITS)[number];

export const portraitPath = (name: Portrait): string => new URL(`${name}.jpg`, FACE_DATA).pathname;
export const readPortrait = async (name: Portrait): Promise<Buffer> => readFile(portraitPath(name));

/** The portrait passed through `edit`, as JPEG (quality 92). */
export async function variant(name: Portrait, edit: (s: Sharp) => Sharp): Promise<Buffer> {
  return edit(sharp(await readPortrait(name)))
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Two portraits side by side at the same height (two faces). */
export async function sideBySide(a: Portrait, b: Portrait, height = 900): Promise<Buffer> {
  return sideBySideJpeg(await readPortrait(a), await readPortrait(b), height, '#ffffff');
}

/** The portrait scaled to `width` px and placed on a large white canvas (a small face). */
export async function smallOnCanvas(name: Portrait, width: number, canvas: [number, number]): Promise<Buffer> {
  const small = await sharp(await readPortrait(name))
    .resize({ width })
    .toBuffer();
  return sharp({ create: { width: canvas[0], height: canvas[1], channels: 3, background: '#f4f4f4' } })
    .composite([{ input: small, left: 20, top: 20 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}
