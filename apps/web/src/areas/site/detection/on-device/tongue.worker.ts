/// <reference lib="webworker" />
// The tongue engine in the visitor's browser, off the main thread: the photo is decoded here
// (createImageBitmap with its EXIF orientation, drawn on an OffscreenCanvas) and analysed by the
// engine's own code (@tcm/analysis/tongue-on-device, with tongue-platform.ts as its host). Nothing
// is sent anywhere: the only requests are for the app's own model and runtime files.
import { isEngineError, TONGUE_ERRORS } from '@tcm/contract';
import { analyzeWorkImage } from '@tcm/analysis/tongue-on-device';
import type { OnDeviceReply, OnDeviceRequest } from './protocol.js';

// The server's limits (packages/analysis/src/tongue/decode.ts): the same refusals on both sides.
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 200;
const WORK_MAX_SIDE = 1024;

const post = (reply: OnDeviceReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);

class Refused extends Error {
  constructor(readonly code: number) {
    super(String(code));
  }
}

/** JPEG, PNG, WebP or BMP by its first bytes (the formats the server reads). */
function looksLikeImage(b: Uint8Array): boolean {
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    ascii(1, 3) === 'PNG' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') ||
    ascii(0, 2) === 'BM'
  );
}

/** A JPEG without its end marker or a PNG without its end chunk near the end of the file. */
async function cutShort(photo: Blob): Promise<boolean> {
  const head = new Uint8Array(await photo.slice(0, 8).arrayBuffer());
  const tail = new Uint8Array(await photo.slice(Math.max(0, photo.size - 4096)).arrayBuffer());
  const has = (sig: number[]) => tail.some((_, i) => sig.every((v, k) => tail[i + k] === v));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return !has([0xff, 0xd9]);
  if (head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return !has([0x49, 0x45, 0x4e, 0x44]);
  return false;
}

/** The upright photo at most 1024 px on its long side as RGB, and its size as taken. */
async function decode(photo: Blob) {
  if (photo.size === 0) throw new Refused(TONGUE_ERRORS.TONGUE_EMPTY_FILE.code);
  if (photo.size > MAX_FILE_BYTES) throw new Refused(TONGUE_ERRORS.TONGUE_FILE_TOO_LARGE.code);
  // A JPEG or PNG cut short still decodes in the browser (grey below the cut); the server's
  // decoder refuses it as damaged (sharp, failOn 'truncated'), and so does this.
  if (await cutShort(photo)) throw new Refused(TONGUE_ERRORS.TONGUE_TRUNCATED.code);
  let bitmap: ImageBitmap;
  try {
    // 'from-image': the EXIF orientation applied, as sharp's rotate() does on the server.
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image', colorSpaceConversion: 'default' });
  } catch {
    // As on the server: an image signature that does not decode is a damaged file.
    const head = new Uint8Array(await photo.slice(0, 12).arrayBuffer());
    throw new Refused(
      looksLikeImage(head) ? TONGUE_ERRORS.TONGUE_TRUNCATED.code : TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE.code,
    );
  }
  const original = { width: bitmap.width, height: bitmap.height };
  if (original.width * original.height > MAX_PIXELS) throw new Refused(TONGUE_ERRORS.TONGUE_TOO_MANY_PIXELS.code);
  if (Math.min(original.width, original.height) < MIN_SIDE)
    throw new Refused(TONGUE_ERRORS.TONGUE_IMAGE_TOO_SMALL.code);
  const s = Math.min(1, WORK_MAX_SIDE / Math.max(original.width, original.height));
  const width = Math.round(original.width * s);
  const height = Math.round(original.height * s);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' })!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height * 3);
  for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) {
    data[q] = rgba[p]!;
    data[q + 1] = rgba[p + 1]!;
    data[q + 2] = rgba[p + 2]!;
  }
  return { work: { data, width, height }, original };
}

let warmed = false;

self.onmessage = async (e: MessageEvent<OnDeviceRequest>) => {
  const { id, photo } = e.data;
  const t0 = performance.now();
  try {
    post({ id, type: 'step', step: 'decode' });
    const { work, original } = await decode(photo);
    // The first photo also loads the runtime and the networks (the page says so).
    if (!warmed) post({ id, type: 'step', step: 'runtime' });
    const { result } = await analyzeWorkImage(work, original, undefined, (step) => {
      if (step !== 'segment' || warmed) post({ id, type: 'step', step });
    });
    warmed = true;
    post({ id, type: 'done', result, ms: performance.now() - t0 });
  } catch (err) {
    if (err instanceof Refused) post({ id, type: 'error', code: err.code, detail: err.message });
    else if (isEngineError(err)) post({ id, type: 'error', code: err.code, detail: err.message });
    else post({ id, type: 'error', detail: String((err as Error)?.message ?? err) });
  }
};
