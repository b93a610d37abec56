/**
 * A reader for Windows BMP (sharp/libvips has no BMP input): uncompressed 24- and 32-bit
 * (BI_RGB, BI_BITFIELDS with the usual masks), bottom-up or top-down. Enough for camera and
 * screenshot BMPs that the detection page accepts (spec §5); anything else is reported as
 * unsupported so the caller answers "corrupt or unsupported" instead of guessing.
 */
export interface RawRgb {
  data: Uint8Array;
  width: number;
  height: number;
}

export class BmpError extends Error {}

export function decodeBmp(bytes: Uint8Array): RawRgb {
  if (bytes.length < 54 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) throw new BmpError('not a BMP');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = v.getUint32(10, true);
  const headerSize = v.getUint32(14, true);
  if (headerSize < 40) throw new BmpError('OS/2 BMP headers are not supported');
  const width = v.getInt32(18, true);
  const rawHeight = v.getInt32(22, true);
  const bpp = v.getUint16(28, true);
  const compression = v.getUint32(30, true);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width > 20000 || height > 20000) throw new BmpError('bad BMP size');
  if (bpp !== 24 && bpp !== 32) throw new BmpError(`${bpp}-bit BMP is not supported`);
  if (compression !== 0 && compression !== 3) throw new BmpError('compressed BMP is not supported');
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > bytes.length) throw new BmpError('BMP pixel data is truncated');
  const bottomUp = rawHeight > 0;
  const step = bpp / 8;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = offset + stride * (bottomUp ? height - 1 - y : y);
    for (let x = 0; x < width; x++) {
      const p = row + x * step;
      const o = (y * width + x) * 3;
      // BMP stores blue, green, red.
      out[o] = bytes[p + 2]!;
      out[o + 1] = bytes[p + 1]!;
      out[o + 2] = bytes[p]!;
    }
  }
  return { data: out, width, height };
}

/** Encodes an uncompressed 24-bit BMP (tests and the measuring script make BMP uploads with it). */
export function encodeBmp(img: RawRgb): Uint8Array {
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
