import sharp from 'sharp';
import { FILE_ERRORS, MAX_UPLOAD_BYTES, type FileKind } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import type { CaptureSource, HeavyCapture } from '../../jobs/capture-decode.js';
import type { EnginePool } from '../../jobs/engine-pool.js';
import type { DiskUpload } from './multipart.js';

/** What a caller accepts: kinds, and for images which formats (the detection page: PNG, JPEG, BMP). */
export interface AcceptRule {
  kinds: readonly FileKind[];
  /** Extra image formats beyond PNG/JPEG/BMP (the editor also takes GIF and WebP). */
  extraImages?: boolean;
}

/** A checked upload, ready to store: `bytes` may differ from the input (BMP becomes PNG). */
export interface CheckedFile<Content = Uint8Array | DiskUpload> {
  kind: FileKind;
  mime: string;
  /** The content to store: bytes in memory, or the upload's temporary file as it came. */
  bytes: Content;
  name: string;
  width: number | null;
  height: number | null;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

type Sniffed = { kind: FileKind; mime: string } | null;

/** Largest image accepted, pixels (a 100-megapixel photo is far beyond any capture device here). */
export const MAX_PIXELS = 100_000_000;

/** Magic bytes → kind and MIME type; text that looks like CSV/JSON → pulse; else null. */
export function sniff(b: Uint8Array): Sniffed {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG') return { kind: 'image', mime: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg' };
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM') return { kind: 'image', mime: 'image/bmp' };
  if (b.length >= 6 && ascii(b, 0, 4) === 'GIF8') return { kind: 'image', mime: 'image/gif' };
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP')
    return { kind: 'image', mime: 'image/webp' };
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE')
    return { kind: 'audio', mime: 'audio/wav' };
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') return { kind: 'video', mime: 'video/mp4' };
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { kind: 'video', mime: 'video/webm' };
  return looksLikePulseText(b);
}

function looksLikePulseText(b: Uint8Array): Sniffed {
  const head = b.subarray(0, 4096);
  if (head.includes(0)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return { kind: 'pulse', mime: 'application/json' };
  // CSV: a header or data line followed by lines of comma/semicolon/tab separated numbers.
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const numeric = lines.slice(1, 6).filter((l) => /^[\s"']*[-+]?\d/.test(l) && /^[-+\d.eE,;\t\s"'NnAa]+$/.test(l));
  if (lines.length >= 2 && numeric.length >= Math.min(3, lines.length - 1)) return { kind: 'pulse', mime: 'text/csv' };
  return null;
}

const corrupt = (why: string) => new AppError(FILE_ERRORS.FILE_CORRUPT, undefined, { reason: why });
/** Longest the pool may spend decoding one upload (a 10 MB pulse file takes about a second). */
export const DECODE_TIMEOUT_MS = 30_000;

/**
 * Checks an upload by content — size, magic bytes, then a full decode — and answers the
 * normalized file. The decode of pulse, WAV and BMP files runs in the engine pool (a 10 MB file
 * would hold the event loop for a second); PNG/JPEG decode in libvips' own threads. An upload
 * streamed to disk is sniffed from its first 4 KB and decoded from its file: the API thread
 * neither reads it whole nor copies it to the pool.
 * Throws AppError 4000002 / 4000003 / 4000004, or 4003001-3 from the pool.
 */
export async function checkUpload(
  bytes: Uint8Array,
  name: string,
  accept: AcceptRule,
  engines: EnginePool,
): Promise<CheckedFile<Uint8Array>>;
export async function checkUpload(
  bytes: Uint8Array | DiskUpload,
  name: string,
  accept: AcceptRule,
  engines: EnginePool,
): Promise<CheckedFile>;
export async function checkUpload(
  bytes: Uint8Array | DiskUpload,
  name: string,
  accept: AcceptRule,
  engines: EnginePool,
): Promise<CheckedFile> {
  const onDisk = !(bytes instanceof Uint8Array);
  const size = onDisk ? bytes.size : bytes.length;
  if (size > MAX_UPLOAD_BYTES) throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
  if (size === 0) throw corrupt('empty file');
  const s = sniff(onDisk ? bytes.head : bytes);
  const imageOk = (mime: string) =>
    ['image/png', 'image/jpeg', 'image/bmp'].includes(mime) || (accept.extraImages && mime !== 'image/bmp');
  if (!s || !accept.kinds.includes(s.kind) || (s.kind === 'image' && !imageOk(s.mime)))
    throw new AppError(FILE_ERRORS.FILE_TYPE_NOT_ALLOWED, undefined, { detected: s?.mime ?? null });
  const clean = name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || 'file';
  const source: CaptureSource = onDisk ? { path: bytes.path } : { bytes };
  const decode = (capture: HeavyCapture) =>
    engines.run({ kind: 'decode', capture, source, name: clean }, { timeoutMs: DECODE_TIMEOUT_MS });
  switch (s.kind) {
    case 'image': {
      if (s.mime !== 'image/bmp') return checkImage(bytes, onDisk ? bytes.path : bytes, s.mime, clean);
      const d = (await decode('bmp'))!;
      const pngName = clean.replace(/\.bmp$/i, '') + '.png';
      return { kind: 'image', mime: 'image/png', bytes: d.png, name: pngName, width: d.width, height: d.height };
    }
    case 'audio':
    case 'pulse':
      await decode(s.kind);
      return { kind: s.kind, mime: s.mime, bytes, name: clean, width: null, height: null };
    case 'video':
      // No video decoder ships with the server: the container signature is the check (editor media only).
      return { kind: 'video', mime: s.mime, bytes, name: clean, width: null, height: null };
  }
}

async function checkImage(
  bytes: CheckedFile['bytes'],
  input: Uint8Array | string,
  mime: string,
  name: string,
): Promise<CheckedFile> {
  try {
    // A full decode (not just the header): truncated or damaged pixel data fails here. Decoding
    // into a small copy keeps memory bounded (libvips streams), and the pixel limit stops
    // decompression bombs (a few KB of PNG claiming gigapixels).
    const opts = { failOn: 'truncated' as const, limitInputPixels: MAX_PIXELS };
    const meta = await sharp(input, opts).metadata();
    await sharp(input, opts).resize(256, 256, { fit: 'inside' }).raw().toBuffer();
    return { kind: 'image', mime, bytes, name, width: meta.width ?? null, height: meta.height ?? null };
  } catch (e) {
    throw corrupt(e instanceof Error ? e.message : 'undecodable image');
  }
}
