// BMP decoding: the libvips build inside sharp has no BMP loader, and clinics' capture devices
// still write BMP, so the uncompressed Windows variants are read here. RLE and embedded
// JPEG/PNG BMPs are rare and reported as unsupported rather than guessed at. The one decoder of
// the platform: the tongue engine reads BMP photos with it, and the server's upload check turns
// BMP uploads into PNG with it (apps/server/src/modules/files/content-check.ts).

import type { EngineError } from '@tcm/contract';
import { fileReaderErrors } from './engine-error.js';

/** Why a BMP could not be read: `truncated` (pixel data cut short), `unsupported`, or `invalid`. */
export type BmpProblem = 'truncated' | 'unsupported' | 'invalid';

/**
 * What the BMP reader throws: the engines' one error class, coded 4000004 (damaged file, what
 * the upload check answers) with the problem as its `kind` (the tongue engine maps it onto its
 * own codes) and the reader's words in `detail.reason`.
 */
export type BmpError = EngineError<BmpProblem>;

const BMP_ERRORS = fileReaderErrors<BmpProblem>(['truncated', 'unsupported', 'invalid']);
const bmpError = BMP_ERRORS.refuse;

/** Whether `e` is the BMP reader's refusal (not another engine error passing through). */
export const isBmpError = BMP_ERRORS.is;

export interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bpp: number;
  compression: number;
  dataOffset: number;
  headerSize: number;
  paletteSize: number;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

export const isBmp = (b: Uint8Array): boolean => b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d;

/** Reads the header alone (size checks come before any pixel buffer is allocated). */
export function readBmpHeader(b: Uint8Array): BmpHeader {
  if (b.length < 26) throw bmpError('truncated', 'BMP header cut short');
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const dataOffset = v.getUint32(10, true);
  const headerSize = v.getUint32(14, true);
  if (headerSize === 12) {
    // OS/2 BITMAPCOREHEADER: 16-bit sizes, always bottom-up, no compression.
    const bpp = v.getUint16(24, true);
    return {
      width: v.getUint16(18, true),
      height: v.getUint16(20, true),
      topDown: false,
      bpp,
      compression: BI_RGB,
      dataOffset,
      headerSize,
      paletteSize: 0,
    };
  }
  if (headerSize < 40) throw bmpError('invalid', `BMP header size ${headerSize}`);
  if (b.length < 14 + 40) throw bmpError('truncated', 'BMP header cut short');
  const width = v.getInt32(18, true);
  const rawHeight = v.getInt32(22, true);
  const bpp = v.getUint16(28, true);
  const compression = v.getUint32(30, true);
  const paletteSize = v.getUint32(46, true);
  if (width <= 0 || rawHeight === 0) throw bmpError('invalid', 'BMP with no pixels');
  return {
    width,
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bpp,
    compression,
    dataOffset,
    headerSize,
    paletteSize,
  };
}

/** Bit position and width of a channel mask, to scale its value to 0-255. */
function maskShift(mask: number): { shift: number; max: number } {
  if (!mask) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/** Decodes an uncompressed BMP (1, 4, 8, 16, 24, 32 bits) to interleaved RGB, top row first. */
export function decodeBmp(
  b: Uint8Array,
  h: BmpHeader = readBmpHeader(b),
): { data: Uint8Array; width: number; height: number } {
  const { width, height, bpp, compression, dataOffset, headerSize } = h;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const bitfields = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  if (!(compression === BI_RGB || (bitfields && (bpp === 16 || bpp === 32))))
    throw bmpError('unsupported', `BMP compression ${compression}`);
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw bmpError('unsupported', `BMP with ${bpp} bits per pixel`);

  // Palette (indexed images): BGR0 quads after the header (BGR triples in the OS/2 variant).
  const entry = headerSize === 12 ? 3 : 4;
  const palette: number[][] = [];
  if (bpp <= 8) {
    const n = h.paletteSize || 1 << bpp;
    const at = 14 + headerSize;
    if (at + n * entry > b.length) throw bmpError('truncated', 'BMP palette cut short');
    for (let i = 0; i < n; i++) palette.push([b[at + i * entry + 2]!, b[at + i * entry + 1]!, b[at + i * entry]!]);
  }
  // Channel masks: in the V4/V5 header, or right after a 40-byte header for BI_BITFIELDS.
  let masks = bpp === 16 ? [0x7c00, 0x03e0, 0x001f] : [0xff0000, 0x00ff00, 0x0000ff];
  if (bitfields) {
    if (14 + 40 + 12 > b.length) throw bmpError('truncated', 'BMP masks cut short');
    masks = [v.getUint32(54, true), v.getUint32(58, true), v.getUint32(62, true)];
  }
  const ch = masks.map(maskShift);

  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > b.length) throw bmpError('truncated', 'BMP pixel data cut short');
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (h.topDown ? y : height - 1 - y) * stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      if (bpp === 24) {
        const p = row + x * 3;
        out[o] = b[p + 2]!;
        out[o + 1] = b[p + 1]!;
        out[o + 2] = b[p]!;
      } else if (bpp === 16 || bpp === 32) {
        const px = bpp === 16 ? v.getUint16(row + x * 2, true) : v.getUint32(row + x * 4, true);
        for (let c = 0; c < 3; c++) {
          const { shift, max } = ch[c]!;
          out[o + c] = max ? Math.round((((px >>> shift) & max) * 255) / max) : 0;
        }
      } else {
        const bit = x * bpp;
        const idx = (b[row + (bit >> 3)]! >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const c = palette[idx] ?? [0, 0, 0];
        out[o] = c[0]!;
        out[o + 1] = c[1]!;
        out[o + 2] = c[2]!;
      }
    }
  }
  return { data: out, width, height };
}

/**
 * Encodes interleaved RGB as an uncompressed 24-bit bottom-up BMP: tests, fixtures and the
 * upload benchmark make BMP files with it (sharp writes no BMP).
 */
export function encodeBmp(img: { data: Uint8Array; width: number; height: number }): Uint8Array {
  const stride = Math.ceil((img.width * 24) / 32) * 4;
  const size = 54 + stride * img.height;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  v.setUint32(2, size, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, img.width, true);
  v.setInt32(22, img.height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  v.setUint32(34, stride * img.height, true);
  for (let y = 0; y < img.height; y++) {
    const row = 54 + stride * (img.height - 1 - y);
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      out[row + x * 3] = img.data[i + 2]!;
      out[row + x * 3 + 1] = img.data[i + 1]!;
      out[row + x * 3 + 2] = img.data[i]!;
    }
  }
  return out;
}
