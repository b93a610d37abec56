import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FILE_ERRORS,
  HTTP_ERRORS,
  importMapping,
  importPreviewSchema,
  importResultSchema,
  importSystemBody,
  jobListBody,
  jobParamsSchema,
  poolAddBody,
  poolListBody,
  poolPageSchema,
  poolSchema,
  poolUpdateBody,
  predictBody,
  predictResultSchema,
  RESEARCH_BUTTONS as B,
  RESEARCH_PATHS as P,
  researchHomeSchema,
  researchIdsBody,
  researchJobSchema,
  researchJobSummarySchema,
  sampleListBody,
  samplePageSchema,
  sampleSchema,
  sampleUpdateBody,
  tableExportBody,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { AppError } from '../../http/app-error.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import { readMultipart } from '../files/multipart.js';
import { poolFor } from './research.access.js';
import { tableXlsx } from './research.export.js';
import * as svc from './research.service.js';

const tags = ['research'];
const route = routeOf(tags);
/** The research area is a doctor capability (spec §2, §6): the doctor entrance, plus the toolbar's button codes. */
const doctor = (buttons: string[] = []) => requireAuth({ entrances: ['doctor'], buttons });
const idParams = z.object({ id: z.string().uuid() });
const poolParams = z.object({ poolId: z.string().uuid() });
const sampleParams = poolParams.extend({ sampleId: z.string().uuid() });
const multipart = { consumes: ['multipart/form-data'] };

/** The uploaded `file` of a multipart call (and its text fields). */
async function uploaded(request: FastifyRequest) {
  const body = await readMultipart(request, ['file']);
  const file = body.files.get('file');
  if (!file) throw new AppError(FILE_ERRORS.FILE_MISSING);
  return { file, fields: body.fields };
}

function mappingOf(text: string | undefined) {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new AppError(HTTP_ERRORS.VALIDATION, 'body.mapping: JSON array of { column, key } expected');
  }
  const r = importMapping.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new AppError(HTTP_ERRORS.VALIDATION, `body.mapping.${i.path.join('.')}: ${i.message}`);
  }
  return r.data;
}

/**
 * The doctor research area (docs/research.md "Server"): pools, samples, imports and analysis
 * jobs. Every call that changes a pool or reads its samples writes an audit row after access passed.
 */
