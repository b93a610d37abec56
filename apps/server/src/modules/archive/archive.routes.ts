import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  datedFileName,
  ARCHIVE_BUTTONS,
  ARCHIVE_PATHS,
  caseAddBody,
  caseDetailSchema,
  caseGroupSchema,
  caseListBody,
  casePageSchema,
  caseSummarySchema,
  checkPrescription,
  checkPrescriptionBody,
  formulaAddBody,
  formulaIdBody,
  herbNameBody,
  herbOverrideBody,
  groupAddBody,
  idsBody,
  joinGroupsBody,
  pdfQuery,
  safetyWarningSchema,
  caseUpdateBody,
  visitBody,
  visitLinkRecordBody,
  visitDetailSchema,
  INQUIRY_PATHS,
  prescriptionListBody,
  prescriptionPageSchema,
} from '@tcm/contract';
import { formulaEntrySchema, herbEntrySchema } from '@tcm/contract/herbs';
import { ok, okSchema } from '../../http/envelope.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import { caseFor } from './archive.access.js';
import { casePdf, casesXlsx, visitPdf } from './archive.export.js';
import * as dict from './archive.dictionary.js';
import { auditAcknowledgement } from './archive.safety.js';
import * as svc from './archive.service.js';
import { listPrescriptions } from './prescription-list.js';

const tags = ['archive'];
/** Archive screens are a doctor capability (spec §6): the doctor entrance, plus the toolbar's button codes. */
const doctor = (buttons: string[] = []) => requireAuth({ entrances: ['doctor'], buttons });
const idParams = z.object({ id: z.string().uuid() });
const fileResponse = { 200: z.any().describe('file bytes') };

