import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, stillContexts } from './browser.js';

/**
 * Writes a still photo as a one-frame Y4M video (4:2:0, BT.601 full range), the format Chromium's
 * fake camera reads, so the camera journeys film a real tongue or face instead of a test pattern.
 */
export async function photoToY4m(photo: string, width = 640, height = 480): Promise<string> {
  const { data } = await sharp(photo)
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const px = (x: number, yy: number) => {
    const p = (yy * width + x) * 3;
    return [data[p]!, data[p + 1]!, data[p + 2]!] as const;
  };
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      const [r, g, b] = px(i, j);
      y[j * width + i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  for (let j = 0; j < height / 2; j++)
    for (let i = 0; i < width / 2; i++) {
      let cb = 0;
      let cr = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [r, g, b] = px(2 * i + dx, 2 * j + dy);
        cb += 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
        cr += 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      u[j * (width / 2) + i] = Math.max(0, Math.min(255, Math.round(cb / 4)));
      v[j * (width / 2) + i] = Math.max(0, Math.min(255, Math.round(cr / 4)));
    }
  const file = join(tmpdir(), `tcm-e2e-${process.pid}-${Date.now()}.y4m`);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\nFRAME\n`, 'latin1');
  writeFileSync(file, Buffer.concat([header, y, u, v]));
  return file;
}

/**
 * Debian's Chromium with a fake camera and microphone: the camera shows `video` (Y4M), the
 * microphone plays `audio` (WAV) in a loop, and permission prompts are granted.
 */
export async function launchWithFakeMedia(video: string, audio: string): Promise<Browser> {
  return stillContexts(
    await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_FLAGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${resolve(video)}`,
        `--use-file-for-fake-audio-capture=${resolve(audio)}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
      headless: true,
    }),
  );
}
