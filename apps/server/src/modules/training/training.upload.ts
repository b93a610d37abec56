import type { FastifyRequest } from 'fastify';
import { FILE_ERRORS, HTTP_ERRORS, MAX_UPLOAD_BYTES, TRAINING_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { assertNoNul } from '../../http/nul-guard.js';
import type { PhotoSource } from './training.import.js';

/** Photos per import request: the multipart limit of the app (10 files) less the label table. */
export const PHOTOS_PER_REQUEST = 9;

/**
 * Reads the import screen's request: one `labels` file (the table) and up to nine `photos` files.
 * The screen sends a larger folder in several requests (docs/training.md "Import").
 */
export async function readImportUpload(
  request: FastifyRequest,
): Promise<{ labelTable: string; photos: PhotoSource[] }> {
  if (!request.isMultipart())
    throw new AppError(FILE_ERRORS.FILE_MISSING, undefined, { reason: 'not multipart/form-data' });
  let labelTable: string | undefined;
  const photos: PhotoSource[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
      if (part.fieldname === 'labels') labelTable = bytes.toString('utf8');
      else if (part.fieldname === 'photos') {
        const data = new Uint8Array(bytes);
        photos.push({ name: part.filename || 'photo', bytes: async () => data });
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(FILE_ERRORS.FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(HTTP_ERRORS.PAYLOAD_TOO_LARGE);
    throw new AppError(HTTP_ERRORS.VALIDATION, `multipart body: ${e instanceof Error ? e.message : String(e)}`);
  }
  assertNoNul({ labelTable, names: photos.map((p) => p.name) }, 'body');
  if (labelTable === undefined) throw new AppError(TRAINING_ERRORS.LABEL_TABLE_INVALID);
  if (!photos.length) throw new AppError(TRAINING_ERRORS.IMPORT_EMPTY);
  return { labelTable, photos };
}
