import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Files (spec §7 Files, §5 detection page): uploads are checked by content — magic bytes,
 * decodability, size — never by the file name. Range 40000xx (docs/records.md).
 */
export const FILE_ERRORS = defineErrors({
  FILE_MISSING: { code: 4000001, status: 400, zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  FILE_TOO_LARGE: {
    code: 4000002,
    status: 413,
    zh: '文件不能超过 10M',
    en: 'The file must not be larger than 10 MB',
  },
  FILE_TYPE_NOT_ALLOWED: {
    code: 4000003,
    status: 400,
    zh: '文件格式不正确：图片仅支持 PNG、JPG、JPEG、BMP，音频仅支持 WAV，脉象文件仅支持 CSV 或 JSON',
    en: 'Wrong file type: images must be PNG, JPG, JPEG or BMP, audio WAV, pulse files CSV or JSON',
  },
  FILE_CORRUPT: {
    code: 4000004,
    status: 400,
    zh: '文件已损坏或无法读取，请重新拍摄或选择文件',
    en: 'The file is damaged or cannot be read; take it again or choose another file',
  },
  FILE_NOT_FOUND: { code: 4000005, status: 404, zh: '文件不存在', en: 'The file does not exist' },
  STORAGE_FAILED: {
    code: 4000006,
    status: 503,
    zh: '文件存储暂时不可用，请稍后再试',
    en: 'File storage is unavailable for now, please try again later',
  },
});

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
