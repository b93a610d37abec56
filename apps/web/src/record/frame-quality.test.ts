import { readdirSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { frameQuality, frameTips } from './frame-quality.js';

const DIR = '../shared/data/tongue/images/';
// Every 150th photo of the shared set: a spread of phones, lighting and resolutions.
const PHOTOS = readdirSync(DIR)
  .sort()
  .filter((_, i) => i % 150 === 0)
  .map((f) => DIR + f);

async function quality(img: Sharp) {
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return frameQuality(new Uint8Array(data), info.width, info.height);
}

describe('camera frame quality', () => {
  it('passes most real tongue photos and flags every one of them once blurred', async () => {
    let sharpOk = 0;
    for (const p of PHOTOS) {
      const q = await quality(sharp(p).resize(640));
      if (!frameTips(q).includes('blurry')) sharpOk++;
      const blurred = await quality(sharp(p).resize(640).blur(3));
      expect(frameTips(blurred), p).toContain('blurry');
      expect(blurred.sharpness).toBeLessThan(q.sharpness);
    }
    expect(sharpOk / PHOTOS.length).toBeGreaterThanOrEqual(0.7);
  });

  it('flags a darkened and an overexposed photo', async () => {
    const p = PHOTOS[1]!;
    expect(frameTips(await quality(sharp(p).resize(640).linear(0.2, 0)))).toContain('tooDark');
    expect(frameTips(await quality(sharp(p).resize(640).linear(3, 80)))).toContain('tooBright');
  });

  it('handles a flat frame (no texture) as blurry, and a tiny frame without crashing', () => {
    const flat = new Uint8ClampedArray(64 * 64 * 4).fill(128);
    expect(frameTips(frameQuality(flat, 64, 64))).toEqual(['blurry']);
    expect(frameQuality(new Uint8ClampedArray(4 * 2 * 2), 2, 2)).toEqual({ brightness: 0, sharpness: 0 });
  });
});
