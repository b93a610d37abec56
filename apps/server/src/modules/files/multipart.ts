import type { FastifyRequest } from 'fastify';
import { FILE_ERRORS, HTTP_ERRORS, MAX_UPLOAD_BYTES } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { assertNoNul } from '../../http/nul-guard.js';

export interface UploadedPart {
  field: string;
  name: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  files: Map<string, UploadedPart>;
  fields: Record<string, string>;
}

/**
 * Reads a multipart request: the named file fields (each at most once; anything over 10 MB is
 * refused with 4000002 without buffering the rest) and the text fields.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AppError(FILE_ERRORS.FILE_MISSING, undefined, { reason: 'not multipart/form-data' });
  const files = new Map<string, UploadedPart>();
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const c of part.file) chunks.push(c as Buffer);
        if (part.file.truncated) throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
        if (!fileFields.includes(part.fieldname) || files.has(part.fieldname)) continue;
        const bytes = new Uint8Array(Buffer.concat(chunks));
        files.set(part.fieldname, { field: part.fieldname, name: part.filename || part.fieldname, bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    // Multipart text arrives after the request's NUL guard ran: check names and fields here.
    assertNoNul({ fields, names: [...files.values()].map((f) => f.name) }, 'body');
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(HTTP_ERRORS.PAYLOAD_TOO_LARGE);
    // Only the body is read in this loop: any other failure is a malformed or cut-off request.
    throw new AppError(HTTP_ERRORS.VALIDATION, `multipart body: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { files, fields };
}
