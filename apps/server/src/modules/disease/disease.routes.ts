import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISEASE_PATHS,
  diseaseCreateBody,
  diseaseDetailSchema,
  diseaseLangQuery,
  diseaseParams,
  diseaseSaveBody,
  diseaseStatsQuery,
  diseaseStatsSchema,
  diseaseSummarySchema,
  linkableRecordSchema,
  linkableRecordsQuery,
  screeningBody,
  screeningListQuery,
  screeningParams,
  screeningRowSchema,
  screeningSchema,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { writeAudit } from '../audit/audit.service.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import * as svc from './disease.service.js';

const tags = ['disease'];
/** The disease entrance only: every other account gets 403 here (docs/disease.md "Access"). */
const disease = requireAuth({ entrances: ['disease'] });
const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

/** The disease module: knowledge base, screenings, their PDF and statistics (docs/disease.md). */
export const diseaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

  app.get(
    DISEASE_PATHS.diseases,
    {
      onRequest: disease,
      schema: { tags, summary: 'The knowledge base', response: { 200: okSchema(z.array(diseaseSummarySchema)) } },
    },
    async (request) => ok(await svc.listDiseases(db, me(request)), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.disease(':id'),
    {
      onRequest: disease,
      schema: { tags, summary: 'One disease', params: diseaseParams, response: { 200: okSchema(diseaseDetailSchema) } },
    },
    async (request) => ok(await svc.diseaseDetail(db, request.params.id), request.msgLang),
  );

  app.put(
    DISEASE_PATHS.disease(':id'),
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Save the knowledge of a disease (a new version)',
        params: diseaseParams,
        body: diseaseSaveBody,
        response: { 200: okSchema(diseaseDetailSchema) },
      },
    },
    async (request) => {
      const saved = await svc.saveDisease(db, me(request), request.params.id, request.body);
      await writeAudit(db, request, {
        action: 'disease.entry.save',
        targetId: saved.id,
        detail: { version: saved.version },
      });
      return ok(saved, request.msgLang);
    },
  );

  app.post(
    DISEASE_PATHS.diseases,
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Add a disease (the shipped shape: content, questions, signs)',
        body: diseaseCreateBody,
        response: { 200: okSchema(diseaseDetailSchema) },
      },
    },
    async (request) => {
      const added = await svc.createDisease(db, me(request), request.body);
      await writeAudit(db, request, { action: 'disease.entry.create', targetId: added.id });
      return ok(added, request.msgLang);
    },
  );

  app.delete(
    DISEASE_PATHS.disease(':id'),
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Delete a disease you added (shipped ones and those with screenings stay)',
        params: diseaseParams,
        response: { 200: okSchema(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await svc.deleteDisease(db, me(request), request.params.id);
      await writeAudit(db, request, { action: 'disease.entry.delete', targetId: request.params.id });
      return ok({ deleted: true as const }, request.msgLang);
    },
  );

  app.get(
    DISEASE_PATHS.records,
    {
      onRequest: disease,
      schema: {
        tags,
        summary: "Done records of the caller's team to link",
        querystring: linkableRecordsQuery,
        response: { 200: okSchema(page(linkableRecordSchema)) },
      },
    },
    async (request) =>
      ok(await svc.linkableRecords(db, me(request), request.query.page, request.query.size), request.msgLang),
  );

  app.post(
    DISEASE_PATHS.screenings,
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Screen a person for a disease',
        body: screeningBody,
        response: { 200: okSchema(screeningSchema) },
      },
    },
    async (request) => {
      const s = await svc.createScreening(db, me(request), request.body);
      await writeAudit(db, request, {
        action: 'disease.screening.create',
        targetId: s.id,
        detail: { records: s.recordIds },
      });
      return ok(s, request.msgLang);
    },
  );

  app.get(
    DISEASE_PATHS.screenings,
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Screenings of the team',
        querystring: screeningListQuery,
        response: { 200: okSchema(page(screeningRowSchema)) },
      },
    },
    async (request) => ok(await svc.listScreenings(db, me(request), request.query), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.screening(':id'),
    {
      onRequest: disease,
      schema: { tags, summary: 'One screening', params: screeningParams, response: { 200: okSchema(screeningSchema) } },
    },
    async (request) => ok(await svc.getScreening(db, me(request), request.params.id), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.screeningPdf(':id'),
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'PDF of a screening',
        params: screeningParams,
        querystring: diseaseLangQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.msgLang;
      const pdf = await svc.screeningPdf(db, me(request), request.params.id, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="screening-${request.params.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    DISEASE_PATHS.stats,
    {
      onRequest: disease,
      schema: {
        tags,
        summary: 'Statistics per disease',
        querystring: diseaseStatsQuery,
        response: { 200: okSchema(diseaseStatsSchema) },
      },
    },
    async (request) => ok(await svc.stats(db, me(request), request.query.diseaseId), request.msgLang),
  );
};