export const researchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    P.home,
    route(doctor(), "The doctor's pools, recent jobs and case counts", { data: researchHomeSchema }),
    async (request) => ok(await svc.home(db, principalOf(request)), request.msgLang),
  );

  app.post(
    P.pools,
    route(doctor(), 'Page of own pools', { body: poolListBody, data: poolPageSchema }),
    async (request) => ok(await svc.listPools(db, principalOf(request), request.body), request.msgLang),
  );

  app.post(
    P.addPool,
    route(doctor([B.addPool]), 'Create a pool (dataPool-add)', { body: poolAddBody, data: poolSchema }),
    async (request) => {
      const pool = await svc.addPool(db, principalOf(request), request.body);
      await writeAudit(db, request, { action: 'research.pool.create', targetId: pool.id });
      return ok(pool, request.msgLang);
    },
  );

  app.get(
    P.pool(':id'),
    route(doctor(), 'A pool with its variable dictionary', { params: idParams, data: poolSchema }),
    async (request) => {
      return ok(svc.toPool(await poolFor(db, principalOf(request), request.params.id)), request.msgLang);
    },
  );

  app.post(
    P.updatePool(':id'),
    route(doctor([B.editPool]), 'Rename a pool or change its dictionary (dataPool-edit)', {
      params: idParams,
      body: poolUpdateBody,
      data: poolSchema,
    }),
    async (request) => {
      const pool = await svc.updatePool(db, principalOf(request), request.params.id, request.body);
      await writeAudit(db, request, { action: 'research.pool.update', targetId: pool.id });
      return ok(pool, request.msgLang);
    },
  );

  app.post(
    P.removePools,
    route(doctor([B.deletePools]), 'Delete own pools with their samples and jobs (dataPool-batch-delete)', {
      body: researchIdsBody,
      data: z.object({ ids: z.array(z.string()) }),
    }),
    async (request) => {
      const ids = await svc.removePools(db, principalOf(request), request.body.ids);
      await writeAuditMany(db, request, 'research.pool.delete', ids);
      return ok({ ids }, request.msgLang);
    },
  );

  app.post(
    P.samples(':poolId'),
    route(doctor(), "Page of a pool's samples; combined query over variable keys and source", {
      params: poolParams,
      body: sampleListBody,
      data: samplePageSchema,
    }),
    async (request) =>
      ok(await svc.listSamples(db, principalOf(request), request.params.poolId, request.body), request.msgLang),
  );

  app.post(
    P.updateSample(':poolId', ':sampleId'),
    route(doctor([B.editItem]), "Change a sample's values (dataPoolItem-edit); null clears one", {
      params: sampleParams,
      body: sampleUpdateBody,
      data: sampleSchema,
    }),
    async (request) => {
      const { poolId, sampleId } = request.params;
      const s = await svc.updateSample(db, principalOf(request), poolId, sampleId, request.body.values);
      await writeAudit(db, request, { action: 'research.sample.update', targetId: s.id, detail: { poolId } });
      return ok(s, request.msgLang);
    },
  );

  app.post(
    P.removeSamples(':poolId'),
    route(doctor([B.deleteItems]), 'Delete samples of a pool (dataPoolItem-batch-delete)', {
      params: poolParams,
      body: researchIdsBody,
      data: z.object({ deleted: z.number().int() }),
    }),
    async (request) => {
      const deleted = await svc.removeSamples(db, principalOf(request), request.params.poolId, request.body.ids);
      await writeAuditMany(db, request, 'research.sample.delete', request.body.ids, { poolId: request.params.poolId });
      return ok({ deleted }, request.msgLang);
    },
  );

  app.post(
    P.importSystem(':poolId'),
    route(doctor([B.systemItems]), 'Import own platform records and case-archive visits (dataPoolItem-system)', {
      params: poolParams,
      body: importSystemBody,
      data: importResultSchema,
    }),
    async (request) => {
      const r = await svc.importSystem(db, principalOf(request), request.params.poolId, request.body.sources);
      await writeAudit(db, request, {
        action: 'research.import.system',
        targetId: request.params.poolId,
        detail: { imported: r.imported },
      });
      return ok(r, request.msgLang);
    },
  );

  app.post(
    P.importPreview(':poolId'),
    route(doctor([B.importItems]), 'Columns and first rows of a CSV / Excel file, for the mapping: multipart `file`', {
      ...multipart,
      params: poolParams,
      data: importPreviewSchema,
    }),
    async (request) => {
      const { file } = await uploaded(request);
      return ok(
        await svc.previewFile(db, principalOf(request), request.params.poolId, file.bytes, file.name),
        request.msgLang,
      );
    },
  );

  app.post(
    P.importFile(':poolId'),
    route(
      doctor([B.importItems]),
      'Import a CSV / Excel file (dataPoolItem-import): multipart `file` + `mapping` (JSON); any bad row imports nothing',
      { ...multipart, params: poolParams, data: importResultSchema },
    ),
    async (request) => {
      const { file, fields } = await uploaded(request);
      const mapping = mappingOf(fields.mapping);
      const r = await svc.importFile(db, principalOf(request), request.params.poolId, file.bytes, file.name, mapping);
      await writeAudit(db, request, {
        action: 'research.import.file',
        targetId: request.params.poolId,
        detail: { imported: r.imported, file: file.name },
      });
      return ok(r, request.msgLang);
    },
  );

  app.post(
    P.startJob(':poolId'),
    route(doctor(), 'Start an analysis of the pool as a background job', {
      params: poolParams,
      body: jobParamsSchema,
      data: researchJobSchema,
    }),
    async (request) => {
      const job = await svc.startJob(db, ctx.research, principalOf(request), request.params.poolId, request.body);
      await writeAudit(db, request, { action: 'research.job.start', targetId: job.id, detail: { kind: job.kind } });
      return ok(job, request.msgLang);
    },
  );

  app.post(
    P.jobs,
    route(doctor(), 'Own jobs, newest first', { body: jobListBody, data: z.array(researchJobSummarySchema) }),
    async (request) => ok(await svc.listJobs(db, principalOf(request), request.body), request.msgLang),
  );

  app.get(
    P.job(':id'),
    route(doctor(), 'A job: status, progress (poll it), result when done', {
      params: idParams,
      data: researchJobSchema,
    }),
    async (request) => ok(await svc.jobDetail(db, principalOf(request), request.params.id), request.msgLang),
  );

  app.post(
    P.predict(':id'),
    route(doctor(), "Predict samples with a finished classification job's model", {
      params: idParams,
      body: predictBody,
      data: predictResultSchema,
    }),
    async (request) =>
      ok(await svc.predictRecords(db, principalOf(request), request.params.id, request.body.records), request.msgLang),
  );

  app.post(
    P.predictFile(':id'),
    route(doctor(), 'Predict the rows of a CSV / Excel file (header = variable keys): multipart `file`', {
      ...multipart,
      params: idParams,
      data: predictResultSchema,
    }),
    async (request) => {
      const { file } = await uploaded(request);
      return ok(
        await svc.predictFile(db, principalOf(request), request.params.id, file.bytes, file.name),
        request.msgLang,
      );
    },
  );

  app.post(
    P.exportXlsx,
    route(doctor(), 'A table of a research screen as an Excel workbook', {
      body: tableExportBody,
      response: { 200: z.any().describe('xlsx bytes') },
    }),
    async (request, reply) => {
      const bytes = await tableXlsx(request.body);
      const file = encodeURIComponent(`${request.body.name}.xlsx`);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${file}`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
