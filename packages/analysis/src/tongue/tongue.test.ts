// The tongue engine on real photos of ../shared/data/tongue: segmentation accuracy on the
// validation split, phone-like wide framing, the quality codes on degraded copies, bad input.
import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { TONGUE_ERRORS, tongueResultSchema } from '@tcm/contract';
import { isEngineError } from '../common/index.js';
import { analyzeTongue } from './analyze.js';
import { decodePhoto } from './decode.js';
import { locateTongue } from './locate.js';
import { MAX_SECOND_RATIO } from './quality.js';
import { count, scores } from './seg-metrics.js';
import { facePath, HELD_OUT_FACE, toBmp, tongueInFace, twoTongues } from './test-composites.js';
import { readMask, readPhoto, validationIds } from './test-data.js';

const VAL = validationIds();
const code = async (p: Promise<unknown>): Promise<number | undefined> => {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (isEngineError(e)) return e.code;
    throw e;
  }
};
const issues = async (bytes: Buffer) => (await analyzeTongue(bytes)).result.quality.issues.map((i) => Number(i.code));
const edit = async (id: string, f: (s: Sharp) => Sharp) =>
  f(sharp(await readPhoto(id)))
    .jpeg({ quality: 92 })
    .toBuffer();

const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A PNG that declares width x height but carries almost no pixel data (a 48 MP claim in ~150 bytes). */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('segmentation on validation photos (never seen in training)', () => {
  it('reaches the measured accuracy at the original resolution on 30 photos', async () => {
    const ids = VAL.filter((_, i) => i % 8 === 0).slice(0, 30);
    expect(ids.length).toBe(30);
    const pooled = { tp: 0, fp: 0, fn: 0, tn: 0 };
    const worst: number[] = [];
    for (const id of ids) {
      const { work } = await decodePhoto(await readPhoto(id));
      const truth = await readMask(id);
      const c = count((await locateTongue(work)).mask, truth.mask);
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const) pooled[k] += c[k];
      worst.push(scores(c).iouTongue);
    }
    const s = scores(pooled);
    expect(s.miou).toBeGreaterThan(0.96);
    expect(s.dice).toBeGreaterThan(0.96);
    expect(Math.min(...worst)).toBeGreaterThan(0.85);
  }, 60_000);

  it('finds the tongue in a phone-like wide frame without leaking onto the lips or chin', async () => {
    for (const id of VAL.slice(0, 4)) {
      const comp = await tongueInFace(id);
      const { work } = await decodePhoto(comp.jpeg);
      expect([work.width, work.height]).toEqual([comp.width, comp.height]);
      const region = await locateTongue(work);
      // Lips, moustache or chin seen as a second tongue would refuse the photo.
      expect(region.secondRatio).toBeLessThan(MAX_SECOND_RATIO);
      const pred = region.mask;
      const c = count(pred, comp.truth);
      expect(scores(c).iouTongue).toBeGreaterThan(0.85);
      // Leak: predicted tongue outside the pasted tongue, as a share of the tongue.
      expect(c.fp / (c.tp + c.fn)).toBeLessThan(0.08);
      // Nothing at all below the pasted tongue (the chin) or in the top third (nose, upper lip).
      let top = 0;
      for (let p = 0; p < Math.floor(comp.height / 3) * comp.width; p++) top += pred[p]!;
      expect(top).toBe(0);
    }
  }, 30_000);
});

describe('quality codes on degraded real photos', () => {
  const id = VAL[3]!;
  it('passes a clean validation photo', async () => {
    for (const v of VAL.slice(10, 14)) expect(await issues(await readPhoto(v))).toEqual([]);
  }, 30_000);
  it('reports blur', async () => {
    expect(await issues(await edit(id, (s) => s.blur(4)))).toContain(TONGUE_ERRORS.TONGUE_BLURRED.code);
  }, 30_000);
  it('reports under- and over-exposure', async () => {
    expect(await issues(await edit(id, (s) => s.linear(0.3, 0)))).toContain(TONGUE_ERRORS.TONGUE_TOO_DARK.code);
    expect(await issues(await edit(id, (s) => s.linear(1.9, 0)))).toContain(TONGUE_ERRORS.TONGUE_OVEREXPOSED.code);
  }, 30_000);
  it('reports a strong color cast', async () => {
    expect(await issues(await edit(id, (s) => s.linear([0.75, 0.95, 1.35], [0, 0, 0])))).toContain(
      TONGUE_ERRORS.TONGUE_COLOR_CAST.code,
    );
    expect(await issues(await edit(id, (s) => s.linear([0.8, 1.25, 0.8], [0, 0, 0])))).toContain(
      TONGUE_ERRORS.TONGUE_COLOR_CAST.code,
    );
  }, 30_000);
  it('reports a tongue too small in the frame', async () => {
    // The wide phone-like frame of the segmentation test, scaled down to 60 %: the tongue is
    // about 105 px across, too few pixels for cracks and spots.
    const comp = await tongueInFace(id);
    const small = await sharp(comp.jpeg)
      .resize({ width: Math.round(comp.width * 0.6) })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(await issues(small)).toContain(TONGUE_ERRORS.TONGUE_TOO_SMALL.code);
  }, 30_000);
  it('refuses a photo with no tongue (a face with closed mouth)', async () => {
    expect(await code(analyzeTongue(await readFile(facePath(HELD_OUT_FACE.file))))).toBe(
      TONGUE_ERRORS.TONGUE_NOT_FOUND.code,
    );
  }, 30_000);
  it('refuses two tongues side by side', async () => {
    expect(await code(analyzeTongue(await twoTongues(VAL[5]!, VAL[6]!)))).toBe(TONGUE_ERRORS.TONGUE_SEVERAL.code);
  }, 30_000);
});

