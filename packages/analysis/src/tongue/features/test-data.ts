// Reads TonguExpert photos, expert masks and labels from ../shared/data/tongue for the tests
// (never copied into the project) and makes transformed variants at test time.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { TongueImage } from './prepare.js';

export const TONGUE_DATA = new URL('../../../../../../shared/data/tongue/', import.meta.url);

export interface LabelledPhoto {
  image: TongueImage;
  mask: Uint8Array;
}

/** A photo file as RGB with a mask file (white = tongue; resized to the photo if it differs). */
export async function readPhotoAndMask(imagePath: string, maskPath: string): Promise<LabelledPhoto> {
  const img = await sharp(imagePath).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const m = await sharp(maskPath)
    .resize(img.info.width, img.info.height, { fit: 'fill', kernel: 'nearest' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(m.info.width * m.info.height);
  for (let i = 0; i < mask.length; i++) mask[i] = m.data[i]! > 127 ? 1 : 0;
  return { image: { data: new Uint8Array(img.data), width: img.info.width, height: img.info.height }, mask };
}

export const loadPhoto = (id: string): Promise<LabelledPhoto> =>
  readPhotoAndMask(new URL(`images/${id}.jpg`, TONGUE_DATA).pathname, new URL(`masks/${id}.png`, TONGUE_DATA).pathname);

/** Expert labels by photo ID: column name -> value ('NA' = not labelled / not marked). */
export function expertLabels(): Map<string, Record<string, string>> {
  const lines = readFileSync(new URL('labels-manual.tsv', TONGUE_DATA), 'utf8').trim().split('\n');
  const head = lines[0]!.split('\t');
  const out = new Map<string, Record<string, string>>();
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const row: Record<string, string> = {};
    head.forEach((h, k) => (row[h] = cells[k]!));
    out.set(row.SID!, row);
  }
  return out;
}

/** IDs of the held-out evaluation photos (training never saw them). */
export function heldOutIds(): string[] {
  const path = new URL('../../../../../training/tongue-features/split/eval-ids.txt', import.meta.url);
  return readFileSync(path, 'utf8').split('\n').filter(Boolean);
}

/** The photo with every pixel's channels multiplied by the given gains (a color cast). */
export function withGains(image: TongueImage, r: number, g: number, b: number): TongueImage {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = Math.min(255, Math.round(image.data[i]! * r));
    data[i + 1] = Math.min(255, Math.round(image.data[i + 1]! * g));
    data[i + 2] = Math.min(255, Math.round(image.data[i + 2]! * b));
  }
  return { ...image, data };
}
