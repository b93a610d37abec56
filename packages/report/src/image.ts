import type { ReportImage } from '@tcm/contract';
import { fail } from './fail.js';

/** Decodes a model photo to bytes, refusing anything that is not a JPEG or PNG of its declared type. */
export function decodeImage(img: ReportImage, field: string): Buffer {
  const bytes = Buffer.from(img.base64, 'base64');
  const jpeg = bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png =
    bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if ((img.mime === 'image/jpeg' && !jpeg) || (img.mime === 'image/png' && !png)) {
    fail('REPORT_IMAGE_INVALID', { field, mime: img.mime, bytes: bytes.length });
  }
  return bytes;
}
