import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharpLib from 'sharp';
import type { ReportLanguage } from '@tcm/contract';
import { runPipeline } from '@tcm/analysis/pipeline';
import { recordReportModel } from '../src/record-model.js';

// sharp takes paths, not file URLs.
const sharp = (u: URL) => sharpLib(fileURLToPath(u));

/** The shared real-data folder (../shared/data beside the checkout). */
export const DATA = new URL('../../../../shared/data/', import.meta.url);

/** A photo resized to `width` px as base64 JPEG, plus the factor from original to resized pixels. */
export async function smallJpeg(path: URL, width: number) {
  const meta = await sharp(path).metadata();
  const { data, info } = await sharp(path)
    .resize({ width })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    mime: 'image/jpeg' as const,
    base64: data.toString('base64'),
    width: info.width,
    height: info.height,
    factor: info.width / (meta.width ?? info.width),
  };
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/** Mean CIELAB (D65) of the photo's pixels under the mask, and the mask outline (pixel coords of a `width`-px copy). */
export async function tongueMeasures(image: URL, mask: URL, width: number) {
  const img = await sharp(image).resize({ width }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const m = await sharp(mask)
    .resize({ width, kernel: 'nearest' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = img.info.width;
  const H = img.info.height;
  let n = 0,
    sx = 0,
    sy = 0,
    X = 0,
    Y = 0,
    Z = 0;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && m.data[y * W + x]! > 127;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!inside(x, y)) continue;
      const i = (y * W + x) * 3;
      const r = srgbToLinear(img.data[i]! / 255),
        g = srgbToLinear(img.data[i + 1]! / 255),
        b = srgbToLinear(img.data[i + 2]! / 255);
      X += (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
      Y += 0.2126 * r + 0.7152 * g + 0.0722 * b;
      Z += (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
      sx += x;
      sy += y;
      n++;
    }
  const [fx, fy, fz] = [f(X / n), f(Y / n), f(Z / n)];
  const lab = { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
  // Radial outline from the centroid: the tongue is close to star-shaped, which is enough for a picture.
  const cx = sx / n,
    cy = sy / n;
  const outline: [number, number][] = [];
  for (let k = 0; k < 96; k++) {
    const a = (2 * Math.PI * k) / 96;
    let last: [number, number] = [Math.round(cx), Math.round(cy)];
    for (let r = 0; r < Math.hypot(W, H); r += 0.5) {
      const x = Math.round(cx + r * Math.cos(a)),
        y = Math.round(cy + r * Math.sin(a));
      if (x < 0 || y < 0 || x >= W || y >= H) break;
      if (inside(x, y)) last = [x, y];
    }
    outline.push(last);
  }
  return { lab, outline, coverage: n / (W * H) };
}

/** A few seconds of the BIDMC PLETH channel (125 Hz) from `startS`, averaged down by `step`, with beat peaks. */
export async function plethExcerpt(startS: number, seconds: number, step: number) {
  const text = await readFile(new URL('pulse/bidmc01.csv', DATA), 'utf8');
  const lines = text.trim().split('\n');
  const col = lines[0]!
    .split(',')
    .map((s) => s.trim())
    .indexOf('PLETH');
  const rate = 125;
  const raw = lines.slice(1 + startS * rate, 1 + (startS + seconds) * rate).map((l) => Number(l.split(',')[col]));
  const samples: number[] = [];
  for (let i = 0; i + step <= raw.length; i += step)
    samples.push(Number((raw.slice(i, i + step).reduce((s, v) => s + v, 0) / step).toFixed(4)));
  const rateHz = rate / step;
  const half = Math.round(0.25 * rateHz);
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  const peaks: number[] = [];
  for (let i = half; i < samples.length - half; i++) {
    const v = samples[i]!;
    if (v <= mean) continue;
    let top = true;
    for (let j = i - half; j <= i + half && top; j++) if (samples[j]! > v || (samples[j] === v && j < i)) top = false;
    if (top) peaks.push(i);
  }
  const rr = peaks.slice(1).map((p, i) => ((p - peaks[i]!) / rateHz) * 1000);
  const rrMean = rr.reduce((s, v) => s + v, 0) / rr.length;
  const sdnn = Math.sqrt(rr.reduce((s, v) => s + (v - rrMean) ** 2, 0) / (rr.length - 1));
  const rmssd = Math.sqrt(rr.slice(1).reduce((s, v, i) => s + (v - rr[i]!) ** 2, 0) / (rr.length - 1));
  return { rateHz, samples, peaks, bpm: 60000 / rrMean, sdnn, rmssd };
}

/** The capture files of the example report's engine sections (a woman: the person of the example is one). */
export const EXAMPLE_CAPTURES = {
  face: 'face/02-woman.jpg',
  pulse: 'pulse/bidmc01.csv',
  // Praat's example sound: a woman reading.
  voice: 'voice/north-wind-and-sun.wav',
} as const;

/**
 * The face, pulse and voice sections of the example reports: the same pipeline the server's
 * analysis runs (`@tcm/analysis/pipeline`) on the shared real captures, mapped by the same
 * results-to-report code (`recordReportModel`), so the examples show what a record's PDF shows.
 */
export async function engineSections(lang: ReportLanguage) {
  const file = async (rel: string) => ({
    bytes: new Uint8Array(await readFile(new URL(rel, DATA))),
    name: rel.split('/').pop()!,
  });
  const files = {
    face: await file(EXAMPLE_CAPTURES.face),
    pulse: await file(EXAMPLE_CAPTURES.pulse),
    voice: await file(EXAMPLE_CAPTURES.voice),
  };
  const date = '2026-11-22T01:40:00.000Z';
  const results = await runPipeline(
    { files, sex: 'female', history: [], date, lang },
    { onStep: async () => undefined, onOutcome: async () => undefined },
  );
  const model = await recordReportModel(
    {
      id: 'example',
      createdAt: new Date(date),
      person: { sex: 'female' },
      organisation: null,
      results,
      photos: { face: files.face.bytes },
      pulseFile: files.pulse,
    },
    lang,
  );
  return { face: model.face, pulse: model.pulse, voice: model.voice };
}
