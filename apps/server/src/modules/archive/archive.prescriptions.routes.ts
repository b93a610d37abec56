import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARCHIVE_PATHS,
  checkPrescription,
  checkPrescriptionBody,
  safetyWarningSchema,
  INQUIRY_PATHS,
  prescriptionListBody,
  prescriptionPageSchema,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import { writeAuditMany } from '../audit/audit.service.js';
import * as dict from './archive.dictionary.js';
import { doctor, route } from './archive.route-kit.js';
import { listPrescriptions } from './prescription-list.js';

/**
 * Prescriptions: the safety check of one being written, and the list across every case the caller
 * may open. Registered by `archiveRoutes` (archive.routes.ts).
 */
export const prescriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    ARCHIVE_PATHS.checkPrescription,
    route(doctor(), 'Safety checks of a prescription being written (十八反, 十九畏, dose, pregnancy)', {
      body: checkPrescriptionBody,
      data: z.array(safetyWarningSchema),
    }),
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
    route(doctor(), 'Prescriptions of every case I may open (search, combined query)', {
      body: prescriptionListBody,
      data: prescriptionPageSchema,
    }),
    async (request) => {
      const page = await listPrescriptions(ctx, principalOf(request), request.body);
      await writeAuditMany(db, request, 'archive.prescriptions.list', [...new Set(page.list.map((r) => r.caseId))]);
      return ok(page, request.msgLang);
    },
  );
};
