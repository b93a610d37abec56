import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  datedFileName,
  AUDIT_BUTTONS,
  AUDIT_ERRORS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PATHS,
  auditExportBody,
  auditListBody,
  auditPage,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import { writeAudit } from './audit.service.js';
import { auditXlsx } from './audit-export.js';
import { auditPage as readPage, auditRows } from './audit.repo.js';

// Back-office only (requireSys), and only with the page's button codes: the admin role (all access) holds them.
const route = routeOf(['audit']);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The audit log screen of the back-office (docs/security.md §11). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.post(
    AUDIT_PATHS.list,
    route(requireSys([AUDIT_BUTTONS.view]), 'The audit log by who, entity, action and time range, newest first', {
      body: auditListBody,
      data: auditPage,
    }),
    async (request) => {
      const { page, size, ...q } = request.body;
      const found = await readPage(db, q, page, size);
      return ok({ ...found, retentionDays: config.audit.retentionDays }, request.msgLang);
    },
  );

  app.post(
    AUDIT_PATHS.exportXlsx,
    route(
      requireSys([AUDIT_BUTTONS.export]),
      `The same query as an Excel file (at most ${AUDIT_EXPORT_MAX_ROWS} rows)`,
      {
        body: auditExportBody,
        produces: [XLSX],
        response: { 200: z.any().describe('file bytes') },
      },
    ),
    async (request, reply) => {
      const { lang, ...q } = request.body;
      const rows = await auditRows(db, q, AUDIT_EXPORT_MAX_ROWS);
      if (rows.length > AUDIT_EXPORT_MAX_ROWS) throw new AppError(AUDIT_ERRORS.AUDIT_EXPORT_TOO_LARGE);
      const bytes = await auditXlsx(rows, lang ?? request.msgLang);
      // Reading the log is itself an access to who saw which health data.
      await writeAudit(db, request, { action: 'audit.export', detail: { rows: rows.length, query: q } });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${datedFileName('audit', 'xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
