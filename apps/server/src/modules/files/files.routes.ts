import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_TOKEN_COOKIE,
  AUDIT_ERRORS,
  FILE_ERRORS,
  FILE_PATHS,
  fileLookupQuerySchema,
  fileViewQuerySchema,
  ossUploadResultSchema,
  storedFileSchema,
} from '@tcm/contract';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { resizeRequestOf } from '../../http/image-resize.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { noteAudit } from '../audit/audit-hook.js';
import { canOpenFile } from './file-access.js';
import type { AcceptRule } from './content-check.js';
import { filesByIds, presentFile, readFileBytes, saveFile, type StoredFileRow } from './files.service.js';
import { discardUploads, incomingDir, readMultipartToDisk, sweepIncoming } from './multipart.js';
import { ResizedImages } from './resized-images.js';
import { contentDisposition, servedType } from './served-name.js';

const tags = ['files'];
const route = routeOf(tags);

/** Uploads (spec §7 Files), lookup by uuid(s), and the file view with resize parameters. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config, fileSigner } = app.ctx;
  const resized = new ResizedImages(storage, config.imageResize);
  const signedIn = requireAuth();
  const incoming = incomingDir(config.dataDir);
  await sweepIncoming(incoming);

  /**
   * Who may have a health file's bytes (docs/security.md §12): a valid signed URL of this file, or
   * a session (Bearer, or the cookie an <img> sends) whose user may see it. Public CMS images skip this.
   */
  const assertMayOpen = async (request: FastifyRequest, reply: FastifyReply, f: StoredFileRow) => {
    const q = request.query as { exp?: string; sig?: string };
    if (q.exp !== undefined || q.sig !== undefined) {
      fileSigner.verify(f.id, q.exp ?? '', q.sig ?? '');
      noteAudit(request, { actorKind: 'signed-url' });
      return;
    }
    const hasToken = !!request.headers.authorization || !!request.cookies?.[ACCESS_TOKEN_COOKIE];
    if (!hasToken) throw new AppError(AUDIT_ERRORS.FILE_SIGN_IN_REQUIRED);
    await signedIn.call(app, request, reply);
    if (!(await canOpenFile(db, principalOf(request), f))) throw new AppError(AUDIT_ERRORS.FILE_FORBIDDEN);
  };

  const upload = async (request: FastifyRequest, accept: AcceptRule, ownerUserId: string | null, isPublic = false) => {
    const body = await readMultipartToDisk(request, ['file'], incoming);
    try {
      const part = body.files.get('file');
      if (!part) throw new AppError(FILE_ERRORS.FILE_MISSING);
      return presentFile(
        await saveFile(db, storage, {
          bytes: part,
          name: part.name,
          accept,
          engines: app.ctx.engines,
          ownerUserId,
          public: isPublic,
        }),
        fileSigner,
      );
    } finally {
      await discardUploads(body);
    }
  };
  const oss = <T extends { url: string }>(f: T) => ({ ...f, remoteFileUrl: f.url });

  app.post(
    FILE_PATHS.portalOssUpload,
    route(OPEN, 'Public upload (no sign-in): PNG/JPEG/BMP image ≤ 10 MB → data.remoteFileUrl, data.name', {
      consumes: ['multipart/form-data'],
      data: ossUploadResultSchema,
    }),
    async (request) => {
      app.ctx.publicUploads.check(request);
      return ok(oss(await upload(request, { kinds: ['image'] }, null)), request.msgLang);
    },
  );

  app.post(
    FILE_PATHS.editorOssUpload,
    route(requireAuth(), 'Rich-text editor upload: image (also GIF/WebP) or video ≤ 10 MB → data.remoteFileUrl', {
      consumes: ['multipart/form-data'],
      data: ossUploadResultSchema,
    }),
    async (request) =>
      ok(
        // Editor uploads are the site's own images (news, pages, covers, logos): public, no health data.
        oss(
          await upload(request, { kinds: ['image', 'video'], extraImages: true }, principalOf(request).user.id, true),
        ),
        request.msgLang,
      ),
  );

  app.post(
    FILE_PATHS.upload,
    route(requireAuth(), 'Upload component: image, WAV voice or pulse CSV/JSON ≤ 10 MB → data {uuid, name, url}', {
      consumes: ['multipart/form-data'],
      data: storedFileSchema,
    }),
    async (request) =>
      ok(await upload(request, { kinds: ['image', 'audio', 'pulse'] }, principalOf(request).user.id), request.msgLang),
  );

  app.get(
    FILE_PATHS.lookup,
    route(requireAuth(), 'The caller’s (and public) files by `uuid` or comma-joined `uuids`; others are left out', {
      querystring: fileLookupQuerySchema,
      data: z.array(storedFileSchema),
    }),
    async (request) => {
      const ids = request.query.uuid ? [request.query.uuid] : request.query.uuids!.split(',');
      const me = principalOf(request).user.id;
      // Only the caller's own uploads and public (portal) ones: names of others' files stay private.
      const rows = (await filesByIds(db, [...new Set(ids.map((s) => s.toLowerCase()))])).filter(
        (f) => f.ownerUserId === me || (f.ownerUserId === null && f.deviceId === null),
      );
      const order = new Map(ids.map((id, i) => [id.toLowerCase(), i]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return ok(
        rows.map((f) => presentFile(f, fileSigner)),
        request.msgLang,
      );
    },
  );

  app.get(
    FILE_PATHS.view(':uuid'),
    {
      schema: {
        tags,
        summary:
          'File bytes; images take w/h (1–4096). Public CMS images for anyone; health files with the session or a signed URL (exp, sig)',
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
      if (f.public) noteAudit(request, { skip: true });
      else await assertMayOpen(request, reply, f);
      const original = () => readFileBytes(storage, f);
      const { bytes, cache } =
        f.kind === 'image'
          ? await resized.variant(request, f, resizeRequestOf(request.query), original)
          : { bytes: await original(), cache: 'none' as const };
      // Type and name come from the detected content, never from the uploader (docs/security.md §10f).
      return (
        reply
          .header('content-type', servedType(f.mime))
          .header('content-disposition', contentDisposition(f.name, f.mime))
          // A health file may be kept by this browser only while its link lives (no shared caches).
          .header('cache-control', f.public ? 'public, max-age=86400' : `private, max-age=${fileSigner.ttlS}`)
          .header('x-content-type-options', 'nosniff')
          .header('x-resize-cache', cache)
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      );
    },
  );
};
