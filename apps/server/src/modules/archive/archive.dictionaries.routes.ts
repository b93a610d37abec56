import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARCHIVE_PATHS, formulaAddBody, formulaIdBody, herbNameBody, herbOverrideBody } from '@tcm/contract';
import { formulaEntrySchema, herbEntrySchema } from '@tcm/contract/herbs';
import { ok } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import * as dict from './archive.dictionary.js';
import { doctor, route } from './archive.route-kit.js';

/**
 * The caller's dictionaries: the herb dictionary with own overrides, the formula library with own
 * formulas. Registered by `archiveRoutes` (archive.routes.ts).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    ARCHIVE_PATHS.herbs,
    route(doctor(), "The herb dictionary (Chinese Pharmacopoeia 2020) with the caller's own overrides", {
      data: z.array(herbEntrySchema),
    }),
    async (request) => ok(await dict.herbsFor(db, principalOf(request).user.id), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.herbOverride,
    route(doctor(), 'Own dose range and pregnancy rule for a dictionary herb', {
      body: herbOverrideBody,
      data: herbEntrySchema,
    }),
    async (request) => ok(await dict.saveOverride(db, principalOf(request).user.id, request.body), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.herbOverrideRemove,
    route(doctor(), 'Back to the shipped row for a herb', { body: herbNameBody, data: herbEntrySchema }),
    async (request) =>
      ok(await dict.removeOverride(db, principalOf(request).user.id, request.body.name), request.msgLang),
  );

  app.get(
    ARCHIVE_PATHS.formulas,
    route(doctor(), "The classic formula library, then the caller's own formulas", {
      data: z.array(formulaEntrySchema),
    }),
    async (request) => ok(await dict.formulasFor(db, principalOf(request).user.id), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.addFormula,
    route(doctor(), 'Save an own formula', { body: formulaAddBody, data: formulaEntrySchema }),
    async (request) => ok(await dict.addFormula(db, principalOf(request).user.id, request.body), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.removeFormula,
    route(doctor(), 'Delete an own formula', { body: formulaIdBody, data: z.null() }),
    async (request) => {
      await dict.removeFormula(db, principalOf(request).user.id, request.body.id);
      return ok(null, request.msgLang);
    },
  );
};
