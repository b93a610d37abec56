import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INQUIRY_PATHS,
  fillBody,
  formDetailSchema,
  formListBody,
  formPageSchema,
  formSummarySchema,
  openFormSchema,
  sendBody,
  sentLinkSchema,
  submitBody,
  templateBody,
  templateIdBody,
  templateIdSchema,
  templateSchema,
  templateSummarySchema,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import * as svc from './inquiry.service.js';

const tags = ['inquiry'];
const route = routeOf(tags);
/** Forms and templates are archive screens: the doctor entrance (spec §6). */
const doctor = () => requireAuth({ entrances: ['doctor'] });
const idParams = z.object({ id: z.string().uuid() });
const templateParams = z.object({ id: templateIdSchema });
/** The link token: 32 random bytes, base64url (the same form as a record's share token). */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'form link token') });

/**
 * Four-diagnosis form templates and the forms of cases (docs/archive.md "Inquiry forms"). Reads
 * and writes of a case's forms are audited against the case, as every other case call is.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    INQUIRY_PATHS.templates,
    route(doctor(), 'The built-in constitution questionnaire and own templates', {
      data: z.array(templateSummarySchema),
    }),
    async (request) => ok(await svc.listTemplates(ctx, principalOf(request)), request.msgLang),
  );

  app.get(
    INQUIRY_PATHS.template(':id'),
    route(doctor(), 'A template with its definition', { params: templateParams, data: templateSchema }),
    async (request) => ok(await svc.templateFor(ctx, principalOf(request), request.params.id), request.msgLang),
  );

  app.post(
    INQUIRY_PATHS.addTemplate,
    route(doctor(), 'Create an own template', { body: templateBody, data: templateSchema }),
    async (request) => ok(await svc.addTemplate(ctx, principalOf(request), request.body), request.msgLang),
  );

  app.post(
    INQUIRY_PATHS.updateTemplate(':id'),
    route(doctor(), 'Replace an own template (forms already made keep their copy)', {
      params: idParams,
      body: templateBody,
      data: templateSchema,
    }),
    async (request) =>
      ok(await svc.updateTemplate(ctx, principalOf(request), request.params.id, request.body), request.msgLang),
  );

  app.post(
    INQUIRY_PATHS.removeTemplate,
    route(doctor(), 'Delete an own template', { body: templateIdBody, data: z.null() }),
    async (request) => {
      await svc.removeTemplate(ctx, principalOf(request), request.body.id);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    INQUIRY_PATHS.forms,
    route(doctor(), 'Forms of the cases I may open (one case with caseId)', {
      body: formListBody,
      data: formPageSchema,
    }),
    async (request) => {
      const page = await svc.listForms(ctx, principalOf(request), request.body);
      await writeAuditMany(db, request, 'archive.inquiry.list', [...new Set(page.list.map((f) => f.caseId))]);
      return ok(page, request.msgLang);
    },
  );

  app.get(
    INQUIRY_PATHS.form(':id'),
    route(doctor(), 'A form with its questions, answers and score', { params: idParams, data: formDetailSchema }),
    async (request) => {
      const f = await svc.formDetail(ctx, principalOf(request), request.params.id);
      await writeAudit(db, request, { action: 'archive.inquiry.read', targetId: f.caseId, detail: { formId: f.id } });
      return ok(f, request.msgLang);
    },
  );

  app.post(
    INQUIRY_PATHS.fill,
    route(doctor(), "The doctor fills a form for the case's patient; answers are checked and scored", {
      body: fillBody,
      data: formSummarySchema,
    }),
    async (request) => {
      const f = await svc.fillForm(ctx, principalOf(request), request.body);
      await writeAudit(db, request, { action: 'archive.inquiry.fill', targetId: f.caseId, detail: { formId: f.id } });
      return ok(f, request.msgLang);
    },
  );

  app.post(
    INQUIRY_PATHS.send,
    route(doctor(), 'A one-time link for the patient (token shown once, expires after `hours`)', {
      body: sendBody,
      data: sentLinkSchema,
    }),
    async (request) => {
      const sent = await svc.sendForm(ctx, principalOf(request), request.body);
      await writeAudit(db, request, {
        action: 'archive.inquiry.send',
        targetId: sent.form.caseId,
        detail: { formId: sent.form.id },
      });
      return ok(sent, request.msgLang);
    },
  );

  app.get(
    INQUIRY_PATHS.open(':token'),
    route(OPEN, "The patient's form by its one-time link (open: the token is the credential)", {
      params: tokenParams,
      querystring: z.object({ language: z.string().max(20).optional() }),
      data: openFormSchema,
    }),
    async (request) => ok(await svc.openLink(ctx, request.params.token), request.msgLang),
  );

  app.post(
    INQUIRY_PATHS.submit(':token'),
    route(OPEN, 'The patient submits the form once (a second submission answers 409)', {
      params: tokenParams,
      body: submitBody,
      data: z.object({ submitted: z.literal(true) }),
    }),
    async (request) => {
      const { formId, caseId } = await svc.submitLink(ctx, request.params.token, request.body.answers);
      await writeAudit(db, request, { action: 'archive.inquiry.submit', targetId: caseId, detail: { formId } });
      return ok({ submitted: true as const }, request.msgLang);
    },
  );
};
