import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  datedFileName,
  ARCHIVE_BUTTONS,
  ARCHIVE_PATHS,
  caseAddBody,
  caseDetailSchema,
  caseListBody,
  casePageSchema,
  caseSummarySchema,
  idsBody,
  pdfQuery,
  caseUpdateBody,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import { caseFor } from './archive.access.js';
import { casePdf, casesXlsx } from './archive.export.js';
import * as dict from './archive.dictionary.js';
import { doctor, fileResponse, idParams, route, sendFile } from './archive.route-kit.js';
import * as svc from './archive.service.js';

/**
 * The cases themselves: the list (and its recycle view), add, open, edit, delete and restore, and
 * the whole case as an Excel list or a PDF. Registered by `archiveRoutes` (archive.routes.ts).
 */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    ARCHIVE_PATHS.list,
    route(doctor(), 'Page of cases (own and shared); recycle view with deleted: true', {
      body: caseListBody,
      data: casePageSchema,
    }),
    async (request) => {
      const page = await svc.listCases(ctx, principalOf(request), request.body);
      await writeAuditMany(
        db,
        request,
        'archive.list',
        page.list.map((c) => c.id),
        { deleted: request.body.deleted },
      );
      return ok(page, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.add,
    route(doctor([ARCHIVE_BUTTONS.add]), 'Create a case (addArchive)', { body: caseAddBody, data: caseSummarySchema }),
    async (request) => {
      const c = await svc.addCase(ctx, principalOf(request), request.body);
      await writeAudit(db, request, { action: 'archive.create', targetId: c.id });
      return ok(c, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.detail(':id'),
    route(doctor(), 'A case with every visit, linked records and prescription checks', {
      params: idParams,
      data: caseDetailSchema,
    }),
    async (request) => {
      const c = await svc.caseDetail(ctx, principalOf(request), request.params.id, request.msgLang);
      await writeAudit(db, request, { action: 'archive.read', targetId: c.id });
      return ok(c, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.update(':id'),
    route(doctor(), 'Change patient fields', { params: idParams, body: caseUpdateBody, data: caseSummarySchema }),
    async (request) => {
      const c = await svc.updateCase(ctx, principalOf(request), request.params.id, request.body);
      await writeAudit(db, request, {
        action: 'archive.update',
        targetId: c.id,
        detail: { fields: Object.keys(request.body) },
      });
      return ok(c, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.remove,
    route(doctor([ARCHIVE_BUTTONS.batchDelete]), 'Move own cases to the recycle view (deleteArchive)', {
      body: idsBody,
      data: z.object({ ids: z.array(z.string()) }),
    }),
    async (request) => {
      const ids = await svc.removeCases(ctx, principalOf(request), request.body.ids);
      await writeAuditMany(db, request, 'archive.delete', ids);
      return ok({ ids }, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.restore,
    route(doctor([ARCHIVE_BUTTONS.batchDelete]), 'Restore own cases deleted in the last 30 days', {
      body: idsBody,
      data: z.object({ ids: z.array(z.string()) }),
    }),
    async (request) => {
      const ids = await svc.restoreCases(ctx, principalOf(request), request.body.ids);
      await writeAuditMany(db, request, 'archive.restore', ids);
      return ok({ ids }, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.exportXlsx,
    route(doctor(), 'The case list (same filters, all pages) as an Excel file', {
      body: caseListBody,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: fileResponse,
    }),
    async (request, reply) => {
      const p = principalOf(request);
      const bytes = await casesXlsx(ctx, p, request.body, request.msgLang);
      await writeAudit(db, request, {
        action: 'archive.export',
        detail: { format: 'xlsx', deleted: request.body.deleted },
      });
      return sendFile(
        reply,
        bytes,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        datedFileName('cases', 'xlsx'),
      );
    },
  );

  app.get(
    ARCHIVE_PATHS.casePdf(':id'),
    route(doctor(), 'The whole case (every visit) as one medical-record PDF, zh or en', {
      params: idParams,
      querystring: pdfQuery,
      produces: ['application/pdf'],
      response: fileResponse,
    }),
    async (request, reply) => {
      const p = principalOf(request);
      const c = await caseFor(db, p, request.params.id, 'read');
      const pdf = await casePdf(ctx, c, request.query.lang, await dict.dictionaryFor(db, p.user.id));
      await writeAudit(db, request, { action: 'archive.pdf', targetId: c.id, detail: { lang: request.query.lang } });
      return sendFile(reply, pdf, 'application/pdf', `case-${c.id.slice(0, 8)}-${request.query.lang}.pdf`);
    },
  );
};
