// Uploaded bytes -> the upright working image, with a catalog error for every way the bytes
// can be wrong (never an exception from sharp). JPEG, PNG and WebP go through sharp (EXIF
// orientation applied); BMP through common/bmp.ts; anything else is refused with a clear code.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { TONGUE_ERRORS } from '@tcm/contract';
import { decodeBmp, EngineError, isBmp, isBmpError, readBmpHeader } from '../common/index.js';
import type { RgbImage } from '../face/decode.js';

/** Interleaved 8-bit RGB pixels (the same shape the face engine uses). */
export type { RgbImage };

export interface DecodedPhoto {
  /** The photo upright (EXIF), at most WORK_MAX_SIDE px on its long side. */
  work: RgbImage;
  /** Size of the photo as uploaded (after EXIF rotation): the mask and outline use it. */
  original: { width: number; height: number };
  format: AcceptedFormat;
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
export const MIN_SIDE = 200;
/**
 * The tongue needs no more than about 1000 px across to show cracks and tooth marks, and the
 * device photos of the training data are 350-890 px: larger phone photos are shrunk on load
 * (JPEG shrink-on-load keeps a 12 MP decode fast).
 */
export const WORK_MAX_SIDE = 1024;

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'bmp';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Format by magic bytes: an accepted one, a known image format we refuse, or not an image. */
export function sniffFormat(b: Uint8Array): AcceptedFormat | 'unsupported' | 'unknown' {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (isBmp(b)) return 'bmp';
  const known =
    ascii(b, 0, 4) === 'GIF8' ||
    startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || // TIFF little-endian
    startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) || // TIFF big-endian
    ascii(b, 4, 4) === 'ftyp' || // HEIC / AVIF (ISO base media)
    startsWith(b, [0x00, 0x00, 0x01, 0x00]) || // ICO
    ascii(b, 0, 4) === '8BPS' || // Photoshop
    startsWith(b, [0xff, 0x0a]) || // JPEG XL codestream
    startsWith(b, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20]) || // JPEG XL container
    startsWith(b, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20]) || // JPEG 2000
    /^\s*<(\?xml|svg)/i.test(ascii(b, 0, 64));
  return known ? 'unsupported' : 'unknown';
}

function checkSize(width: number, height: number): void {
  if (width * height > MAX_PIXELS) throw new EngineError(TONGUE_ERRORS.TONGUE_TOO_MANY_PIXELS, { width, height });
  if (Math.min(width, height) < MIN_SIDE)
    throw new EngineError(TONGUE_ERRORS.TONGUE_IMAGE_TOO_SMALL, { width, height });
}

async function toRgb(input: Sharp): Promise<RgbImage> {
  const { data, info } = await input
    .resize({ width: WORK_MAX_SIDE, height: WORK_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColorspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function decodeBmpPhoto(bytes: Uint8Array): Promise<DecodedPhoto> {
  try {
    const header = readBmpHeader(bytes);
    checkSize(header.width, header.height);
    const raw = decodeBmp(bytes, header);
    const original = { width: raw.width, height: raw.height };
    return toRgb(sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })).then((work) => ({
      work,
      original,
      format: 'bmp',
    }));
  } catch (e) {
    if (!isBmpError(e)) throw e;
    const def =
      e.kind === 'truncated'
        ? TONGUE_ERRORS.TONGUE_TRUNCATED
        : e.kind === 'unsupported'
          ? TONGUE_ERRORS.TONGUE_UNSUPPORTED_FORMAT
          : TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE;
    throw new EngineError(def, { format: 'bmp', cause: e.detail?.reason });
  }
}

/** Decodes a JPEG/PNG/WebP/BMP photo into the upright working image; throws EngineError (31000xx) on bad bytes. */
export async function decodePhoto(bytes: Uint8Array): Promise<DecodedPhoto> {
  if (!bytes || bytes.length === 0) throw new EngineError(TONGUE_ERRORS.TONGUE_EMPTY_FILE);
  if (bytes.length > MAX_FILE_BYTES)
    throw new EngineError(TONGUE_ERRORS.TONGUE_FILE_TOO_LARGE, { bytes: bytes.length, limit: MAX_FILE_BYTES });
  const format = sniffFormat(bytes);
  if (format === 'unsupported') throw new EngineError(TONGUE_ERRORS.TONGUE_UNSUPPORTED_FORMAT);
  if (format === 'unknown') throw new EngineError(TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE);
  if (format === 'bmp') return decodeBmpPhoto(bytes);

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    // The signature said image, the header says otherwise: cut short or damaged.
    throw new EngineError(TONGUE_ERRORS.TONGUE_TRUNCATED, { format, cause: String((e as Error).message) });
  }
  const w0 = meta.width ?? 0;
  const h0 = meta.height ?? 0;
  // EXIF orientations 5-8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const original = swap ? { width: h0, height: w0 } : { width: w0, height: h0 };
  checkSize(original.width, original.height);
  try {
    // failOn 'truncated': a JPEG or PNG cut short is an error, not a half-grey photo.
    const work = await toRgb(sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).rotate());
    return { work, original, format };
  } catch (e) {
    throw new EngineError(TONGUE_ERRORS.TONGUE_TRUNCATED, { format, cause: String((e as Error).message) });
  }
}
