// Real tongue photos and expert masks of ../shared/data/tongue (never copied into the project),
// and the validation split of the segmentation model, for tests, calibration and evaluation.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { RgbImage } from './decode.js';

export const TONGUE_DATA = new URL('../../../../../shared/data/tongue/', import.meta.url);
export const FACE_DATA = new URL('../../../../../shared/data/face/', import.meta.url);
const VAL_IDS_FILE = new URL('../../../../training/tongue-seg/val-ids.txt', import.meta.url);

export const imagePath = (id: string): string => new URL(`images/${id}.jpg`, TONGUE_DATA).pathname;
export const maskPath = (id: string): string => new URL(`masks/${id}.png`, TONGUE_DATA).pathname;

/** IDs of the validation split (never seen in training), in file order. */
export const validationIds = (): string[] =>
  readFileSync(VAL_IDS_FILE, 'utf8')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

export const readPhoto = (id: string): Promise<Buffer> => readFile(imagePath(id));

/** The expert mask: 1 = tongue, one byte per pixel. */
export async function readMask(id: string): Promise<{ mask: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(maskPath(id)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(info.width * info.height);
  for (let p = 0; p < mask.length; p++) mask[p] = data[p * info.channels]! > 127 ? 1 : 0;
  return { mask, width: info.width, height: info.height };
}

/** Decoded RGB of a dataset photo (its own size). */
export async function readRgb(id: string): Promise<RgbImage> {
  const { data, info } = await sharp(imagePath(id)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
