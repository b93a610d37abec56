import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  datedFileName,
  CONTENT_BUTTONS,
  CONTENT_PATHS,
  contentListQuery,
  enquiry,
  enquiryListBody,
  enquiryPage,
  enquirySubmitBody,
  enquiryStatus,
  enquiryUpdateBody,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import { writeAudit } from '../audit/audit.service.js';
import { enquiriesXlsx } from './enquiry-export.js';
import * as svc from './enquiry.service.js';

const tags = ['enquiries'];
const route = routeOf(tags);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The public cooperation form and the back-office inbox (docs/site.md). */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.post(
    CONTENT_PATHS.portalEnquiry,
    route(OPEN, 'Send a cooperation enquiry (no sign-in; limited per client address and hour)', {
      body: enquirySubmitBody,
      data: z.object({ id: z.number().int() }),
    }),
    async (request) =>
      ok(
        await svc.submitEnquiry(db, request.body, {
          ip: request.ip,
          lang: request.msgLang,
          perHour: config.enquiriesPerHour,
        }),
        request.msgLang,
      ),
  );

  app.post(
    CONTENT_PATHS.enquiryList,
    route(requireSys([CONTENT_BUTTONS.enquiryView]), 'The inbox, newest first (button enquiry-view)', {
      querystring: contentListQuery,
      body: enquiryListBody,
      data: enquiryPage,
    }),
    async (request) => ok(await svc.listEnquiries(db, { ...request.query, ...request.body }), request.msgLang),
  );

  app.post(
    CONTENT_PATHS.enquiryUpdate,
    route(requireSys([CONTENT_BUTTONS.enquiryEdit]), 'Set the status and/or note', {
      body: enquiryUpdateBody,
      data: enquiry,
    }),
    async (request) => {
      const e = await svc.updateEnquiry(db, request.body);
      await writeAudit(db, request, { action: 'enquiry.update', targetId: String(e.id), detail: { status: e.status } });
      return ok(e, request.msgLang);
    },
  );

  app.get(
    CONTENT_PATHS.enquiryExport,
    route(requireSys([CONTENT_BUTTONS.enquiryExport]), 'The inbox as an Excel file (optionally one status)', {
      querystring: z.object({ status: enquiryStatus.optional() }),
      produces: [XLSX],
      response: { 200: z.any().describe('file bytes') },
    }),
    async (request, reply) => {
      const bytes = await enquiriesXlsx(await svc.allEnquiries(db, request.query.status), request.msgLang);
      await writeAudit(db, request, { action: 'enquiry.export', detail: { status: request.query.status ?? null } });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${datedFileName('enquiries', 'xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
