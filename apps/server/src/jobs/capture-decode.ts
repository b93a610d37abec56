import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FILE_ERRORS, MAX_UPLOAD_BYTES } from '@tcm/contract';
import { readPulseFile } from '@tcm/analysis/pulse';
import { readVoiceWav } from '@tcm/analysis/voice';
import { decodeBmp, isBmpError, isEngineError, readBmpHeader } from '@tcm/analysis/common';
import { AppError, appErrorOf } from '../http/app-error.js';

// The engine pool's `decode` job (jobs/engine-jobs.ts): the full decode of an upload that pure
// JavaScript does. Here, beside the job that runs it, so the pool imports no feature module; the
// upload check (modules/files/content-check.ts) sends the job.

/** Where a pool job finds a file's content: a path (read in the pool, never on the API thread) or bytes. */
export type CaptureSource = { path: string } | { bytes: Uint8Array };

/** The bytes of a source: in an engine child, reading its file there. */
export const bytesOf = async (source: CaptureSource): Promise<Uint8Array> =>
  'path' in source ? new Uint8Array(await readFile(source.path)) : source.bytes;

/**
 * Most pixels a BMP upload may decode to: what a 24-bit BMP of the upload limit holds. A 1-bit
 * BMP of 10 MB claims 80 megapixels; its RGB buffer (240 MB) and PNG encode would cost the
 * engine child far more than any capture device's BMP needs.
 */
export const MAX_BMP_PIXELS = Math.floor(MAX_UPLOAD_BYTES / 3);

const corrupt = (why: string) => new AppError(FILE_ERRORS.FILE_CORRUPT, undefined, { reason: why });
/**
 * An engine's own reader said why (e.g. 3300xxx "sample rate unknown"): answer with its code and
 * text, through the server's one EngineError mapping (this runs in the engine pool, whose errors
 * cross back as AppErrors).
 */
const unreadable = (e: unknown, fallback: string) =>
  isEngineError(e) ? appErrorOf(e) : corrupt(e instanceof Error ? e.message : fallback);

/** The uploads whose full decode is CPU-bound JavaScript: it runs in the engine pool. */
export type HeavyCapture = 'audio' | 'pulse' | 'bmp';

/** What a decode answers: for a BMP the lossless PNG it becomes, else nothing to change. */
export type DecodedCapture = { png: Uint8Array; width: number; height: number } | null;

/**
 * The full decode of a pulse file, a WAV or a BMP (engine pool job `decode`). Throws AppError
 * 4000003 (or the engine's own code) when the content does not decode.
 */
export async function decodeCapture(
  capture: HeavyCapture,
  source: CaptureSource,
  name: string,
): Promise<DecodedCapture> {
  const bytes = await bytesOf(source);
  switch (capture) {
    case 'audio':
      try {
        readVoiceWav(bytes);
      } catch (e) {
        throw unreadable(e, 'unreadable WAV');
      }
      return null;
    case 'pulse':
      try {
        readPulseFile(bytes, name);
      } catch (e) {
        throw unreadable(e, 'unreadable pulse file');
      }
      return null;
    case 'bmp': {
      let raw;
      try {
        // The header first: the size is refused before any pixel buffer is allocated.
        const header = readBmpHeader(bytes);
        if (header.width * header.height > MAX_BMP_PIXELS) throw corrupt('BMP too large');
        raw = decodeBmp(bytes, header);
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw corrupt(isBmpError(e) ? String(e.detail?.reason) : 'unreadable BMP');
      }
      // Stored as lossless PNG: every engine and browser reads it, and no pixel changes.
      const png = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .png()
        .toBuffer();
      return { png: new Uint8Array(png), width: raw.width, height: raw.height };
    }
  }
}
