import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkCaptureFile } from './capture-check.js';
import {
  FILE_ERRORS,
  personHistorySchema,
  RECORD_ERRORS,
  RECORD_PATHS,
  recordCreateBodySchema,
  recordCreatedSchema,
  recordDetailSchema,
  recordListBodySchema,
  recordRedoBodySchema,
  recordPageSchema,
  reportLanguageSchema,
  reportQuerySchema,
  visitorCreateFieldsSchema,
  captureCheckBodySchema,
  captureCheckSchema,
  type RecordDetail,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { msgLang, ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { noteAudit } from '../audit/audit-hook.js';
import { saveFile } from '../files/files.service.js';
import { discardUploads, incomingDir, readMultipartToDisk } from '../files/multipart.js';
import { assertCanSee, canSee } from './access.js';
import { DetailCache, recordStamp, serializeData, SerializedAnswer, serializedOrZod } from './detail-cache.js';
import { streamProgress } from '../analysis/progress-events.js';
import { previewReport } from './preview.js';
import { renderRecordReport } from '../reports/report.service.js';
import { audit, findRecord, findRecordByToken, type RecordRow } from './records.repo.js';
import {
  createRecord,
  listRecords,
  personHistory,
  recordDetail,
  redoCapture,
  retryRecord,
  startRecord,
} from './records.service.js';

const tags = ['records'];
const route = routeOf(tags);
const signedIn = requireAuth({ entrances: ['member', 'doctor'] });
const idParams = z.object({ id: z.string().uuid() });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'share token') });
const pdfResponse = { 200: z.any().describe('application/pdf') };

