import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARCHIVE_PATHS, pdfQuery, visitBody, visitLinkRecordBody, visitDetailSchema } from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import { writeAudit } from '../audit/audit.service.js';
import { visitPdf } from './archive.export.js';
import * as dict from './archive.dictionary.js';
import { doctor, fileResponse, idParams, route, sendFile } from './archive.route-kit.js';
import { auditAcknowledgement } from './archive.safety.js';
import * as svc from './archive.service.js';

/**
 * The visits of a case: add, open, edit, link a platform record, and one visit as a PDF.
 * Registered by `archiveRoutes` (archive.routes.ts).
 */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    ARCHIVE_PATHS.addVisit(':id'),
    route(doctor(), 'Add a visit (the first, then follow-ups)', {
      params: idParams,
      body: visitBody,
      data: visitDetailSchema,
    }),
    async (request) => {
      const { visit: v, acknowledged } = await svc.addVisit(
        ctx,
        principalOf(request),
        request.params.id,
        request.body,
        request.msgLang,
      );
      await writeAudit(db, request, { action: 'archive.visit.create', targetId: v.caseId, detail: { visitId: v.id } });
      await auditAcknowledgement(db, request, v, acknowledged);
      return ok(v, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.visit(':id'),
    route(doctor(), 'One visit with its linked records', { params: idParams, data: visitDetailSchema }),
    async (request) => {
      const v = await svc.getVisit(ctx, principalOf(request), request.params.id, request.msgLang);
      await writeAudit(db, request, { action: 'archive.visit.read', targetId: v.caseId, detail: { visitId: v.id } });
      return ok(v, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.updateVisit(':id'),
    route(doctor(), 'Change a visit', { params: idParams, body: visitBody, data: visitDetailSchema }),
    async (request) => {
      const { visit: v, acknowledged } = await svc.updateVisit(
        ctx,
        principalOf(request),
        request.params.id,
        request.body,
        request.msgLang,
      );
      await writeAudit(db, request, { action: 'archive.visit.update', targetId: v.caseId, detail: { visitId: v.id } });
      await auditAcknowledgement(db, request, v, acknowledged);
      return ok(v, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.linkRecord(':id'),
    route(doctor(), "Link one of the doctor's platform records (a capture made from the visit) to the visit", {
      params: idParams,
      body: visitLinkRecordBody,
      data: visitDetailSchema,
    }),
    async (request) => {
      const v = await svc.linkRecord(
        ctx,
        principalOf(request),
        request.params.id,
        request.body.recordId,
        request.msgLang,
      );
      await writeAudit(db, request, {
        action: 'archive.visit.linkRecord',
        targetId: v.caseId,
        detail: { visitId: v.id, recordId: request.body.recordId },
      });
      return ok(v, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.visitPdf(':id'),
    route(doctor(), 'Medical-record PDF of one visit, zh or en', {
      params: idParams,
      querystring: pdfQuery,
      produces: ['application/pdf'],
      response: fileResponse,
    }),
    async (request, reply) => {
      const p = principalOf(request);
      const { v, c } = await svc.visitFor(ctx, p, request.params.id, 'read');
      const pdf = await visitPdf(ctx, c, v, request.query.lang, await dict.dictionaryFor(db, p.user.id));
      await writeAudit(db, request, {
        action: 'archive.visit.pdf',
        targetId: c.id,
        detail: { visitId: v.id, lang: request.query.lang },
      });
      return sendFile(reply, pdf, 'application/pdf', `visit-${c.id.slice(0, 8)}-${v.number}-${request.query.lang}.pdf`);
    },
  );
};