describe('input formats and bad input', () => {
  const id = VAL[1]!;
  it('reads BMP and honors EXIF orientation, with the same tongue as the JPEG', async () => {
    const jpeg = await readPhoto(id);
    const base = (await analyzeTongue(jpeg)).result;
    const bmp = (await analyzeTongue(await toBmp(jpeg))).result;
    expect(bmp.mask.areaFraction).toBeCloseTo(base.mask.areaFraction, 2);
    // Pixels stored turned a quarter left with orientation 6 (display: turn right) = the upright photo.
    const stored = await sharp(jpeg).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const upright = (await analyzeTongue(stored)).result;
    expect([upright.mask.width, upright.mask.height]).toEqual([base.mask.width, base.mask.height]);
    expect(Math.abs(upright.mask.box[0] - base.mask.box[0])).toBeLessThan(6);
    expect(Math.abs(upright.mask.box[1] - base.mask.box[1])).toBeLessThan(6);
    const png = (await analyzeTongue(await sharp(jpeg).png().toBuffer())).result;
    const webp = (await analyzeTongue(await sharp(jpeg).webp({ quality: 95 }).toBuffer())).result;
    expect(png.mask.areaFraction).toBeCloseTo(base.mask.areaFraction, 2);
    expect(webp.mask.areaFraction).toBeCloseTo(base.mask.areaFraction, 2);
  }, 30_000);
  it('answers each kind of bad file with its code', async () => {
    const jpeg = await readPhoto(id);
    const E = TONGUE_ERRORS;
    expect(await code(analyzeTongue(new Uint8Array(0)))).toBe(E.TONGUE_EMPTY_FILE.code);
    expect(await code(analyzeTongue(Buffer.from('this is a text file, not a photo')))).toBe(E.TONGUE_NOT_AN_IMAGE.code);
    expect(await code(analyzeTongue(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe(E.TONGUE_TRUNCATED.code);
    expect(await code(analyzeTongue(jpeg.subarray(0, 200)))).toBe(E.TONGUE_TRUNCATED.code);
    const png = await sharp(jpeg).png().toBuffer();
    expect(await code(analyzeTongue(png.subarray(0, Math.floor(png.length * 0.9))))).toBe(E.TONGUE_TRUNCATED.code);
    const bmp = await toBmp(jpeg);
    expect(await code(analyzeTongue(bmp.subarray(0, bmp.length - 5000)))).toBe(E.TONGUE_TRUNCATED.code);
    const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await code(analyzeTongue(big))).toBe(E.TONGUE_FILE_TOO_LARGE.code);
    const huge = pngClaiming(8000, 6000);
    expect(await code(analyzeTongue(huge))).toBe(E.TONGUE_TOO_MANY_PIXELS.code);
    const tiny = await sharp(jpeg).resize(120, 100).jpeg().toBuffer();
    expect(await code(analyzeTongue(tiny))).toBe(E.TONGUE_IMAGE_TOO_SMALL.code);
    expect(await code(analyzeTongue(await sharp(jpeg).gif().toBuffer()))).toBe(E.TONGUE_UNSUPPORTED_FORMAT.code);
    expect(await code(analyzeTongue(await sharp(jpeg).tiff().toBuffer()))).toBe(E.TONGUE_UNSUPPORTED_FORMAT.code);
  }, 30_000);
});

describe('result', () => {
  it('matches the contract, with the outline in photo pixels and the pictures on request', async () => {
    const id = VAL[2]!;
    const a = await analyzeTongue(await readPhoto(id), { mask: true, overlay: true });
    const r = tongueResultSchema.parse(a.result);
    const truth = await readMask(id);
    expect([r.mask.width, r.mask.height]).toEqual([truth.width, truth.height]);
    expect(r.mask.polygon.length).toBeGreaterThan(20);
    for (const [x, y] of r.mask.polygon) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(truth.height);
    }
    expect(r.version.model).toMatch(/^tongue-seg-\d/);
    for (const n of r.notes) {
      if (typeof n === 'string') throw new Error('the engine writes its notes in zh and en');
      expect(n.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await sharp(a.maskPng).metadata()).channels).toBe(1);
    const m = await sharp(a.maskPng).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([m.info.width, m.info.height]).toEqual([truth.width, truth.height]);
    const pred = new Uint8Array(m.data.length);
    for (let p = 0; p < pred.length; p++) pred[p] = m.data[p]! > 127 ? 1 : 0;
    expect(new Set(m.data).size).toBeLessThanOrEqual(2);
    expect(scores(count(pred, truth.mask)).iouTongue).toBeGreaterThan(0.9);
    expect((await sharp(a.overlayPng).metadata()).format).toBe('png');
  }, 30_000);
});
