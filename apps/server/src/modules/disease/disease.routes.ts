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
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { writeAudit } from '../audit/audit.service.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import * as svc from './disease.service.js';

const route = routeOf(['disease']);
/** The disease entrance only: every other account gets 403 here (docs/disease.md "Access"). */
const disease = requireAuth({ entrances: ['disease'] });
const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

/** The disease module: knowledge base, screenings, their PDF and statistics (docs/disease.md). */
export const diseaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

  app.get(
    DISEASE_PATHS.diseases,
    route(disease, 'The knowledge base', { data: z.array(diseaseSummarySchema) }),
    async (request) => ok(await svc.listDiseases(db, me(request)), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.disease(':id'),
    route(disease, 'One disease', { params: diseaseParams, data: diseaseDetailSchema }),
    async (request) => ok(await svc.diseaseDetail(db, request.params.id), request.msgLang),
  );

  app.put(
    DISEASE_PATHS.disease(':id'),
    route(disease, 'Save the knowledge of a disease (a new version)', {
      params: diseaseParams,
      body: diseaseSaveBody,
      data: diseaseDetailSchema,
    }),
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
    route(disease, 'Add a disease (the shipped shape: content, questions, signs)', {
      body: diseaseCreateBody,
      data: diseaseDetailSchema,
    }),
    async (request) => {
      const added = await svc.createDisease(db, me(request), request.body);
      await writeAudit(db, request, { action: 'disease.entry.create', targetId: added.id });
      return ok(added, request.msgLang);
    },
  );

  app.delete(
    DISEASE_PATHS.disease(':id'),
    route(disease, 'Delete a disease you added (shipped ones and those with screenings stay)', {
      params: diseaseParams,
      data: z.object({ deleted: z.literal(true) }),
    }),
    async (request) => {
      await svc.deleteDisease(db, me(request), request.params.id);
      await writeAudit(db, request, { action: 'disease.entry.delete', targetId: request.params.id });
      return ok({ deleted: true as const }, request.msgLang);
    },
  );

  app.get(
    DISEASE_PATHS.records,
    route(disease, "Done records of the caller's team to link", {
      querystring: linkableRecordsQuery,
      data: page(linkableRecordSchema),
    }),
    async (request) =>
      ok(await svc.linkableRecords(db, me(request), request.query.page, request.query.size), request.msgLang),
  );

  app.post(
    DISEASE_PATHS.screenings,
    route(disease, 'Screen a person for a disease', { body: screeningBody, data: screeningSchema }),
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
    route(disease, 'Screenings of the team', { querystring: screeningListQuery, data: page(screeningRowSchema) }),
    async (request) => ok(await svc.listScreenings(db, me(request), request.query), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.screening(':id'),
    route(disease, 'One screening', { params: screeningParams, data: screeningSchema }),
    async (request) => ok(await svc.getScreening(db, me(request), request.params.id), request.msgLang),
  );

  app.get(
    DISEASE_PATHS.screeningPdf(':id'),
    route(disease, 'PDF of a screening', {
      params: screeningParams,
      querystring: diseaseLangQuery,
      produces: ['application/pdf'],
    }),
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
    route(disease, 'Statistics per disease', { querystring: diseaseStatsQuery, data: diseaseStatsSchema }),
    async (request) => ok(await svc.stats(db, me(request), request.query.diseaseId), request.msgLang),
  );
};
