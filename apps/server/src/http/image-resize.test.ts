import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { resizeImage, resizeRequestOf } from './image-resize.js';

describe('image resize parameters', () => {
  it('honors values between 1 and 4096 only', () => {
    expect(resizeRequestOf({ w: '200', h: '100' })).toEqual({ width: 200, height: 100 });
    expect(resizeRequestOf({ width: '4096', height: '1' })).toEqual({ width: 4096, height: 1 });
    expect(resizeRequestOf({ w: '0', h: '4097' })).toEqual({});
    expect(resizeRequestOf({ w: '-5', h: '12.5' })).toEqual({});
    expect(resizeRequestOf({ w: 'abc', h: ['300', '9'] })).toEqual({ height: 300 });
  });

  it('fits the image inside the box without enlarging, keeping the format', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#1E1A1A' } })
      .png()
      .toBuffer();
    const small = await sharp(await resizeImage(png, { width: 100 })).metadata();
    expect(small).toMatchObject({ width: 100, height: 50, format: 'png' });
    const big = await sharp(await resizeImage(png, { width: 4000 })).metadata();
    expect(big).toMatchObject({ width: 400, height: 200 });
    expect(await resizeImage(png, {})).toBe(png);
  });
});