function sendFile(reply: FastifyReply, bytes: Buffer, type: string, filename: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * The case archive of the doctor area (docs/archive.md). Every call that reads or writes a case
 * writes an audit row (modules/audit) after the access check passed.
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    ARCHIVE_PATHS.list,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Page of cases (own and shared); recycle view with deleted: true',
        body: caseListBody,
        response: { 200: okSchema(casePageSchema) },
      },
    },
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
    {
      onRequest: doctor([ARCHIVE_BUTTONS.add]),
      schema: {
        tags,
        summary: 'Create a case (addArchive)',
        body: caseAddBody,
        response: { 200: okSchema(caseSummarySchema) },
      },
    },
    async (request) => {
      const c = await svc.addCase(ctx, principalOf(request), request.body);
      await writeAudit(db, request, { action: 'archive.create', targetId: c.id });
      return ok(c, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.detail(':id'),
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'A case with every visit, linked records and prescription checks',
        params: idParams,
        response: { 200: okSchema(caseDetailSchema) },
      },
    },
    async (request) => {
      const c = await svc.caseDetail(ctx, principalOf(request), request.params.id, request.msgLang);
      await writeAudit(db, request, { action: 'archive.read', targetId: c.id });
      return ok(c, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.update(':id'),
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Change patient fields',
        params: idParams,
        body: caseUpdateBody,
        response: { 200: okSchema(caseSummarySchema) },
      },
    },
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
    {
      onRequest: doctor([ARCHIVE_BUTTONS.batchDelete]),
      schema: {
        tags,
        summary: 'Move own cases to the recycle view (deleteArchive)',
        body: idsBody,
        response: { 200: okSchema(z.object({ ids: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const ids = await svc.removeCases(ctx, principalOf(request), request.body.ids);
      await writeAuditMany(db, request, 'archive.delete', ids);
      return ok({ ids }, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.restore,
    {
      onRequest: doctor([ARCHIVE_BUTTONS.batchDelete]),
      schema: {
        tags,
        summary: 'Restore own cases deleted in the last 30 days',
        body: idsBody,
        response: { 200: okSchema(z.object({ ids: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const ids = await svc.restoreCases(ctx, principalOf(request), request.body.ids);
      await writeAuditMany(db, request, 'archive.restore', ids);
      return ok({ ids }, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.joinGroups,
    {
      onRequest: doctor([ARCHIVE_BUTTONS.group]),
      schema: {
        tags,
        summary: 'Put own cases into an own group, or out of any (groupId null)',
        body: joinGroupsBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await svc.joinGroups(ctx, principalOf(request), request.body.ids, request.body.groupId);
      await writeAuditMany(db, request, 'archive.group', request.body.ids, { groupId: request.body.groupId });
      return ok(null, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.groups,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Own groups and groups shared with the caller',
        response: { 200: okSchema(z.array(caseGroupSchema)) },
      },
    },
    async (request) => ok(await svc.groups(ctx, principalOf(request)), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.addGroup,
    {
      onRequest: doctor([ARCHIVE_BUTTONS.group]),
      schema: {
        tags,
        summary: 'New case group, shared with doctors by login name',
        body: groupAddBody,
        response: { 200: okSchema(caseGroupSchema) },
      },
    },
    async (request) => {
      const g = await svc.addGroup(ctx, principalOf(request), request.body);
      await writeAudit(db, request, {
        action: 'archive.group.create',
        targetId: g.id,
        detail: { shareWith: request.body.shareWith },
      });
      return ok(g, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.exportXlsx,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'The case list (same filters, all pages) as an Excel file',
        body: caseListBody,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: fileResponse,
      },
    },
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
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'The whole case (every visit) as one medical-record PDF, zh or en',
        params: idParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const c = await caseFor(db, p, request.params.id, 'read');
      const pdf = await casePdf(ctx, c, request.query.lang, await dict.dictionaryFor(db, p.user.id));
      await writeAudit(db, request, { action: 'archive.pdf', targetId: c.id, detail: { lang: request.query.lang } });
      return sendFile(reply, pdf, 'application/pdf', `case-${c.id.slice(0, 8)}-${request.query.lang}.pdf`);
    },
  );

  app.post(
    ARCHIVE_PATHS.addVisit(':id'),
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Add a visit (the first, then follow-ups)',
        params: idParams,
        body: visitBody,
        response: { 200: okSchema(visitDetailSchema) },
      },
    },
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
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'One visit with its linked records',
        params: idParams,
        response: { 200: okSchema(visitDetailSchema) },
      },
    },
    async (request) => {
      const v = await svc.getVisit(ctx, principalOf(request), request.params.id, request.msgLang);
      await writeAudit(db, request, { action: 'archive.visit.read', targetId: v.caseId, detail: { visitId: v.id } });
      return ok(v, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.updateVisit(':id'),
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Change a visit',
        params: idParams,
        body: visitBody,
        response: { 200: okSchema(visitDetailSchema) },
      },
    },
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
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: "Link one of the doctor's platform records (a capture made from the visit) to the visit",
        params: idParams,
        body: visitLinkRecordBody,
        response: { 200: okSchema(visitDetailSchema) },
      },
    },
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
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Medical-record PDF of one visit, zh or en',
        params: idParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
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

  app.get(
    ARCHIVE_PATHS.herbs,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: "The herb dictionary (Chinese Pharmacopoeia 2020) with the caller's own overrides",
        response: { 200: okSchema(z.array(herbEntrySchema)) },
      },
    },
    async (request) => ok(await dict.herbsFor(db, principalOf(request).user.id), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.herbOverride,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Own dose range and pregnancy rule for a dictionary herb',
        body: herbOverrideBody,
        response: { 200: okSchema(herbEntrySchema) },
      },
    },
    async (request) => ok(await dict.saveOverride(db, principalOf(request).user.id, request.body), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.herbOverrideRemove,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Back to the shipped row for a herb',
        body: herbNameBody,
        response: { 200: okSchema(herbEntrySchema) },
      },
    },
    async (request) =>
      ok(await dict.removeOverride(db, principalOf(request).user.id, request.body.name), request.msgLang),
  );

  app.get(
    ARCHIVE_PATHS.formulas,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: "The classic formula library, then the caller's own formulas",
        response: { 200: okSchema(z.array(formulaEntrySchema)) },
      },
    },
    async (request) => ok(await dict.formulasFor(db, principalOf(request).user.id), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.addFormula,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Save an own formula',
        body: formulaAddBody,
        response: { 200: okSchema(formulaEntrySchema) },
      },
    },
    async (request) => ok(await dict.addFormula(db, principalOf(request).user.id, request.body), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.removeFormula,
    {
      onRequest: doctor(),
      schema: { tags, summary: 'Delete an own formula', body: formulaIdBody, response: { 200: okSchema(z.null()) } },
    },
    async (request) => {
      await dict.removeFormula(db, principalOf(request).user.id, request.body.id);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    ARCHIVE_PATHS.checkPrescription,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Safety checks of a prescription being written (十八反, 十九畏, dose, pregnancy)',
        body: checkPrescriptionBody,
        response: { 200: okSchema(z.array(safetyWarningSchema)) },
      },
    },
    async (request) =>
      ok(
        checkPrescription(request.body.herbs, {
          pregnant: request.body.pregnant,
          dictionary: await dict.dictionaryFor(db, principalOf(request).user.id),
        }),
        request.msgLang,
      ),
  );

  app.post(
    INQUIRY_PATHS.prescriptions,
    {
      onRequest: doctor(),
      schema: {
        tags,
        summary: 'Prescriptions of every case I may open (search, combined query)',
        body: prescriptionListBody,
        response: { 200: okSchema(prescriptionPageSchema) },
      },
    },
    async (request) => {
      const page = await listPrescriptions(ctx, principalOf(request), request.body);
      await writeAuditMany(db, request, 'archive.prescriptions.list', [...new Set(page.list.map((r) => r.caseId))]);
      return ok(page, request.msgLang);
    },
  );
};
