import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, MAX_UPLOAD_BYTES } from '@tcm/contract';
import { decodeBmp, encodeBmp } from '@tcm/analysis/common';
import { isAppError } from '../../http/app-error.js';
import { EnginePool } from '../../jobs/engine-pool.js';
import { dataFile } from '../../test/records-helpers.js';
import { checkUpload, sniff } from './content-check.js';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (e) {
    if (isAppError(e)) return e.def.code;
    throw e;
  }
};
// The heavy decodes run in the engine pool's child process, as in the server.
const engines = new EnginePool({ size: 1, maxQueue: 8 });
afterAll(() => engines.close());

const TONGUE = 'tongue/images/TE0000458.jpg';
const all = { kinds: ['image', 'audio', 'pulse'] as const };

describe('upload content checks (magic bytes, full decode, size)', () => {
  it('detects real files by content, whatever their names', async () => {
    expect(sniff(dataFile(TONGUE))).toEqual({ kind: 'image', mime: 'image/jpeg' });
    expect(sniff(dataFile('voice/sustained-a-118hz.wav'))).toEqual({ kind: 'audio', mime: 'audio/wav' });
    expect(sniff(dataFile('pulse/bidmc01.csv'))).toEqual({ kind: 'pulse', mime: 'text/csv' });
    const jpeg = await checkUpload(dataFile(TONGUE), 'photo.wav', { kinds: ['image'] }, engines);
    expect(jpeg).toMatchObject({ kind: 'image', mime: 'image/jpeg', name: 'photo.wav' });
    expect(jpeg.width).toBeGreaterThan(300);
  });

  it('refuses a wrong type with 4000003 (text for an image, a PDF, a GIF on the detection page)', async () => {
    expect(await codeOf(checkUpload(dataFile('pulse/bidmc01.csv'), 'x.png', { kinds: ['image'] }, engines))).toBe(
      FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code,
    );
    expect(await codeOf(checkUpload(new TextEncoder().encode('%PDF-1.4\n%...'), 'a.pdf', all, engines))).toBe(
      FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code,
    );
    const gif = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer(),
    );
    expect(await codeOf(checkUpload(gif, 'a.gif', { kinds: ['image'] }, engines))).toBe(
      FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code,
    );
    expect((await checkUpload(gif, 'a.gif', { kinds: ['image'], extraImages: true }, engines)).mime).toBe('image/gif');
  });

  it('refuses more than 10 MB with 4000002 before decoding', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(dataFile(TONGUE).subarray(0, 64));
    expect(await codeOf(checkUpload(big, 'big.jpg', all, engines))).toBe(FILE_ERRORS.FILE_TOO_LARGE.code);
  });

  it('refuses corrupt files: a truncated JPEG, a damaged PNG, a WAV without data, a pulse file without a rate', async () => {
    const jpeg = dataFile(TONGUE);
    expect(await codeOf(checkUpload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 't.jpg', all, engines))).toBe(
      FILE_ERRORS.FILE_CORRUPT.code,
    );
    const png = new Uint8Array(await sharp(jpeg).png().toBuffer());
    const broken = png.slice();
    broken.fill(0x55, 100, png.length - 20);
    expect(await codeOf(checkUpload(broken, 't.png', all, engines))).toBe(FILE_ERRORS.FILE_CORRUPT.code);
    const wav = dataFile('voice/sustained-a-118hz.wav').slice(0, 40);
    expect(await codeOf(checkUpload(wav, 'v.wav', all, engines))).not.toBe(0);
    // One column of numbers, no rate in the file or its name: the pulse reader's own code and text.
    const code = await codeOf(checkUpload(dataFile('pulse/goda-ppg-125hz.csv'), 'ppg.csv', all, engines));
    expect(code).toBeGreaterThanOrEqual(3300000);
    expect(code).toBeLessThan(3400000);
    expect(await codeOf(checkUpload(new Uint8Array(0), 'e.png', all, engines))).toBe(FILE_ERRORS.FILE_CORRUPT.code);
  });

  it('refuses a decompression bomb: a small PNG that claims 40000 x 40000 pixels', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    // IHDR data starts at byte 16 (width, height); its CRC covers type + data (bytes 12-28).
    const v = new DataView(png.buffer);
    v.setUint32(16, 40000);
    v.setUint32(20, 40000);
    v.setUint32(29, crc32(png.subarray(12, 29)));
    const r = await codeOf(checkUpload(png, 'bomb.png', { kinds: ['image'] }, engines));
    expect(r).toBe(FILE_ERRORS.FILE_CORRUPT.code);
  });

  it('decodes BMP (spec §5 detection formats) and stores it as lossless PNG', async () => {
    const { data, info } = await sharp(dataFile(TONGUE)).resize(64, 48).raw().toBuffer({ resolveWithObject: true });
    const bmp = encodeBmp({ data: new Uint8Array(data), width: info.width, height: info.height });
    expect(decodeBmp(bmp).data).toEqual(new Uint8Array(data));
    const checked = await checkUpload(bmp, 'tongue.BMP', { kinds: ['image'] }, engines);
    expect(checked).toMatchObject({ kind: 'image', mime: 'image/png', name: 'tongue.png', width: 64, height: 48 });
    const back = await sharp(checked.bytes).raw().toBuffer();
    expect(new Uint8Array(back)).toEqual(new Uint8Array(data));
    const truncated = bmp.subarray(0, 200);
    expect(await codeOf(checkUpload(truncated, 't.bmp', { kinds: ['image'] }, engines))).toBe(
      FILE_ERRORS.FILE_CORRUPT.code,
    );
  });

  it('reads the BMP variants the tongue engine reads (one decoder): an 8-bit palette BMP', async () => {
    // 2x2, 8 bits per pixel, a 256-entry palette (BGR0) and rows padded to 4 bytes.
    const w = 2;
    const h = 2;
    const stride = 4;
    const at = 14 + 40 + 256 * 4;
    const b = new Uint8Array(at + stride * h);
    const v = new DataView(b.buffer);
    b.set([0x42, 0x4d]);
    v.setUint32(2, b.length, true);
    v.setUint32(10, at, true);
    v.setUint32(14, 40, true);
    v.setInt32(18, w, true);
    v.setInt32(22, -h, true); // top-down
    v.setUint16(26, 1, true);
    v.setUint16(28, 8, true);
    b.set([30, 20, 10, 0], 54 + 1 * 4); // palette 1: red 10, green 20, blue 30
    b.set([60, 50, 40, 0], 54 + 2 * 4);
    b.set([1, 2], at);
    b.set([2, 1], at + stride);
    const checked = await checkUpload(b, 'palette.bmp', { kinds: ['image'] }, engines);
    expect(checked).toMatchObject({ mime: 'image/png', width: 2, height: 2 });
    const back = new Uint8Array(await sharp(checked.bytes).raw().toBuffer());
    expect(back).toEqual(new Uint8Array([10, 20, 30, 40, 50, 60, 40, 50, 60, 10, 20, 30]));
    expect(back).toEqual(decodeBmp(b).data);
  });

  it('refuses a BMP that claims more pixels than a 24-bit BMP of the upload limit holds', async () => {
    // 1 bit per pixel: 8000 x 8000 fits in 8 MB of file but would decode to 192 MB of RGB.
    const w = 8000;
    const h = 8000;
    const stride = Math.ceil(w / 32) * 4;
    const at = 14 + 40 + 2 * 4;
    const b = new Uint8Array(at + stride * h);
    const v = new DataView(b.buffer);
    b.set([0x42, 0x4d]);
    v.setUint32(10, at, true);
    v.setUint32(14, 40, true);
    v.setInt32(18, w, true);
    v.setInt32(22, h, true);
    v.setUint16(28, 1, true);
    v.setUint32(46, 2, true);
    expect(b.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await codeOf(checkUpload(b, 'huge.bmp', { kinds: ['image'] }, engines))).toBe(FILE_ERRORS.FILE_CORRUPT.code);
  });
});
