import { randomUUID, createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FILE_ERRORS, HTTP_ERRORS, MAX_UPLOAD_BYTES } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { assertNoNul } from '../../http/nul-guard.js';

/** A file part: its form field and the file name the client gave. */
interface FilePart {
  field: string;
  name: string;
}

/** A multipart body: its file parts by field name, and its text fields. */
interface Parts<F extends FilePart> {
  files: Map<string, F>;
  fields: Record<string, string>;
}

export interface UploadedPart extends FilePart {
  bytes: Uint8Array;
}

export type MultipartBody = Parts<UploadedPart>;

/** Bytes of an upload kept in memory for the content sniff (content-check.ts reads no further). */
export const HEAD_BYTES = 4096;

/**
 * An upload streamed to a temporary file as it arrived: the API thread never holds it whole
 * (docs/server.md "Uploads that don't stall others"). Size and SHA-256 were taken on the way.
 */
export interface DiskUpload extends FilePart {
  path: string;
  size: number;
  sha256: string;
  /** The first HEAD_BYTES bytes (fewer for a smaller file). */
  head: Uint8Array;
}

export type DiskMultipartBody = Parts<DiskUpload>;

/**
 * Walks a multipart request's parts: files go to `onFile` (which must consume the stream), text
 * fields are collected. Limits and malformed bodies become the API's error codes.
 */
async function walkParts(
  request: FastifyRequest,
  onFile: (part: MultipartFile) => Promise<string | null>,
): Promise<Record<string, string>> {
  if (!request.isMultipart())
    throw new AppError(FILE_ERRORS.FILE_MISSING, undefined, { reason: 'not multipart/form-data' });
  const fields: Record<string, string> = {};
  const names: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'file') {
        const name = await onFile(part);
        if (part.file.truncated) throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
        if (name !== null) names.push(name);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    // Multipart text arrives after the request's NUL guard ran: check names and fields here.
    assertNoNul({ fields, names }, 'body');
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(HTTP_ERRORS.PAYLOAD_TOO_LARGE);
    // Only the body is read in this loop: any other failure is a malformed or cut-off request.
    throw new AppError(HTTP_ERRORS.VALIDATION, `multipart body: ${e instanceof Error ? e.message : String(e)}`);
  }
  return fields;
}

/** Reads a part to nothing (a field nobody asked for, or a repeated one). */
async function drain(part: MultipartFile): Promise<void> {
  for await (const chunk of part.file) void chunk;
}

/**
 * Reads a multipart request into memory: the named file fields (each at most once; anything over
 * 10 MB is refused with 4000002 without buffering the rest) and the text fields. For small
 * uploads (research tables, device batches); capture uploads use `readMultipartToDisk`.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartBody> {
  const files = new Map<string, UploadedPart>();
  const fields = await walkParts(request, async (part) => {
    if (!fileFields.includes(part.fieldname) || files.has(part.fieldname)) return drain(part).then(() => null);
    const chunks: Buffer[] = [];
    for await (const c of part.file) chunks.push(c as Buffer);
    if (part.file.truncated) return null;
    const name = part.filename || part.fieldname;
    files.set(part.fieldname, { field: part.fieldname, name, bytes: new Uint8Array(Buffer.concat(chunks)) });
    return name;
  });
  return { files, fields };
}

/**
 * Reads a multipart request with its files streamed to temporary files under `dir` (hashed and
 * counted on the way, only the first 4 KB kept), so that a burst of 10 MB uploads costs the API
 * thread neither their memory nor a whole-file copy or hash at once. The caller must call
 * `discardUploads` when done (a stored file has been moved away by then: nothing is lost).
 */
export async function readMultipartToDisk(
  request: FastifyRequest,
  fileFields: readonly string[],
  dir: string,
): Promise<DiskMultipartBody> {
  const files = new Map<string, DiskUpload>();
  const written: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    const fields = await walkParts(request, async (part) => {
      if (!fileFields.includes(part.fieldname) || files.has(part.fieldname)) return drain(part).then(() => null);
      const path = join(dir, randomUUID());
      written.push(path);
      const hash = createHash('sha256');
      const head = Buffer.alloc(HEAD_BYTES);
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          // Per chunk (≤ 64 KB): a few tenths of a millisecond, never one long stretch.
          hash.update(chunk);
          if (size < HEAD_BYTES) chunk.copy(head, size, 0, Math.min(chunk.length, HEAD_BYTES - size));
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) return null;
      const name = part.filename || part.fieldname;
      const upload = { field: part.fieldname, name, path, size, sha256: hash.digest('hex') };
      files.set(part.fieldname, { ...upload, head: new Uint8Array(head.subarray(0, Math.min(size, HEAD_BYTES))) });
      return name;
    });
    return { files, fields };
  } catch (e) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw e;
  }
}

/** Removes an upload's temporary files (those moved into storage are already gone). */
export async function discardUploads(body: Pick<DiskMultipartBody, 'files'>): Promise<void> {
  await Promise.all([...body.files.values()].map((f) => rm(f.path, { force: true })));
}

/** Where uploads stream to: inside DATA_DIR, on the disk local storage renames them into. */
export const incomingDir = (dataDir: string) => join(dataDir, 'incoming');

/** An upload's temporary file older than this is a leftover of a crash (an upload lasts seconds). */
const LEFTOVER_MS = 60 * 60 * 1000;

/**
 * Removes leftovers of a crash from the incoming folder at start-up. Only old ones: another
 * process on the same DATA_DIR (a second node) may be receiving uploads right now.
 */
export async function sweepIncoming(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  await Promise.all(
    names.map(async (n) => {
      const p = join(dir, n);
      const s = await stat(p).catch(() => null);
      if (s && now - s.mtimeMs > LEFTOVER_MS) await rm(p, { force: true, recursive: true });
    }),
  );
}
