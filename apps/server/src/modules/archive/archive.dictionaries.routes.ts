import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARCHIVE_PATHS, formulaAddBody, formulaIdBody, herbNameBody, herbOverrideBody } from '@tcm/contract';
import { formulaEntrySchema, herbEntrySchema } from '@tcm/contract/herbs';
import { ok, okSchema } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import * as dict from './archive.dictionary.js';
import { doctor, tags } from './archive.route-kit.js';

/**
 * The caller's dictionaries: the herb dictionary with own overrides, the formula library with own
 * formulas. Registered by `archiveRoutes` (archive.routes.ts).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

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
};