async function sendPdf(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  r: RecordRow,
  lang: 'zh' | 'en' | undefined,
) {
  const pdf = await renderRecordReport(ctx, r, lang);
  await audit(ctx.db, {
    action: 'report.download',
    actorUserId: request.principal?.user.id ?? null,
    targetId: r.id,
    ip: request.ip,
    detail: { lang: lang ?? r.lang, via: request.principal ? 'account' : 'share-token' },
  });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="report-${r.id.slice(0, 8)}-${lang ?? r.lang}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Records: visitor capture, open share routes, signed-in create/list/detail/retry/events/report/history. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  // At most a quarter of a signed file URL's life old, and a minute: the URLs inside stay valid.
  const detailCache = new DetailCache(
    ctx.config.detailCacheMb * 1024 * 1024,
    Math.min(60_000, (ctx.config.files.urlTtlS * 1000) / 4),
  );

  const byToken = async (request: FastifyRequest, token: string) => {
    const r = await findRecordByToken(db, token);
    if (!r) throw new AppError(RECORD_ERRORS.RECORD_NOT_FOUND);
    noteAudit(request, { targetId: r.id });
    return r;
  };

  app.post(
    RECORD_PATHS.visitorCreate,
    route(
      OPEN,
      'Visitor capture (no sign-in): a record of one tongue photo, multipart `file` (PNG/JPEG/BMP ≤ 10 MB), `kind`, `lang`',
      {
        consumes: ['multipart/form-data'],
        data: recordCreatedSchema,
      },
    ),
    async (request) => {
      ctx.publicUploads.check(request);
      const body = await readMultipartToDisk(request, ['file'], incomingDir(ctx.config.dataDir));
      const parsed = visitorCreateFieldsSchema.safeParse(body.fields);
      let file;
      try {
        if (!parsed.success) throw new AppError(FILE_ERRORS.FILE_MISSING, parsed.error.issues[0]?.message);
        const part = body.files.get('file');
        if (!part) throw new AppError(FILE_ERRORS.FILE_MISSING);
        file = await saveFile(db, ctx.storage, {
          bytes: part,
          name: part.name,
          accept: { kinds: ['image'] },
          engines: ctx.engines,
        });
      } finally {
        await discardUploads(body);
      }
      const lang = parsed.data.lang ?? msgLang(request.language);
      const created = await startRecord(
        ctx,
        { source: 'visitor', kind: parsed.data.kind, files: { tongue: file.id }, lang },
        { ip: request.ip },
      );
      noteAudit(request, { targetId: created.recordId });
      return ok(created, request.msgLang);
    },
  );

  app.get(
    RECORD_PATHS.reportPreview,
    {
      schema: {
        tags,
        summary: 'Sample report (no personal data) for /checked/pdf/newPdfTestPreview, zh or en',
        querystring: reportQuerySchema,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="report-preview-${request.query.lang ?? 'zh'}.pdf"`)
        .send(await previewReport(request.query.lang ?? 'zh')),
  );

  app.get(
    RECORD_PATHS.shared(':token'),
    route(OPEN, 'A record by its share token (open: /checked/pdf)', {
      params: tokenParams,
      data: recordDetailSchema,
    }),
    async (request) =>
      ok(await recordDetail(ctx, await byToken(request, request.params.token), request.msgLang), request.msgLang),
  );

  app.get(
    RECORD_PATHS.sharedEvents(':token'),
    { schema: { tags, summary: 'Progress events (text/event-stream) by share token', params: tokenParams } },
    async (request, reply) => streamProgress(ctx, request, reply, (await byToken(request, request.params.token)).id),
  );

  app.get(
    RECORD_PATHS.sharedReport(':token'),
    {
      schema: {
        tags,
        summary: 'PDF report by share token (open: /checked/pdf/new), zh or en',
        params: tokenParams,
        querystring: reportQuerySchema,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(ctx, request, reply, await byToken(request, request.params.token), request.query.lang),
  );

  app.post(
    RECORD_PATHS.sharedRetry(':token'),
    route(OPEN, 'Retry a failed analysis by share token', {
      params: tokenParams,
      data: recordCreatedSchema,
    }),
    async (request) =>
      ok(await retryRecord(ctx, await byToken(request, request.params.token), { ip: request.ip }), request.msgLang),
  );

  app.post(
    RECORD_PATHS.create,
    route(signedIn, 'Create a record from uploaded file uuids, questionnaire answers and vitals; queues the analysis', {
      body: recordCreateBodySchema,
      data: recordCreatedSchema,
    }),
    async (request) => {
      const created = await createRecord(ctx, principalOf(request), request.body, request.ip);
      noteAudit(request, { targetId: created.recordId });
      return ok(created, request.msgLang);
    },
  );

  app.post(
    RECORD_PATHS.check,
    route(signedIn, "One uploaded capture (the caller's uuid upload) through its engine alone, at its capture step", {
      body: captureCheckBodySchema,
      data: captureCheckSchema,
    }),
    async (request) =>
      ok(await checkCaptureFile(ctx, principalOf(request), request.body, request.msgLang), request.msgLang),
  );

  app.post(
    RECORD_PATHS.list,
    {
      ...route(signedIn, 'teamRecord / deviceRecord / memberRecord with paging, search and combined query', {
        body: recordListBodySchema,
        data: recordPageSchema,
      }),
      // Compiled serializer for the page of rows (docs/server.md "List and detail CPU per call"). A
      // record's detail keeps the zod serializer: its engine outcomes are unions, which
      // fast-json-stringify resolves by validating the value against each branch, and for a long
      // pulse recording that held the event loop for 400-560 ms (records.offthread.test.ts).
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => ok(await listRecords(ctx, principalOf(request), request.body, request.msgLang), request.msgLang),
  );

  const own = async (request: FastifyRequest<{ Params: { id: string } }>) =>
    assertCanSee(principalOf(request), await findRecord(db, request.params.id));

  app.get(
    RECORD_PATHS.detail(':id'),
    {
      ...route(signedIn, 'One record with files, results and progress', { params: idParams, data: recordDetailSchema }),
      // A cached detail is already JSON (detail-cache.ts); anything else goes through zod as before.
      serializerCompiler: serializedOrZod,
    },
    async (request) => {
      const id = request.params.id;
      const stamp = await recordStamp(ctx.database.pool, id);
      if (!stamp) throw new AppError(RECORD_ERRORS.RECORD_NOT_FOUND);
      if (!canSee(principalOf(request), stamp)) throw new AppError(RECORD_ERRORS.RECORD_FORBIDDEN);
      // One entry per reader language: the conclusion is worded in it.
      const key = `${id} ${request.msgLang}`;
      let json = detailCache.get(key, stamp.stamp);
      if (json === undefined) {
        // Read after the stamp: the row is that version or newer, never older than what it is cached under.
        const r = assertCanSee(principalOf(request), await findRecord(db, id));
        json = serializeData(recordDetailSchema, await recordDetail(ctx, r, request.msgLang));
        detailCache.set(key, stamp.stamp, json);
      }
      // Typed as the schema's answer for the type provider; serializedOrZod writes it as the text it is.
      return SerializedAnswer.ok(json, request.msgLang) as unknown as ReturnType<typeof ok<RecordDetail>>;
    },
  );

  app.get(
    RECORD_PATHS.events(':id'),
    route(signedIn, 'Progress events (text/event-stream)', { params: idParams }),
    async (request, reply) => streamProgress(ctx, request, reply, (await own(request)).id),
  );

  app.post(
    RECORD_PATHS.retry(':id'),
    route(signedIn, 'Retry a failed analysis', { params: idParams, data: recordCreatedSchema }),
    async (request) =>
      ok(
        await retryRecord(ctx, await own(request), { userId: principalOf(request).user.id, ip: request.ip }),
        request.msgLang,
      ),
  );

  app.post(
    RECORD_PATHS.redo(':id'),
    route(
      signedIn,
      "Replace one capture (the maker's new uuid upload) and re-run its engine and the synthesis; the rest stays",
      { params: idParams, body: recordRedoBodySchema, data: recordCreatedSchema },
    ),
    async (request) =>
      ok(await redoCapture(ctx, principalOf(request), await own(request), request.body, request.ip), request.msgLang),
  );

  app.get(
    RECORD_PATHS.report(':id'),
    route(signedIn, 'PDF report of a done record, zh or en', {
      params: idParams,
      querystring: z.object({ lang: reportLanguageSchema.optional() }),
      produces: ['application/pdf'],
      response: pdfResponse,
    }),
    async (request, reply) => sendPdf(ctx, request, reply, await own(request), request.query.lang),
  );

  app.get(
    RECORD_PATHS.history(':id'),
    route(signedIn, "The person's records, vitals and conclusions over time", {
      params: idParams,
      data: personHistorySchema,
    }),
    async (request) =>
      ok(await personHistory(ctx, principalOf(request), await own(request), request.msgLang), request.msgLang),
  );
};
