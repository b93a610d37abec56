import sharp from 'sharp';

/**
 * Two images (paths or bytes) scaled to `height` and set side by side on a `background` canvas,
 * as one JPEG: the "several faces" and "several tongues" fixtures of the engines' tests.
 */
export async function sideBySideJpeg(
  a: string | Buffer,
  b: string | Buffer,
  height: number,
  background: string,
): Promise<Buffer> {
  const left = await sharp(a).resize({ height }).toBuffer({ resolveWithObject: true });
  const right = await sharp(b).resize({ height }).toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: left.info.width + right.info.width, height, channels: 3, background } })
    .composite([
      { input: left.data, left: 0, top: 0 },
      { input: right.data, left: left.info.width, top: 0 },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}
