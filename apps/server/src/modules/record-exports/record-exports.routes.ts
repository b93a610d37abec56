import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECORD_EXPORT_PATHS, datedFileName, recordExportBodySchema, recordZipBodySchema } from '@tcm/contract';
import { principalOf, requireAuth } from '../auth/guard.js';
import { audit } from '../records/records.repo.js';
import { recordsXlsx } from './records-xlsx.js';
import { streamReportsZip, zipSelection } from './reports-zip.js';
import { routeOf } from '../../http/route.js';

const route = routeOf(['records']);
const member = requireAuth({ entrances: ['member'] });
const fileResponse = { 200: z.any().describe('file bytes') };

/** Exports of the member-area record lists (docs/member.md "Records: exports"). */
export const recordExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    RECORD_EXPORT_PATHS.xlsx,
    route(member, 'The filtered record list (same filter as the list, every page) as an Excel file', {
      body: recordExportBodySchema,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: fileResponse,
    }),
    async (request, reply) => {
      const p = principalOf(request);
      const { bytes, rows } = await recordsXlsx(
        ctx,
        p,
        request.body,
        request.body.lang ?? request.msgLang,
        request.msgLang,
      );
      await audit(ctx.db, {
        action: 'record.export',
        actorUserId: p.user.id,
        ip: request.ip,
        detail: { format: 'xlsx', scope: request.body.scope, rows },
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${datedFileName(request.body.scope, 'xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.post(
    RECORD_EXPORT_PATHS.zip,
    route(member, 'PDF reports of the filtered (or ticked) done records as one ZIP, streamed', {
      body: recordZipBodySchema,
      produces: ['application/zip'],
      response: fileResponse,
    }),
    async (request, reply) => {
      const p = principalOf(request);
      // Every refusal (403, 400 too many, 404 nothing done) happens here, before the first byte.
      const { cond, total } = await zipSelection(ctx, p, request.body, request.msgLang);
      const { zip, abort } = streamReportsZip(ctx, cond, request.body.lang, (written, failed) => {
        void audit(ctx.db, {
          action: 'record.export',
          actorUserId: p.user.id,
          ip: request.ip,
          detail: { format: 'zip', scope: request.body.scope, reports: written, failed },
        }).catch((e: Error) => request.log.error(e, 'export audit'));
      });
      // The response's close: finished, or the client went away mid-download.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort();
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${datedFileName('reports', 'zip')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-report-count', String(total))
        .send(zip);
    },
  );
};
