import filesErrors from './errors/files.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Files (spec §7 Files, §5 detection page): uploads are checked by content — magic bytes,
 * decodability, size — never by the file name. Range 40000xx (docs/records.md).
 */
export const FILE_ERRORS = defineErrors(filesErrors);

/** Upload size limit of spec §5/§9 ("no larger than 10M"), bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * What an upload holds, detected from its content: `image` (PNG, JPEG, BMP, GIF, WebP —
 * BMP is converted to PNG losslessly on upload), `audio` (RIFF/WAVE), `pulse` (CSV or JSON
 * text with numbers), `video` (MP4/WebM, rich-text editor only).
 */
export const fileKindSchema = z.enum(['image', 'audio', 'pulse', 'video']);
export type FileKind = z.infer<typeof fileKindSchema>;

/** One stored file as every upload and lookup answers it (spec §3 "Uploaded file"). */
export const storedFileSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  /** Path under /backend/file/… ; images honor `w`/`h` resize parameters (1–4096). */
  url: z.string(),
  kind: fileKindSchema,
  mime: z.string(),
  size: z.number().int().nonnegative(),
  /** Pixel size of images, else null. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Answer of the two ossFile uploads (spec §7): `remoteFileUrl` and `name`, plus the stored file. */
export const ossUploadResultSchema = storedFileSchema.extend({ remoteFileUrl: z.string() });
export type OssUploadResult = z.infer<typeof ossUploadResultSchema>;

/** Lookup query (spec §7): `uuid` (one) or `uuids` (comma-joined). Answers a list either way. */
export const fileLookupQuerySchema = z
  .object({
    uuid: z.string().uuid().optional(),
    uuids: z
      .string()
      .max(37 * 100)
      .regex(/^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$/, 'comma-joined uuids')
      .optional(),
  })
  .refine((q) => q.uuid || q.uuids, { message: 'uuid or uuids is required' });

/** Resize parameters of the file view (spec §5/§9): values outside 1–4096, or not numbers, are ignored. */
export const fileViewQuerySchema = z.object({
  w: z.string().max(16).optional(),
  h: z.string().max(16).optional(),
  width: z.string().max(16).optional(),
  height: z.string().max(16).optional(),
  /** A signed URL's expiry (unix seconds) and HMAC (docs/security.md §12); checked by the route. */
  exp: z.string().max(16).optional(),
  sig: z.string().max(100).optional(),
});
