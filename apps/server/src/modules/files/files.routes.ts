import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FILE_ERRORS,
  FILE_PATHS,
  fileLookupQuerySchema,
  fileViewQuerySchema,
  ossUploadResultSchema,
  storedFileSchema,
} from '@tcm/contract';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { ok, okSchema } from '../../http/envelope.js';
import { resizeRequestOf } from '../../http/image-resize.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import type { AcceptRule } from './content-check.js';
import { filesByIds, presentFile, readFileBytes, saveFile } from './files.service.js';
import { readMultipart } from './multipart.js';
import { ResizedImages } from './resized-images.js';
import { contentDisposition, servedType } from './served-name.js';

const tags = ['files'];

/** Uploads (spec §7 Files), lookup by uuid(s), and the file view with resize parameters. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;
  const resized = new ResizedImages(storage, config.imageResize);

  const upload = async (request: FastifyRequest, accept: AcceptRule, ownerUserId: string | null) => {
    const { files } = await readMultipart(request, ['file']);
    const part = files.get('file');
    if (!part) throw new AppError(FILE_ERRORS.FILE_MISSING);
    return presentFile(
      await saveFile(db, storage, {
        bytes: part.bytes,
        name: part.name,
        accept,
        engines: app.ctx.engines,
        ownerUserId,
      }),
    );
  };
  const oss = <T extends { url: string }>(f: T) => ({ ...f, remoteFileUrl: f.url });

  app.post(
    FILE_PATHS.portalOssUpload,
    {
      schema: {
        tags,
        summary: 'Public upload (no sign-in): PNG/JPEG/BMP image ≤ 10 MB → data.remoteFileUrl, data.name',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(ossUploadResultSchema) },
      },
    },
    async (request) => {
      app.ctx.publicUploads.check(request);
      return ok(oss(await upload(request, { kinds: ['image'] }, null)), request.msgLang);
    },
  );

  app.post(
    FILE_PATHS.editorOssUpload,
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'Rich-text editor upload: image (also GIF/WebP) or video ≤ 10 MB → data.remoteFileUrl',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(ossUploadResultSchema) },
      },
    },
    async (request) =>
      ok(
        oss(await upload(request, { kinds: ['image', 'video'], extraImages: true }, principalOf(request).user.id)),
        request.msgLang,
      ),
  );

  app.post(
    FILE_PATHS.upload,
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'Upload component: image, WAV voice or pulse CSV/JSON ≤ 10 MB → data {uuid, name, url}',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(storedFileSchema) },
      },
    },
    async (request) =>
      ok(await upload(request, { kinds: ['image', 'audio', 'pulse'] }, principalOf(request).user.id), request.msgLang),
  );

  app.get(
    FILE_PATHS.lookup,
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'The caller’s (and public) files by `uuid` or comma-joined `uuids`; others are left out',
        querystring: fileLookupQuerySchema,
        response: { 200: okSchema(z.array(storedFileSchema)) },
      },
    },
    async (request) => {
      const ids = request.query.uuid ? [request.query.uuid] : request.query.uuids!.split(',');
      const me = principalOf(request).user.id;
      // Only the caller's own uploads and public (portal) ones: names of others' files stay private.
      const rows = (await filesByIds(db, [...new Set(ids.map((s) => s.toLowerCase()))])).filter(
        (f) => f.ownerUserId === me || (f.ownerUserId === null && f.deviceId === null),
      );
      const order = new Map(ids.map((id, i) => [id.toLowerCase(), i]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return ok(rows.map(presentFile), request.msgLang);
    },
  );

  app.get(
    FILE_PATHS.view(':uuid'),
    {
      schema: {
        tags,
        summary: 'File bytes; images take w/h (1–4096). The random uuid is the capability.',
        params: z.object({ uuid: z.string().uuid() }),
        querystring: fileViewQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const f = await db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, request.params.uuid))
        .then((r) => r[0]);
      if (!f) throw new AppError(FILE_ERRORS.FILE_NOT_FOUND);
      const original = () => readFileBytes(storage, f);
      const { bytes, cache } =
        f.kind === 'image'
          ? await resized.variant(request, f, resizeRequestOf(request.query as Record<string, unknown>), original)
          : { bytes: await original(), cache: 'none' as const };
      // Type and name come from the detected content, never from the uploader (docs/security.md §10f).
      return reply
        .header('content-type', servedType(f.mime))
        .header('content-disposition', contentDisposition(f.name, f.mime))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('x-resize-cache', cache)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};
